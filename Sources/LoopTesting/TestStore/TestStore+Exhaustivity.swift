extension TestStore {
  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then sets it back, as TCA's
  /// `withExhaustivity` does.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.refresh)
  ///   await store.receive(\.loaded)      // only what it names is checked here
  /// }
  /// await store.send(.close)                    // exhaustive again
  /// ```
  ///
  /// The earlier value comes back even if `operation` throws. What the end of the test checks
  /// (unreceived actions, running effects) follows the exhaustivity in force at the end.
  @discardableResult
  public func withExhaustivity<Result>(
    _ exhaustivity: Exhaustivity, operation: () async throws -> Result
  ) async rethrows -> Result {
    let earlier = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = earlier }
    return try await operation()
  }

  /// Runs the synchronous `operation` with ``exhaustivity`` set to `exhaustivity`, then sets it
  /// back.
  ///
  /// ```swift
  /// store.withExhaustivity(.off) { store.environment.clock = ImmediateClock() }
  /// ```
  @discardableResult
  public func withExhaustivity<Result>(
    _ exhaustivity: Exhaustivity, operation: () throws -> Result
  ) rethrows -> Result {
    let earlier = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = earlier }
    return try operation()
  }
}
