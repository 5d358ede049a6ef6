import Dispatch

// NB: The main actor's executor is the main dispatch queue (Dispatch's main executor, on
// Linux and on Apple platforms), so a job run from a main-queue block is serialised with
// every other main-actor job; running it isolated to the main actor is what the main
// actor's own executor does with it.
/// A task executor whose jobs run on the main actor: what a store's own waiting tasks prefer,
/// so that waking one costs one main-queue job instead of two.
///
/// A continuation resumes its task on the global executor; a task on the main actor then
/// hops back to the main queue. On Linux both are thread wake-ups. A task that prefers this
/// executor is resumed straight onto the main queue, already isolated to the main actor, so
/// the hop is gone.
///
/// Only Loop's own waits run under this preference: the runner that owns a store's task group,
/// while it waits for work (its effects are started outside that scope, with no preference, so
/// their nonisolated work still runs off the main actor), and `StoreTask.finish()`.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@usableFromInline
package final class MainActorTaskExecutor: TaskExecutor {
  @usableFromInline package static let shared = MainActorTaskExecutor()

  private init() {}

  @usableFromInline
  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    MainQueue.queue.async {
      job.runSynchronously(
        isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: self.asUnownedTaskExecutor())
    }
  }
}
