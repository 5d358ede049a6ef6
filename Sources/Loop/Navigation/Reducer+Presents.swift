extension Reducer {
  /// Presents an optional child feature — a sheet, a popover, a detail screen — that can be
  /// dismissed by the parent, by the user, or by the child itself.
  ///
  /// It is `ifLet(state:action:environment:then:)` with dismissal:
  /// - `.presented(childAction)` runs the child (then the parent); an action for an absent
  ///   child is a runtime warning.
  /// - `.dismiss` runs the parent, then sets the child's state to `nil`.
  /// - The child asks to be dismissed with ``Effect/dismiss`` (from its reducer) or
  ///   ``dismiss()`` (inside an effect), knowing nothing of its parent: that sends `.dismiss`.
  /// - However the child goes, every effect it started is cancelled and nothing it sends
  ///   reaches the store.
  ///
  /// ```swift
  /// static let reducer = Reducer<State, Action, Environment> { state, action, _ in
  ///   switch action {
  ///   case let .detailsTapped(id):
  ///     state.details = Details.State(id: id)
  ///     return .none
  ///   case .details:
  ///     return .none
  ///   }
  /// }
  /// .presents(state: \.details, action: Action.details, environment: { $0 }, then: Details.reducer)
  /// ```
  @inlinable
  public func presents<ChildState, ChildAction, ChildEnvironment>(
    state toChild: WritableKeyPath<State, ChildState?>,
    action toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>,
    environment toChildEnvironment: @escaping (Environment) -> ChildEnvironment,
    then child: Reducer<ChildState, ChildAction, ChildEnvironment>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    let parent = self.body
    let dismissing = Self { state, action, environment in
      let effect = parent(&state, action, environment)
      if case .dismiss? = toPresentationAction.extract(from: action) {
        state[keyPath: toChild] = nil
      }
      return effect
    }
    let toChildAction = CasePath<Action, ChildAction>(
      embed: { toPresentationAction.embed(.presented($0)) },
      extract: {
        guard case let .presented(action)? = toPresentationAction.extract(from: $0) else {
          return nil
        }
        return action
      })
    let dismissAction = toPresentationAction.embed(.dismiss)
    return dismissing.withChild(
      scope: AnyHashable(toChild),
      identity: { $0[keyPath: toChild] == nil ? nil : true },
      modify: { state, body in state[keyPath: toChild].modifyIfPresent(body) },
      action: toChildAction, environment: toChildEnvironment, child: child,
      absent: { childAction in
        """
        A presented child received an action when it was not presented: \(childAction)

        This is usually a sign that something sent the child an action after it was \
        dismissed: its own effects end with it. To fix, send the action only while the child \
        is presented. (reducer made at \(fileID):\(line))
        """
      },
      decorate: { $0.dismissing(with: dismissAction) })
  }
}
