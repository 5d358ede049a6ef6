extension Reducer {
  /// Runs this reducer on the one element of an ``IdentifiedArray`` that a parent action
  /// names by id.
  ///
  /// The parent action carries `(id, childAction)`; the child's effects come back wrapped with
  /// the same id. An action for an id that is not in the array (say, a row that was just
  /// deleted) is reported as a runtime warning and ignored.
  ///
  /// ```swift
  /// let todos: Reducer<AppState, AppAction, Void> = Todo.reducer.forEach(
  ///   state: \.todos,
  ///   action: CasePath(embed: AppAction.todo, extract: { if case let .todo(id, a) = $0 { (id, a) } else { nil } }),
  ///   environment: { _ in () }
  /// )
  /// ```
  ///
  /// - Complexity: O(1) per action beyond the child's own work: one dictionary lookup. The
  ///   key path and closures are resolved once, when this reducer is built.
  @inlinable
  public func forEach<ParentState, ParentAction, ParentEnvironment, ID: Hashable & Sendable>(
    state toElements: WritableKeyPath<ParentState, IdentifiedArray<ID, State>>,
    action toElementAction: CasePath<ParentAction, (ID, Action)>,
    environment toElementEnvironment: @escaping (ParentEnvironment) -> Environment,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    let body = self.body
    return .init { parentState, parentAction, parentEnvironment in
      guard let (id, action) = toElementAction.extract(from: parentAction) else { return .none }
      let effect = parentState[keyPath: toElements].elementsByID[id].modifyIfPresent {
        body(&$0, action, toElementEnvironment(parentEnvironment))
      }
      guard let effect else {
        reportRuntimeWarning(
          """
          A forEach reducer received an action for an element that is not in the array: \
          id \(id), action \(action)

          This is usually a sign that an effect outlived the element it was for. \
          To fix, cancel an element's effects when you remove it. \
          (reducer made at \(fileID):\(line))
          """)
        return .none
      }
      // NB: Checked first so the common `.none` builds no closure: no allocation per action.
      if case .none = effect.storage { return .none }
      return effect.map { toElementAction.embed((id, $0)) }
    }
  }
}
