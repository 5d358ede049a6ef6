extension Effect {
  /// Cancels the effect if it has not finished within `duration`, and then sends `onTimeout`.
  ///
  /// ```swift
  /// return .run { send in await send(.loaded(try await environment.load())) }
  ///   .timeout(.seconds(10), clock: environment.clock, onTimeout: .loadTimedOut)
  /// ```
  ///
  /// Actions the effect sent before the deadline are kept; after it, it can send none.
  public func timeout(
    _ duration: Duration, clock: any Clock<Duration>, onTimeout: Action? = nil
  ) -> Self {
    if case .none = storage { return .none }
    let effect = self
    return Self.run { send in
      let timedOut = try await withThrowingTaskGroup(of: Bool.self) { group in
        group.addMainActorTask {
          try await effect.run(send: send)
          return false
        }
        group.addMainActorTask {
          try await clock.sleep(for: duration)
          return true
        }
        defer { group.cancelAll() }
        return try await group.next() ?? false
      }
      if timedOut, let onTimeout { await send(onTimeout) }
    }
  }
}
