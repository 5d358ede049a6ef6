import Loop

/// A clock on which every sleep returns at once (time jumps to the deadline).
///
/// For tests and previews where waiting is beside the point: a debounced search returns its
/// results at once, a retry loop runs its attempts back to back.
///
/// ```swift
/// let store = TestStore(initialState: Search.State(), reducer: Search.reducer,
///                       environment: .init(movies: .mock, clock: ImmediateClock()))
/// ```
public struct ImmediateClock: Clock, Sendable {
  /// A point in the clock's time: the duration since the clock was made.
  public typealias Instant = TestClockInstant

  private let time = LockedState(Duration.zero)

  /// Creates a clock at time zero.
  public init() { _ = TestSeamInstallation.installed }

  /// The current time: the latest deadline slept until.
  public var now: Instant { Instant(offset: time.withLock { $0 }) }

  /// The smallest step: none.
  public var minimumResolution: Duration { .zero }

  // NB: The yield is a real suspension, so a loop whose only wait is this clock (a timer
  // on an `ImmediateClock`) still lets other work run, and a test store sees it as work that
  // never goes quiet, which it reports, instead of a hang.
  /// Moves time to `deadline` and yields once, as swift-clocks' `ImmediateClock` does; throws
  /// `CancellationError` if the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    time.withLock { $0 = max($0, deadline.offset) }
    await Task.yield()
  }
}
