extension Reducer {
  /// Adds a step that runs after this reducer, sees the new state and the action, and may
  /// add an effect — without changing the state.
  ///
  /// Use it for analytics, persistence or logging that must not alter behaviour:
  ///
  /// ```swift
  /// let tracked = appReducer.middleware { state, action, environment in
  ///   .run { _ in await environment.analytics.track("\(action)") }
  /// }
  /// ```
  ///
  /// - Complexity: O(1) per action beyond `body`.
  @inlinable
  public func middleware(
    _ body: @escaping (State, Action, Environment) -> Effect<Action>
  ) -> Self {
    let reduce = self.body
    return Self { state, action, environment in
      var effect = reduce(&state, action, environment)
      effect.merge(with: body(state, action, environment))
      return effect
    }
  }
}
