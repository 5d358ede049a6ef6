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
      do {
        // NB: The first child to end throws which one it was, and a discarding group cancels
        // the other when a child throws.
        try await withThrowingDiscardingTaskGroup { group in
          group.addMainActorTask {
            try await effect.run(send: send)
            throw TimeoutRace.effectEnded
          }
          group.addMainActorTask {
            try await clock.sleep(for: duration)
            throw TimeoutRace.timedOut
          }
        }
      } catch TimeoutRace.effectEnded {
      } catch TimeoutRace.timedOut {
        if let onTimeout { await send(onTimeout) }
      }
    }
  }
}

/// Which of a timeout's two children ended first.
private enum TimeoutRace: Error {
  case effectEnded
  case timedOut
}
