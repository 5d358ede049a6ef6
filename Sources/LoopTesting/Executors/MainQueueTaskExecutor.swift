import Dispatch
import Loop

/// A task executor that runs nonisolated async work on the main queue, in order with the
/// main actor's own jobs.
///
/// Its jobs run isolated to the main actor (the main queue is the main actor's executor), so a
/// step of main-actor effect code that resumes here goes on without another hop.
///
/// A store under test prefers it for its effects, so everything an effect does — including
/// the nonisolated parts, such as a clock's `sleep` — happens on one thread in first-in,
/// first-out order. The order of a test's actions is then a function of the test alone, with
/// no global hook: work that really leaves the process (network, files) is the only
/// nondeterminism left.
package final class MainQueueTaskExecutor: TaskExecutor {
  package static let shared = MainQueueTaskExecutor()

  private struct Counts {
    var enqueued = 0
    var ran = 0
  }

  private let counts = LockedState(Counts())

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    counts.withLock { $0.enqueued += 1 }
    DispatchQueue.main.async {
      job.runSynchronously(
        isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: self.asUnownedTaskExecutor())
      self.counts.withLock { $0.ran += 1 }
    }
  }

  /// Whether a job is waiting to run on this executor.
  private var isBusy: Bool { counts.withLock { $0.enqueued != $0.ran } }

  private var ranCount: Int { counts.withLock { $0.ran } }

  /// Waits on the main actor until the main queue has gone `quietRounds` rounds without this
  /// executor running a job: the work already unblocked has run up to its next suspension.
  ///
  /// Each round waits for a marker put at the back of the main queue from the main queue, so
  /// every job queued before it has run, in the same order on every run. (`Task.yield()`
  /// would bounce through the global pool and race with the work it waits for.)
  ///
  /// NB: Some steps of main-actor effect code still run as main-queue jobs of their own (an
  /// immediate child may be enqueued, and calls through closures can switch executors), and
  /// those jobs are not this executor's to count. A run of quiet rounds longer than any such
  /// chain between two of this executor's jobs is what "settled" means; 32 covers the deepest
  /// operator nesting in the test suite many times.
  ///
  /// - Parameter isDone: Checked before each round; once it holds, waiting stops early. The
  ///   round at which it first holds is fixed by the queue's order, so stopping there is as
  ///   deterministic as waiting for quiet.
  @MainActor
  package func settle(quietRounds required: Int = 32, until isDone: () -> Bool = { false }) async {
    var quietRounds = 0
    while quietRounds < required, !isDone() {
      let before = ranCount
      await withUnsafeContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
      }
      if !isBusy && ranCount == before { quietRounds += 1 } else { quietRounds = 0 }
    }
  }
}
