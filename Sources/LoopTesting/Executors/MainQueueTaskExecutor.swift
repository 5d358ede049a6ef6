import Dispatch
import Synchronization

/// A task executor that runs nonisolated async work on the main queue, in order with the
/// main actor's own jobs.
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

  private let counts = Mutex(Counts())

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    counts.withLock { $0.enqueued += 1 }
    DispatchQueue.main.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.counts.withLock { $0.ran += 1 }
    }
  }

  /// Whether a job is waiting to run on this executor.
  private var isBusy: Bool { counts.withLock { $0.enqueued != $0.ran } }

  private var ranCount: Int { counts.withLock { $0.ran } }

  /// Yields on the main actor until this executor and the main queue have gone a round with
  /// nothing to do: the work already unblocked has run up to its next suspension.
  @MainActor
  package func settle() async {
    var quietRounds = 0
    while quietRounds < 2 {
      let before = ranCount
      await Task.yield()
      if !isBusy && ranCount == before { quietRounds += 1 } else { quietRounds = 0 }
    }
  }
}
