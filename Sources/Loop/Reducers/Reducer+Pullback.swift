extension Reducer {
  /// Lifts a child feature's reducer so it runs on a part of the parent's state, for the
  /// parent actions that wrap a child action.
  ///
  /// Parent actions of other cases pass through untouched; the child's effects are mapped back
  /// into parent actions.
  ///
  /// ```swift
  /// struct AppState { var counter = Counter.State() }
  /// enum AppAction: Sendable { case counter(Counter.Action) }
  ///
  /// let appReducer: Reducer<AppState, AppAction, Void> = Counter.reducer.pullback(
  ///   state: \.counter,
  ///   action: CasePath(embed: AppAction.counter, extract: { if case let .counter(a) = $0 { a } else { nil } }),
  ///   environment: { _ in () }
  /// )
  /// ```
  ///
  /// - Complexity: O(1) per action beyond the child's own work.
  @inlinable
  public func pullback<ParentState, ParentAction, ParentEnvironment>(
    state toChildState: WritableKeyPath<ParentState, State>,
    action toChildAction: CasePath<ParentAction, Action>,
    environment toChildEnvironment: @escaping (ParentEnvironment) -> Environment = sameEnvironment()
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    let body = self.body
    let childPath = StoredPath(toChildState)
    return .init { parentState, parentAction, parentEnvironment in
      guard let childAction = toChildAction.extract(from: parentAction) else { return .none }
      let effect = childPath.modify(&parentState) {
        body(&$0, childAction, toChildEnvironment(parentEnvironment))
      }
      // NB: Checked first so the common `.none` builds no closure: no allocation per action.
      if case .none = effect.storage { return .none }
      return effect.map(toChildAction.embed)
    }
  }
}
