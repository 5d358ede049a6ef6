import Loop

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sends the jobs a test's work enqueues on the global concurrent executor to the main queue,
/// as counted ``MainQueueJobs``, on the portable and executor runtime paths; every other job
/// goes to the global executor as it would have.
///
/// The portable path (see `RuntimePath`) has no task executor preferences. The executor path
/// has them, but on its older runtimes `Task.sleep` and `Task.yield` were reported to leave a
/// task's preferred executor (swiftlang/swift#74395, Swift 6.0), which Loop cannot test here;
/// the global executor's jobs are seen whatever a runtime does with a preference. Unrouted,
/// the nonisolated parts of an effect — a ``TestClock``'s `sleep`, a `@concurrent` service
/// double — would run on the global pool, racing the test. Routed to the main queue they run
/// in one order, as on the fast path, and a test gives the same result on every run. The Swift
/// runtime's `swift_task_enqueueGlobal_hook` is what lets it see those jobs (TCA's test store
/// sets it to send every job to its main serial executor).
///
/// Only the work of tasks a test owns is routed (``OwnedTasks``): a test store's effect
/// runner and a test that made a ``TestClock`` own their tasks, and a task becomes owned when
/// an owned task starts it. The hook tells a job's task by its runtime id, which no other
/// task ever has, so a job of other tests' work — thousands of stores, a thread blocked on a
/// semaphore until a task runs — goes to the global executor, untouched and uncounted.
package enum GlobalJobRouting {
  // NB: The runtime's hook is a Swift-calling-convention function pointer taking the job and
  // the original enqueue function, which takes the job.
  fileprivate typealias Hook = @convention(thin) (UnownedJob, UnsafeRawPointer) -> Void
  fileprivate typealias Enqueue = @convention(thin) (UnownedJob) -> Void

  private struct Routing {
    /// How many users want the routing: it is set at the first, cleared after the last.
    var users = 0
    /// The runtime's hook variable; looked up at the first use, `nil` if it is not exported.
    var hook: UnsafeMutablePointer<Hook?>?
    var didLookUp = false
    var owned = OwnedTasks<JobTally>()
    /// Tasks parked in a wait of ``MainQueueJobs`` (see ``parkCurrentTask()``).
    var parked: Set<UInt64> = []
  }

  /// Where the hook sends a job.
  fileprivate enum Destination {
    /// A test owns the job's task: a main-queue job counted in the owner's tally.
    case owned(JobTally)
    /// The job resumes a task parked in a wait: a main-queue job, counted nowhere.
    case parked
    /// Anything else: the global executor, as if there were no hook.
    case global
  }

  // NB: The hook variable is only written under this lock (the runtime reads it on every
  // global enqueue; a pointer-sized store is what it expects to race with).
  private static let routing = LockedState(Routing())
  /// 1 while the routing is on (written under the lock): what ``routesCurrentTask`` reads
  /// first, so a child started while nothing is routed costs one atomic load, not the lock.
  private static let isOn = AtomicWords(count: 1)

  /// Starts routing (or counts one more user of it). Returns `false` if this runtime does not
  /// export what the routing needs, and nothing is routed.
  @discardableResult
  package static func retain() -> Bool {
    routing.withLock { routing in
      if !routing.didLookUp {
        routing.didLookUp = true
        if RuntimeTasks.isAvailable {
          routing.hook = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook")?
            .assumingMemoryBound(to: Hook?.self)
        }
      }
      if routing.users == 0 {
        routing.hook?.pointee = { job, original in route(job, original) }
        if routing.hook != nil { isOn.store(1, at: 0) }
      }
      routing.users += 1
      return routing.hook != nil
    }
  }

  /// Counts one user fewer; stops routing after the last.
  package static func release() {
    routing.withLock { routing in
      routing.users -= 1
      if routing.users == 0 {
        routing.hook?.pointee = nil
        isOn.store(0, at: 0)
      }
    }
  }

  /// Counts the current task's work in `tally` from now on: its own jobs, and those of every
  /// task it starts while it is owned. Does nothing outside a task.
  package static func own(currentTaskIn tally: JobTally) {
    guard let task = RuntimeTasks.currentID else { return }
    routing.withLock { $0.owned.own(task, by: tally) }
  }

  /// Whether the current task's jobs are routed: the routing is on, and a test owns the task.
  static var routesCurrentTask: Bool {
    guard isOn.load(0) != 0, let task = RuntimeTasks.currentID else { return false }
    return routing.withLock { routing in
      routing.users > 0 && routing.hook != nil && routing.owned.owner(of: task) != nil
    }
  }

  /// The tally the current task's work is counted in, if a test owns it.
  package static var tallyOfCurrentTask: JobTally? {
    guard let task = RuntimeTasks.currentID else { return nil }
    return routing.withLock { $0.owned.owner(of: task) }
  }

  /// Where a job of `task` queued while `creator` runs goes (see ``OwnedTasks``).
  fileprivate static func destination(of task: UInt64, queuedBy creator: UInt64?) -> Destination {
    routing.withLock { routing in
      if let owner = routing.owned.route(task, queuedBy: creator) { return .owned(owner) }
      return routing.parked.contains(task) ? .parked : .global
    }
  }

  /// Makes the current task's next job of the global executor a main-queue job while the
  /// routing is on, until ``unpark(_:)``: called by a wait of ``MainQueueJobs`` just before it
  /// suspends, so that its task comes back as one main-queue job, as a preference for
  /// `MainActorTaskExecutor` makes it on the other runtime paths. Unrouted, a continuation's
  /// task resumes through the global executor and hops back to the main actor: two thread
  /// wake-ups where one does. Returns the task to unpark, `nil` if nothing was parked.
  package static func parkCurrentTask() -> UInt64? {
    guard isOn.load(0) != 0, let task = RuntimeTasks.currentID else { return nil }
    routing.withLock { _ = $0.parked.insert(task) }
    return task
  }

  /// Ends ``parkCurrentTask()``'s routing of `task`.
  package static func unpark(_ task: UInt64) {
    routing.withLock { _ = $0.parked.remove(task) }
  }

  /// Forgets the current task, which is ending (see `EffectContext.taskDidEnd`).
  package static func forgetCurrentTask() {
    guard isOn.load(0) != 0, let task = RuntimeTasks.currentID else { return }
    routing.withLock { $0.owned.forget(task) }
  }

  /// How many tasks `tally` owns now (for tests of the routing's size).
  static func ownedCount(by tally: JobTally) -> Int {
    routing.withLock { $0.owned.count(of: tally) }
  }

  /// Forgets every task `tally` owns: its test is over.
  package static func disown(_ tally: JobTally) {
    routing.withLock { $0.owned.disown(tally) }
  }
}

/// The hook: a job of an owned task becomes a main-queue job counted in its owner's tally, a
/// job resuming a parked waiter a main-queue job; every other job goes to `original`, the
/// global executor.
private func route(_ job: UnownedJob, _ original: UnsafeRawPointer) {
  let destination =
    RuntimeTasks.id(of: job).map { task in
      GlobalJobRouting.destination(of: task, queuedBy: RuntimeTasks.currentID)
    } ?? .global
  switch destination {
  case let .owned(owner):
    MainQueueJobs.shared.enqueue(tally: owner, job) { job in
      job.runSynchronously(on: MainActor.sharedUnownedExecutor)
    }
  case .parked:
    // NB: The waiter's task resumes isolated to the main actor, where it waits: its hop back
    // to the main actor is then no hop.
    MainQueue.queue.async { job.runSynchronously(on: MainActor.sharedUnownedExecutor) }
  case .global:
    unsafeBitCast(original, to: GlobalJobRouting.Enqueue.self)(job)
  }
}
