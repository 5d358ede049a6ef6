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
  /// - A dialog in a destination enum (`case alert(AlertState<Alert>)`) goes away after any of
  ///   its actions, once the parent has run, as a dialog presented on its own does, and as in
  ///   TCA; a parent that puts another dialog there keeps it.
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
  /// .presents(state: \.details, action: Action.details, then: Details.reducer)
  /// ```
  ///
  /// Presenting a child of another `id` over a presented one ends the first one's effects too.
  /// A child that is not `Identifiable` is told apart by presence only: presenting another
  /// over a presented one, without dismissing it first, keeps the first one's effects.
  @inlinable
  public func presents<ChildState, ChildAction, ChildEnvironment>(
    state toChild: WritableKeyPath<State, ChildState?>,
    action toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>,
    environment toChildEnvironment: @escaping (Environment) -> ChildEnvironment = sameEnvironment(),
    then child: Reducer<ChildState, ChildAction, ChildEnvironment>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    let identity = ChildIdentity<ChildState>().of
    let childPath = StoredPath(toChild)
    let parent = self.body
    let canBeDialog = DialogPresence.canBeDialog(ChildState.self)
    // NB: A dialog whose state cannot be compared is taken for the one that was there, if it
    // is still a dialog.
    let isSameDialog = duplicateCheck(for: ChildState.self, ifNotEquatable: true)
    let dismissing = Self { state, action, environment in
      let presentation = toPresentationAction.extract(from: action)
      let isDismiss = if case .dismiss? = presentation { true } else { false }
      // NB: A dialog — the child itself, or the case of a destination enum it is in — goes
      // away after any of its actions, after the parent ran, as in TCA; unless the parent put
      // another there.
      let dialog: ChildState? =
        if canBeDialog, case .presented? = presentation, let child = state[keyPath: toChild],
          DialogPresence.isDialog(child)
        { child } else { nil }
      // NB: As TCA does, before the parent runs: nothing was presented to dismiss.
      if isDismiss, state[keyPath: toChild] == nil, !ChildLifetimeID.isOutlivingSend {
        reportRuntimeWarning(
          """
          A presented child received "dismiss" when it was not presented.

          This is usually a sign that something dismissed it twice, or sent "dismiss" after \
          the parent had already set the child to nil. To fix, send "dismiss" only while the \
          child is presented. (reducer made at \(fileID):\(line))
          """)
      }
      let effect = parent(&state, action, environment)
      if isDismiss {
        state[keyPath: toChild] = nil
      } else if let dialog, let after = state[keyPath: toChild], isSameDialog(dialog, after),
        DialogPresence.isDialog(after)
      {
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
      read: childPath.read, key: identity,
      modify: { state, body in childPath.modify(&state) { $0.modifyIfPresent(body) } },
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
