extension Store {
  /// The state, for a `switch` over the cases of an enum state that observes only which case it
  /// shows: TCA's `switch store.case`, without a macro.
  ///
  /// ```swift
  /// switch store.case {
  /// case .login:
  ///   if let login = store.scope(state: State.login, action: Action.login) {
  ///     LoginView(store: login)
  ///   }
  /// case .game:
  ///   if let game = store.scope(state: State.game, action: Action.game) { GameView(store: game) }
  /// }
  /// ```
  ///
  /// Called while observing (a view's body), it observes the state's case and, when the case's
  /// value is `Identifiable`, its `id`: the view is told when the state moves to another case
  /// or the case gets a value of another `id` — never when the value edits itself. The switch
  /// stays exhaustive. Show a case's content through its scoped store, which observes the
  /// case's own fields; a value bound in the switch (`case let .login(state)`) is not observed.
  ///
  /// For a state that is not an enum, this is ``state``, observing the whole state.
  ///
  /// - Complexity: O(1) to read; after a send, while observed, one tag read and, for a case
  ///   with a value, a `Mirror` of the state.
  public var `case`: State {
    let state = untrackedState
    guard let layout = EnumLayout(State.self), !layout.isOptional else { return self.state }
    let shownCase = StoreKeyPaths.keyPath(.shownCase) { \Store.shownCase }
    observe(
      shownCase, tracked: { shownCase }, read: { { CasePresence(of: $0, layout) } },
      seen: CasePresence(of: state, layout))
    return state
  }

  /// What Observation tracks ``case`` under.
  nonisolated var shownCase: Bool { false }
}
