extension Reducer {
  /// Adds a step that runs after this reducer when an action changed a part of the state, with
  /// the value before and after; it may change the state further and return an effect.
  ///
  /// As TCA's `onChange(of:)`: the value is compared with `==`, so an action that sets it to
  /// what it was does not trigger the step, and changes the step itself makes do not trigger
  /// it again.
  ///
  /// ```swift
  /// let saving = settingsReducer.onChange(of: \.isDarkMode) { _, isDarkMode, state, _, environment in
  ///   state.lastSaved = isDarkMode
  ///   return .run { _ in await environment.save(isDarkMode) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - value: The part of the state to watch, e.g. a key path.
  ///   - body: Runs when it changed: the old value, the new one, then the state (after this
  ///     reducer), the action and the environment. Its effect is merged with this reducer's.
  /// - Complexity: Two reads of `value` and one `==` per action, beyond `body`.
  @inlinable
  public func onChange<Value: Equatable>(
    of value: @escaping (State) -> Value,
    _ body:
      @escaping (
        _ oldValue: Value, _ newValue: Value, _ state: inout State, _ action: Action,
        _ environment: Environment
      ) -> Effect<Action>
  ) -> Self {
    let reduce = self.body
    return Self { state, action, environment in
      let oldValue = value(state)
      var effect = reduce(&state, action, environment)
      let newValue = value(state)
      guard oldValue != newValue else { return effect }
      effect.merge(with: body(oldValue, newValue, &state, action, environment))
      return effect
    }
  }
}
