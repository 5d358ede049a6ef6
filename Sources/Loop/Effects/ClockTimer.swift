/// Ticks of a clock, every `interval`: `clock.timer(interval:)`, as swift-clocks gives TCA.
///
/// ```swift
/// case .startTapped:
///   return .run { send in
///     for await _ in environment.clock.timer(interval: .seconds(1)) {
///       await send(.tick)
///     }
///   }
///   .cancellable(id: TimerID.self)
/// ```
///
/// Each element is the tick's number, from 1. The deadlines are `start + n × interval`, so a tick
/// that was handled late does not push the later ones back. On a `TestClock`, advancing by 3
/// intervals gives exactly 3 ticks; on an `ImmediateClock`, ticks come as fast as they are
/// asked for. The sequence ends when its task is cancelled (so an effect looping over it ends
/// with the effect), never otherwise.
public struct ClockTimer: AsyncSequence, Sendable {
  public typealias Element = Int
  public typealias Failure = Never

  let clock: any Clock<Duration>
  let interval: Duration

  /// The ticks of `clock`, every `interval` (which must be positive).
  public init(clock: any Clock<Duration>, interval: Duration) {
    self.clock = clock
    self.interval = interval
  }

  public func makeAsyncIterator() -> Iterator {
    Iterator(clock: clock, interval: interval)
  }

  /// Sleeps until each tick's deadline.
  public struct Iterator: AsyncIteratorProtocol {
    let clock: any Clock<Duration>
    let interval: Duration
    var tick = 0
    /// The first tick's start, as the clock's own instant.
    var start: (any InstantProtocol<Duration>)?

    public mutating func next() async -> Int? {
      guard !Task.isCancelled, interval > .zero else { return nil }
      tick += 1
      do {
        start = try await Self.sleep(on: clock, from: start, for: interval * tick)
      } catch {
        return nil
      }
      return Task.isCancelled ? nil : tick
    }

    /// Sleeps until `start + offset` on `clock`; returns the start (now, the first time).
    private static func sleep<C: Clock<Duration>>(
      on clock: C, from start: (any InstantProtocol<Duration>)?, for offset: Duration
    ) async throws -> any InstantProtocol<Duration> {
      let origin = (start as? C.Instant) ?? clock.now
      try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil)
      return origin
    }
  }
}

extension Clock where Duration == Swift.Duration {
  /// Ticks of this clock, every `interval`; see ``ClockTimer``.
  ///
  /// ```swift
  /// for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
  /// ```
  public func timer(interval: Duration) -> ClockTimer {
    ClockTimer(clock: self, interval: interval)
  }
}
