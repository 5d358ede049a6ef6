import Dispatch
import Loop

/// The main-queue jobs a test store's effects run as, counted so a test can wait until they
/// are done: the single order that makes a test store deterministic.
///
/// Jobs get here two ways (see `RuntimePath`): on the fast path a test store's effects prefer
/// ``MainQueueTaskExecutor``; on the portable and executor paths ``GlobalJobRouting`` sends
/// here the global executor's jobs of the tasks a test owns. Either way each job runs on the
/// main queue, isolated to the main actor, first in, first out, and is counted: in the
/// ``JobTally`` of the work it belongs to, and in ``everything``.
///
/// A wait (``wait(for:until:endsWhenQuiet:timeout:)``) looks after each counted job
/// ends, by the ``SettleRule``: no rounds, no sleeps.
package final class MainQueueJobs: Sendable {
  package static let shared = MainQueueJobs()

  /// Every counted job.
  package let everything = JobTally(parent: nil)

  /// The jobs of the work no test store owns: plain stores and tasks made in tests that own
  /// their task (see ``DeterministicJobs``), each counted in its test's tally too.
  package let unowned: JobTally

  private let waiters = MainActorWaiters()

  private init() {
    unowned = JobTally(parent: everything)
  }

  /// The tally of the counted job running now, if any: jobs run one at a time, on the main
  /// queue.
  private let running = LockedState<JobTally?>(nil)

  /// The tally of the counted job the caller runs in, if it runs in one (on the main queue):
  /// whose work a ``TestClock`` sleeper is, so that waking it waits for that work alone.
  package var currentTally: JobTally? {
    guard MainQueue.isCurrent else { return nil }
    return running.withLock { $0 }
  }

  /// Runs `run(job)` as a main-queue job counted in `tally` (and its parents); after it, the
  /// waits look again.
  ///
  /// `run` captures nothing (what it needs comes as `job`), so queuing a job allocates only
  /// the block the main queue keeps.
  func enqueue<Job: Sendable>(
    tally: JobTally, _ job: Job, _ run: @escaping @Sendable (Job) -> Void
  ) {
    tally.didQueue()
    MainQueue.queue.async {
      self.running.withLock { $0 = tally }
      run(job)
      self.running.withLock { $0 = nil }
      tally.didRun()
      MainActor.assumeIsolated { self.waiters.lookAfterJob() }
    }
  }

  /// Waits on the main actor until `isDone` holds or, if `endsWhenQuiet`, until the work
  /// `tally` counts is quiet: none of its jobs queued or running, confirmed by a barrier at the
  /// back of the main queue (see ``SettleRule``).
  ///
  /// Who wakes it: the end of each job `tally` counts (``enqueue(tally:_:)`` looks at every
  /// waiter then), the barrier it queues, or the backstop. The first look happens inside the
  /// continuation's body, in the step that publishes the waiter, so a job that ends before it
  /// is looked at then, and one that ends after finds the waiter.
  ///
  /// Not ended by the waiting task's cancellation while it waits for quiet: a test cancelled
  /// by its time limit mid-`advance` still needs the work it waits for driven to its end (a
  /// sleeper left unwoken keeps whatever awaits it waiting for ever). A wait with a `timeout`
  /// (for real I/O) does end on cancellation, as `.timedOut`.
  ///
  /// - Parameters:
  ///   - tally: The jobs of the work waited for. At most its ``JobTally/jobLimit`` of them are
  ///     waited through: work that never waits on anything the test controls (an effect
  ///     looping on an ``ImmediateClock``) never goes quiet, and the limit makes that a failure
  ///     the caller reports, not a hang. A count of jobs, not a duration, so where it stops does
  ///     not depend on how busy the machine is.
  ///   - isDone: Looked at after each of those jobs; once it holds, the wait ends. The job
  ///     after which it first holds is fixed by the queue's order, so stopping there is
  ///     deterministic.
  ///   - endsWhenQuiet: Whether quiet ends the wait.
  ///   - timeout: A backstop on the real clock, for effects doing real I/O: `nil` for none.
  @MainActor
  package func wait(
    for tally: JobTally, until isDone: @escaping @MainActor () -> Bool = { false },
    endsWhenQuiet: Bool = true, timeout: Duration? = nil
  ) async -> SettleRule.Outcome {
    let id = waiters.nextID()
    let waiters = self.waiters
    let backstop = timeout.map { timeout in
      Task {
        try? await Task.sleep(for: timeout)
        waiters.end(id, .timedOut)
      }
    }
    defer { backstop?.cancel() }
    // NB: Each branch suspends at once, with no async call in between: inside the preference
    // scope, before the first resumption, every isolated call is one more trip through the main
    // queue. Only waits for real I/O (with a `timeout`) pay for the cancellation handler.
    let waitOrCancel = { @MainActor in
      guard timeout != nil else {
        return await withUnsafeContinuation { continuation in
          waiters.add(id, tally, isDone, endsWhenQuiet, continuation)
        }
      }
      return await withTaskCancellationHandler {
        await withUnsafeContinuation { continuation in
          waiters.add(id, tally, isDone, endsWhenQuiet, continuation)
        }
      } onCancel: {
        Task { @MainActor in waiters.end(id, .timedOut) }
      }
    }
    if #available(macOS 15.4, iOS 18.4, tvOS 18.4, watchOS 11.4, visionOS 2.4, *),
      RuntimePath.prefersMainActorExecutor
    {
      // NB: Resumed preferring the main actor's task executor, the waiting task comes back as
      // one main-queue job, not through the global pool (two thread wake-ups).
      return await withTaskExecutorPreference(MainActorTaskExecutor.shared, operation: waitOrCancel)
    }
    // NB: The portable path has no preference: the routing sends the resumption to the main
    // queue instead (see `GlobalJobRouting.parkCurrentTask()`).
    let parked = GlobalJobRouting.parkCurrentTask()
    defer { if let parked { GlobalJobRouting.unpark(parked) } }
    return await waitOrCancel()
  }
}

