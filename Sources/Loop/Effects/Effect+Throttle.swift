extension Effect {
  /// Runs at most one effect with `id` per `duration`.
  ///
  /// The first effect runs at once and opens a window of `duration`. Effects that arrive
  /// inside the window do not run then; when the window closes, one of them runs and opens the
  /// next window: the latest one if `latest` is `true`, otherwise the first one. The others are
  /// dropped — that is what throttling is for.
  ///
  /// ```swift
  /// case .scrolled:
  ///   return .run { send in await send(.loadMore) }
  ///     .throttle(id: LoadMoreID.self, for: .seconds(1), clock: environment.clock, latest: false)
  /// ```
  public func throttle(
    id: some Hashable & Sendable, for duration: Duration, clock: any Clock<Duration>, latest: Bool
  ) -> Self {
    if case .none = storage { return .none }
    let id = EffectID(id)
    let effect = self
    return Self.run { send in
      try await Self.throttled(
        effect, id: id, duration: duration, clock: clock, latest: latest, send: send)
    }
  }

  /// Where a throttled effect stands in its id's window.
  private struct ThrottleWindow<Instant: InstantProtocol<Duration>>: Sendable {
    /// When the last effect ran.
    var lastRun: Instant
    /// The generation of the effect waiting for the window to close, if any.
    var waiting: Int?
    var generation = 0
  }

  @MainActor
  private static func throttled<C: Clock<Duration>>(
    _ effect: Self, id: EffectID, duration: Duration, clock: C, latest: Bool, send: Send<Action>
  ) async throws {
    let storage = EffectStorage.currentOrWarning(for: "throttle(id: \(id))")
    // NB: A child's throttle window is the child's own (see `ChildIDScope`).
    let id = ChildIDScope.scopedByCurrent(id)
    let now = clock.now
    let decision = storage.withThrottleState(id: id, as: ThrottleWindow<C.Instant>.self) {
      window -> ThrottleDecision<C.Instant> in
      guard var current = window, now < current.lastRun.advanced(by: duration) else {
        window = ThrottleWindow(lastRun: now)
        return .runNow
      }
      if current.waiting != nil, !latest { return .drop }
      current.generation += 1
      current.waiting = current.generation
      window = current
      return .wait(current.lastRun.advanced(by: duration), generation: current.generation)
    }
    switch decision {
    case .drop:
      return
    case .runNow:
      try await effect.run(send: send)
    case let .wait(deadline, generation):
      try await clock.sleep(until: deadline, tolerance: nil)
      let isStillLatest = storage.withThrottleState(id: id, as: ThrottleWindow<C.Instant>.self) {
        window -> Bool in
        guard var current = window, current.waiting == generation else { return false }
        current.waiting = nil
        current.lastRun = clock.now
        window = current
        return true
      }
      guard isStillLatest else { return }
      try await effect.run(send: send)
    }
  }
}

/// What a throttled effect does when it starts.
private enum ThrottleDecision<Instant> {
  case runNow
  case wait(Instant, generation: Int)
  case drop
}
