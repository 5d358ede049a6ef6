import Loop
import Testing

/// A clock whose time moves only when a test says so.
///
/// Give it to the code under test through its environment, then drive time:
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: Search.State(), reducer: Search.reducer,
///                       environment: .init(movies: .mock, clock: clock))
/// await store.send(.queryChanged("bat")) { $0.query = "bat" }
/// await clock.advance(by: .milliseconds(300))   // the debounce fires now
/// ```
///
/// Sleepers wake in deadline order (ties in the order they went to sleep). After waking
/// each one, `advance` lets the work it unblocked run before it goes on, so an effect that
/// sleeps again inside the advanced span wakes again too. A cancelled sleeper throws
/// `CancellationError` at once.
///
/// Time is driven from the main actor, where the stores that run the effects live: with a
/// ``TestStore``, every wake-up and the work it unblocks happen in one order on every run.
///
/// A plain `Store` works with it too (a view's test, which needs the bindings and scoped stores
/// a view uses): made in the test that made the clock, it runs its effects as that test's work,
/// and `advance` first lets that work run until it waits (say, reaches its `sleep`), so a
/// sleeper whose deadline the advance passes always wakes.
///
/// ```swift
/// let clock = TestClock()
/// let store = Store(initialState: Nap.State(), reducer: Nap.reducer,
///                   environment: Nap.Environment(clock: clock))
/// store.send(.nap)                          // sleeps one second
/// await clock.advance(by: .seconds(1))      // reaches the sleep, then wakes it
/// ```
public final class TestClock: Clock, Sendable {
  /// A point in the clock's time: the duration since the clock was made.
  public typealias Instant = TestClockInstant

  /// A sleeper, and the jobs it is part of (a test store's effects), when it slept in one.
  private struct Sleeper {
    let continuation: UnsafeContinuation<Void, any Error>
    let tally: JobTally?
    /// The store whose effect sleeps (``EffectOwner/current``), if any.
    let owner: ObjectIdentifier?
    let deadline: Duration
  }

  private let state = LockedState(TestClockState<Sleeper>())

  /// Every clock alive, for ``parkedSleepers(ownedBy:)``.
  private static let clocks = LockedState<[WeakReference<TestClock>]>([])

  /// The work of the test that made the clock, if it made the test's task its own (see
  /// `DeterministicJobs.ownCurrentTask()`), to end when the clock goes.
  private let ownership: JobTally?
  /// The work `advance` lets run before it moves time: the test's.
  private let work: JobTally

  /// Creates a clock at time zero.
  ///
  /// Made in a test, it makes the test's work deterministic: a plain `Store` made in the same
  /// test runs its effects where `advance` can wait for them.
  public init() {
    _ = TestSeamInstallation.installed
    ownership = DeterministicJobs.ownCurrentTask()
    work = DeterministicJobs.currentTally
    Self.clocks.withLock { clocks in
      clocks.removeAll { $0.object == nil }
      clocks.append(WeakReference(self))
    }
  }

  deinit {
    if let ownership { DeterministicJobs.endOwnership(ownership) }
  }

  /// The sleepers of `owner`'s effects on every test clock: what waits for time that only the
  /// test can move, each with its deadline and its clock's time now.
  static func parkedSleepers(ownedBy owner: ObjectIdentifier) -> [(
    deadline: Duration, now: Duration
  )] {
    let clocks = Self.clocks.withLock { $0.compactMap(\.object) }
    return clocks.flatMap { clock in
      clock.state.withLock { state in
        state.sleepers.filter { $0.owner == owner }.map { ($0.deadline, state.now) }
      }
    }
  }

  /// The current time.
  public var now: Instant { Instant(offset: state.withLock { $0.now }) }

  /// The smallest step: none.
  public var minimumResolution: Duration { .zero }

  /// Suspends until the clock has been advanced to `deadline`.
  ///
  /// A deadline that is now or past (a zero-length sleep) still suspends, until the next
  /// ``advance(by:sourceLocation:)``, ``advance(to:sourceLocation:)`` or ``run(sourceLocation:)``, as swift-clocks' `TestClock` does: a
  /// test decides when every sleep ends. Throws `CancellationError` at once if the task is
  /// cancelled, before or while it sleeps.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = LockedState<Int?>(nil)
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { continuation in
        let waiter = Sleeper(
          continuation: continuation, tally: MainQueueJobs.shared.currentTally,
          owner: EffectOwner.current, deadline: deadline.offset)
        let sleeper = state.withLock { $0.sleep(until: deadline.offset, waiter: waiter) }
        id.withLock { $0 = sleeper }
        // NB: Cancellation may have arrived between the check above and registration.
        if Task.isCancelled, let waiter = state.withLock({ $0.cancel(sleeper) }) {
          waiter.continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      guard let sleeper = id.withLock({ $0 }) else { return }
      state.withLock { $0.cancel(sleeper) }?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline falls within it,
  /// in deadline order, and letting the work each one unblocks run.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(1))
  /// ```
  @MainActor
  public func advance(
    by duration: Duration = .zero, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await advance(
      to: Instant(offset: state.withLock { $0.now } + duration), sourceLocation: sourceLocation)
  }

  /// Moves time forward to `deadline` (never back), waking sleepers in order.
  ///
  /// Work a wake-up unblocks that never goes quiet (a loop on an ``ImmediateClock`` inside it,
  /// say) fails the test at the caller's line, and time stops there.
  @MainActor
  public func advance(
    to deadline: Instant, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    _ = await wakeSleepers(upTo: deadline, sourceLocation)
  }

  /// Advances time until no sleeper is left, waking each in order.
  ///
  /// Use it to run a timer or a retry loop to its end. An effect that keeps sleeping forever
  /// makes this run forever too: give it an end, or use ``advance(by:sourceLocation:)``.
  @MainActor
  public func run(sourceLocation: SourceLocation = #_sourceLocation) async {
    while let next = state.withLock({ $0.nextDeadline() }) {
      guard await wakeSleepers(upTo: Instant(offset: next), sourceLocation) else { return }
    }
  }

  /// Wakes the sleepers due by `deadline` in order, letting the work each unblocks run;
  /// returns `false` (and stops) if that work never went quiet.
  @MainActor
  private func wakeSleepers(upTo deadline: Instant, _ location: SourceLocation) async -> Bool {
    // NB: All the test's work, every test store's effects included, whichever was made first:
    // an effect the test unblocked (fed a stream, say) reaches its sleep before time moves.
    guard await settle(TestWork.current ?? work, location) else { return false }
    while let sleeper = state.withLock({ $0.nextWake(upTo: deadline.offset) }) {
      sleeper.continuation.resume()
      guard await settle(sleeper.tally, location) else { return false }
    }
    return true
  }

  /// The number of tasks asleep on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleeperCount } }

  /// Lets the work a woken sleeper unblocked run until it suspends again: the jobs of `tally`
  /// (the test store's effects it slept in), or, when it slept in none, the test's work. Work
  /// that never goes quiet fails the test at `location`, and this returns `false`.
  @MainActor
  private func settle(_ tally: JobTally?, _ location: SourceLocation) async -> Bool {
    let tally = tally ?? work
    guard await MainQueueJobs.shared.wait(for: tally) == .neverQuiet else { return true }
    guard !Task.isCancelled else { return false }
    Issue.record(
      Comment(
        rawValue: FailureMessage.neverQuiet(
          [], during: "after advancing the TestClock", jobs: tally.jobLimit,
          aftermath: "Time stopped there; the effects still run.")),
      sourceLocation: location)
    return false
  }
}