/// The waits in progress, looked at on the main actor after every counted job.
@MainActor
private final class MainActorWaiters: Sendable {
  struct Waiter {
    let tally: JobTally
    let isDone: @MainActor () -> Bool
    var rule: SettleRule
    let continuation: UnsafeContinuation<SettleRule.Outcome, Never>
  }

  /// The waiters, in the order they were published: looked at in that order after each job,
  /// so waits that end on the same job resume in the same order on every run.
  private var waiters: [(id: Int, waiter: Waiter)] = []
  /// Waits handed an id and not yet over, and how the ones ended before they were published
  /// ended (a backstop or a cancellation can come first).
  private var open: [Int: SettleRule.Outcome?] = [:]
  private var lastID = 0

  nonisolated init() {}

  func nextID() -> Int {
    lastID += 1
    open[lastID] = .some(nil)
    return lastID
  }

  /// Publishes a waiter and looks at its work, in one step.
  func add(
    _ id: Int, _ tally: JobTally, _ isDone: @escaping @MainActor () -> Bool,
    _ endsWhenQuiet: Bool, _ continuation: UnsafeContinuation<SettleRule.Outcome, Never>
  ) {
    let waiter = Waiter(
      tally: tally, isDone: isDone,
      rule: SettleRule(
        ran: tally.counted.ran, endsWhenQuiet: endsWhenQuiet, jobLimit: tally.jobLimit),
      continuation: continuation)
    if case let .some(.some(outcome)) = open[id] {
      open[id] = nil
      waiter.continuation.resume(returning: outcome)
      return
    }
    waiters.append((id, waiter))
    look(at: waiters.count - 1)
  }

  func lookAfterJob() {
    var index = 0
    // NB: A look that ends its wait removes it; the next one moves into its place.
    while index < waiters.count {
      if look(at: index) { index += 1 }
    }
  }

  /// Ends a wait from outside (its backstop, or its task's cancellation), if it is not over:
  /// at once if it waits, else as soon as it is published.
  func end(_ id: Int, _ outcome: SettleRule.Outcome) {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else {
      if open[id] != nil { open[id] = .some(outcome) }
      return
    }
    let waiter = waiters.remove(at: index).waiter
    open[id] = nil
    waiter.continuation.resume(returning: outcome)
  }

  /// Looks at the wait at `index` by its ``SettleRule``: after a job, when it is published,
  /// or (`confirming`) when its barrier came round. Returns whether it still waits.
  @discardableResult
  private func look(at index: Int, confirming: Bool = false) -> Bool {
    let (id, waiter) = waiters[index]
    let (pending, ran) = waiter.tally.counted
    let isDone = waiter.isDone()
    let decision =
      confirming
      ? waiters[index].waiter.rule.confirm(pending: pending, ran: ran, isDone: isDone)
      : waiters[index].waiter.rule.look(pending: pending, ran: ran, isDone: isDone)
    switch decision {
    case .wait:
      return true
    case .confirm:
      MainQueue.queue.async {
        MainActor.assumeIsolated {
          guard let index = self.waiters.firstIndex(where: { $0.id == id }) else { return }
          self.look(at: index, confirming: true)
        }
      }
      return true
    case let .end(outcome):
      waiters.remove(at: index)
      open[id] = nil
      waiter.continuation.resume(returning: outcome)
      return false
    }
  }
}
