import Dispatch
import Loop

/// The main-queue jobs a test store's effects run as, counted so a test can wait until they
/// are done: the single order that makes a test store deterministic.
///
/// Jobs get here two ways, one per runtime path (see `RuntimePath`): on the fast path a test
/// store's effects prefer ``MainQueueTaskExecutor``; on the portable path, where task executor
/// preferences do not exist, ``GlobalJobRouting`` sends every job of the global executor here
/// while a test store is alive. Either way each job runs on the main queue, isolated to the
/// main actor, first in, first out, and is counted.
package final class MainQueueJobs: Sendable {
  package static let shared = MainQueueJobs()

  private struct Counts {
    var enqueued = 0
    var ran = 0
    /// The tasks waiting in ``settle(quietRounds:until:)``, as job addresses (see
    /// ``enqueueRouted(_:)``).
    var settling: [UnsafeRawPointer] = []
  }

  private let counts = LockedState(Counts())

  /// Runs `run` as a main-queue job, and counts it.
  func enqueue(_ run: @escaping @Sendable () -> Void) {
    enqueue(counted: true, run)
  }

  private func enqueue(counted: Bool, _ run: @escaping @Sendable () -> Void) {
    if counted { counts.withLock { $0.enqueued += 1 } }
    DispatchQueue.main.async {
      run()
      if counted { self.counts.withLock { $0.ran += 1 } }
    }
  }

  /// Runs a job of the global executor here (the portable path's ``GlobalJobRouting``).
  ///
  /// NB: A task waiting in `settle` is itself resumed through the global executor there, once
  /// per round; counted, its own rounds would never be quiet. A task's job is the task (the
  /// runtime's `AsyncTask` is a `Job`), so the two addresses can be compared.
  func enqueueRouted(_ job: UnownedJob) {
    let address = unsafeBitCast(job, to: UnsafeRawPointer.self)
    let counted = counts.withLock { !$0.settling.contains(address) }
    enqueue(counted: counted) { job.runSynchronously(on: MainActor.sharedUnownedExecutor) }
  }

  /// Whether a job is waiting to run.
  private var isBusy: Bool { counts.withLock { $0.enqueued != $0.ran } }

  private var ranCount: Int { counts.withLock { $0.ran } }

  /// Waits on the main actor until the main queue has gone `quietRounds` rounds without one of
  /// these jobs running: the work already unblocked has run up to its next suspension.
  ///
  /// Each round waits for a marker put at the back of the main queue from the main queue, so
  /// every job queued before it has run, in the same order on every run. (`Task.yield()`
  /// would bounce through the global pool and race with the work it waits for.)
  ///
  /// NB: Some steps of main-actor effect code still run as main-queue jobs of their own (an
  /// immediate child may be enqueued, and calls through closures can switch executors), and
  /// those jobs are not counted here. A run of quiet rounds longer than any such chain between
  /// two counted jobs is what "settled" means; 32 covers the deepest operator nesting in the
  /// test suite many times.
  ///
  /// - Parameters:
  ///   - isDone: Checked before each round; once it holds, waiting stops early. The round at
  ///     which it first holds is fixed by the queue's order, so stopping there is as
  ///     deterministic as waiting for quiet.
  ///   - roundLimit: The most busy rounds in a row to wait through (by default ``roundLimit``,
  ///     or ``unattributedRoundLimit`` without `ownJobCount`). Work that keeps the queue
  ///     busy for ever (an effect looping on an ``ImmediateClock``, whose sleeps only yield)
  ///     never goes quiet; the limit makes that a failure the caller reports rather than a
  ///     hang. A count of rounds, not a duration, so where it stops does not depend on how
  ///     busy the machine is.
  ///   - ownJobCount: Counts the jobs of the work this waits for (a test store's own executor),
  ///     when they can be told apart from other tests' running in parallel: then a round counts
  ///     towards the limit only if some of that work ran in it, so other tests' busy queues
  ///     never make this one fail. `nil`: every busy round counts (the portable path, whose
  ///     suite runs serialised; a ``TestClock``, which does not know whose sleepers it wakes).
  /// - Returns: `false` if the limit was reached first.
  @MainActor
  @discardableResult
  package func settle(
    quietRounds required: Int = 32, roundLimit: Int? = nil,
    ownJobCount: (@Sendable () -> Int)? = nil, until isDone: () -> Bool = { false }
  ) async -> Bool {
    let roundLimit =
      roundLimit ?? (ownJobCount == nil ? Self.unattributedRoundLimit : Self.roundLimit)
    let task = withUnsafeCurrentTask { $0.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } }
    if let task { counts.withLock { $0.settling.append(task) } }
    defer {
      if let task {
        counts.withLock { counts in
          if let index = counts.settling.firstIndex(of: task) { counts.settling.remove(at: index) }
        }
      }
    }
    var quietRounds = 0
    var busyRounds = 0
    while quietRounds < required, !isDone() {
      // NB: Not stopped by the waiting task's cancellation: a test cancelled by its time limit
      // still needs the work it waits for driven to its end (a `TestClock.advance` that gave
      // up would leave a sleeper, and whatever awaits it, waiting for ever). Each round ends.
      guard busyRounds < roundLimit else { return false }
      let before = ranCount
      let ownBefore = ownJobCount?()
      await withUnsafeContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
      }
      if !isBusy && ranCount == before {
        quietRounds += 1
        busyRounds = 0
      } else {
        quietRounds = 0
        if let ownJobCount, ownJobCount() == ownBefore { busyRounds = 0 } else { busyRounds += 1 }
      }
    }
    return true
  }

  /// The busy rounds in a row one ``settle(quietRounds:roundLimit:ownJobCount:until:)`` waits
  /// through at most when it counts only its own work: a hundred times the longest streak
  /// a finite flow in this package's suite makes (9 rounds, measured on both runtime paths).
  package static let roundLimit = 1_000

  /// The busy rounds in a row a settle that cannot tell its own work from other tests' waits
  /// through: a hang-breaker only. Tests running in parallel share the queue, so while one of
  /// them runs an endless effect (until its own settle gives up, after ``roundLimit`` rounds)
  /// every other settle sees busy rounds too; this limit must be far above that.
  package static let unattributedRoundLimit = 100_000
}
