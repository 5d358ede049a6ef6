extension Effect {
  /// Delays the effect until `duration` has passed without another effect with the same id
  /// starting: only the last of a burst runs.
  ///
  /// ```swift
  /// case let .queryChanged(query):
  ///   state.query = query
  ///   return .run { send in await send(.results(try await environment.search(query))) }
  ///     .debounce(id: SearchID.self, for: .milliseconds(300), clock: environment.clock)
  /// ```
  ///
  /// Each new effect with the id cancels the waiting (or running) one, so this is also a
  /// cancel-in-flight: a slow response to an old query never arrives after a newer one.
  public func debounce(
    id: some Hashable & Sendable, for duration: Duration, clock: any Clock<Duration>
  ) -> Self {
    if case .none = storage { return .none }
    let effect = self
    return Self.run { send in
      try await clock.sleep(for: duration)
      try await effect.run(send: send)
    }
    .cancellable(id: id, cancelInFlight: true)
  }
}
