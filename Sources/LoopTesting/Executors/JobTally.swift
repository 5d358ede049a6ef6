import Loop

/// The counted main-queue jobs of one body of work: how many were queued and how many ran.
///
/// A test store's executor has one, so a wait can tell its own effects' jobs from other
/// tests' (see ``MainQueueJobs``). Tallies nest: a job counted in one is counted in its
/// parent too, up to ``MainQueueJobs/everything``, which counts every counted job.
package final class JobTally: Sendable {
  private struct Counts {
    var queued = 0
    var ran = 0
  }

  // NB: Queued from any thread (an executor's `enqueue`), run on the main queue.
  private let counts = LockedState(Counts())

  /// The tally that also counts this one's jobs.
  let parent: JobTally?

  /// A tally whose jobs `parent` counts too (``MainQueueJobs/everything`` by default).
  package init(parent: JobTally? = MainQueueJobs.shared.everything) {
    self.parent = parent
  }

  /// Jobs queued and not yet run to their end (a running job is pending), and jobs run to
  /// their end, read together.
  var counted: (pending: Int, ran: Int) { counts.withLock { ($0.queued - $0.ran, $0.ran) } }

  /// The most of its jobs a wait goes through before it calls the work never quiet: far
  /// beyond any finite flow (a 1,000-effect fan-out runs about 2,000).
  package let jobLimit = 100_000

  /// Jobs run to their end.
  package var ran: Int { counts.withLock { $0.ran } }

  func didQueue() {
    counts.withLock { $0.queued += 1 }
    parent?.didQueue()
  }

  func didRun() {
    counts.withLock { $0.ran += 1 }
    parent?.didRun()
  }
}
