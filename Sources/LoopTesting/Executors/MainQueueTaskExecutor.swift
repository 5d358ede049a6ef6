import Loop

/// A task executor that runs nonisolated async work on the main queue, in order with the
/// main actor's own jobs: what a test store's effects prefer on the fast runtime path.
///
/// Its jobs run isolated to the main actor (the main queue is the main actor's executor), so a
/// step of main-actor effect code that resumes here goes on without another hop.
///
/// A store under test prefers it for its effects, so everything an effect does — including
/// the nonisolated parts, such as a clock's `sleep` — happens on one thread in first-in,
/// first-out order. The order of a test's actions is then a function of the test alone, with
/// no global hook: work that really leaves the process (network, files) is the only
/// nondeterminism left. (The portable and executor paths use ``GlobalJobRouting`` instead.)
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
package final class MainQueueTaskExecutor: TaskExecutor {
  package static let shared = MainQueueTaskExecutor(tally: MainQueueJobs.shared.unowned)

  /// The jobs this executor queued and ran: a test store has one of its own, so a wait can
  /// tell its own effects' work from other tests' (see `MainQueueJobs`).
  package let tally: JobTally

  /// Creates an executor whose jobs are counted apart; ``shared`` serves tasks no store owns.
  package init(tally: JobTally = JobTally()) {
    self.tally = tally
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    MainQueueJobs.shared.enqueue(tally: tally, (job, self)) { job, executor in
      job.runSynchronously(
        isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: executor.asUnownedTaskExecutor())
    }
  }
}
