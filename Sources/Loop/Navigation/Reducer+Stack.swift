extension Reducer {
  /// Runs a navigation stack of child screens: routes each screen's actions by id, pops on
  /// `.popFrom(id:)`, and ends a screen's effects when it is popped.
  ///
  /// It is the parent-level `forEach(state:action:environment:element:)` over the stack's
  /// screens, with:
  /// - `.element(id:action:)` running the screen `id` (then the parent); an action for a screen
  ///   that is not on the stack is a runtime warning;
  /// - `.popFrom(id:)` running the parent, then popping that screen and all above it (a runtime
  ///   warning, and no pop, when no screen has that id);
  /// - `.push(id:state:)` running the parent, then pushing the screen under that id (a
  ///   runtime warning, and no push, when a screen already has it);
  /// - a screen dismissing itself (``Effect/dismiss``, ``dismiss()``) sending `.popFrom(id:)`;
  /// - every popped screen's effects cancelled, whatever popped it (`popLast()`,
  ///   `pop(to:)`, `removeAll()` in the parent, or `.popFrom(id:)`).
  ///
  /// ```swift
  /// static let reducer = Reducer<State, Action, Environment> { state, action, _ in
  ///   switch action {
  ///   case let .showMovie(id):
  ///     state.path.append(.movie(MovieScreen.State(id: id)))
  ///     return .none
  ///   case .path:
  ///     return .none
  ///   }
  /// }
  /// .stack(state: \.path, action: Action.path, element: Screen.reducer)
  /// ```
  ///
  /// - Complexity: as `forEach`: O(1) per action when no screen was popped.
  @inlinable
  public func stack<ElementState, ElementAction, ElementEnvironment>(
    state toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CasePath<Action, StackAction<ElementState, ElementAction>>,
    environment toElementEnvironment: @escaping (Environment) -> ElementEnvironment =
      sameEnvironment(),
    element: Reducer<ElementState, ElementAction, ElementEnvironment>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    let parent = self.body
    let popping = Self { state, action, environment in
      let effect = parent(&state, action, environment)
      switch toStackAction.extract(from: action) {
      case let .popFrom(id)?:
        guard state[keyPath: toStack].ids.contains(id) else {
          reportRuntimeWarning(
            """
            A stack was asked to pop from the screen \(id), which is not on it \
            (\(fileID):\(line)).

            Nothing was popped. A screen is popped once: a second pop of it (a dismissal sent \
            twice, a stale view), or a pop of a screen the parent already removed, finds nothing. \
            To fix, pop from an id the stack holds (`path.ids`), or check it first.
            """)
          return effect
        }
        state[keyPath: toStack].pop(from: id)
      case let .push(id, screen)?:
        if !state[keyPath: toStack].push(screen, id: id) {
          reportRuntimeWarning(
            """
            A stack was asked to push a screen under the id \(id), which a screen on it already \
            has (\(fileID):\(line)).

            Nothing was pushed: ids stay unique. To fix, push under the stack's next id, \
            `path.nextID`, as a view reads it just before it sends the push.
            """)
        }
      case .element?, nil:
        break
      }
      return effect
    }
    let toElementAction = CasePath<Action, (StackElementID, ElementAction)>(
      embed: { toStackAction.embed(.element(id: $0.0, action: $0.1)) },
      extract: {
        guard case let .element(id, action)? = toStackAction.extract(from: $0) else {
          return nil
        }
        return (id, action)
      })
    let screen = Reducer<StackElement<ElementState>, ElementAction, ElementEnvironment> {
      screen, action, environment in
      element.reduce(into: &screen.state, action: action, environment: environment)
    }
    return popping.forEach(
      state: toStack.appending(path: \.elements), action: toElementAction,
      environment: toElementEnvironment, element: screen,
      decorate: { id, effect in effect.dismissing(with: toStackAction.embed(.popFrom(id: id))) },
      fileID: fileID, line: line)
  }
}
