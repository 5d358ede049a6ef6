import Loop

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sends every job the process enqueues on the global concurrent executor to the main queue
/// (as counted ``MainQueueJobs``) while a test store on the portable runtime path is alive.
///
/// The portable path (see `RuntimePath`) has no task executor preferences, so the nonisolated
/// parts of an effect — a ``TestClock``'s `sleep`, a `@concurrent` service double — would run
/// on the global pool, racing the test. Routed to the main queue they run in one order, as on
/// the fast path, and a test gives the same result on every run. This is what TCA's test store
/// does with its main serial executor, through the Swift runtime's
/// `swift_task_enqueueGlobal_hook`.
///
/// The cost of a process-wide hook: while a portable-path test store is alive, *all* of the
/// process's global-executor work runs on the main queue, including other tests' work, and
/// counts in the `everything` tally a test store settles on (a job's owner cannot be told
/// from the hook). Tests that block a thread until concurrent work runs (a semaphore, a lock
/// held across an await), or that run heavy concurrent work outside test stores, must not run
/// in parallel with test store tests there; the portable suite runs serialized.
/// On the fast path nothing is hooked: a test store's executor preference reaches its own
/// effects and nothing else.
package enum GlobalJobRouting {
  // NB: The runtime's `swift_task_enqueueGlobal_hook` is a Swift-calling-convention function
  // pointer taking the job and the original enqueue function; the latter is declared as a raw
  // pointer here because it is never called.
  private typealias Hook = @convention(thin) (UnownedJob, UnsafeRawPointer?) -> Void

  private struct Routing {
    /// How many test stores want the routing: it is set at the first, cleared after the last.
    var users = 0
    /// The runtime's hook variable; looked up at the first use, `nil` if it is not exported.
    var hook: UnsafeMutablePointer<Hook?>?
    var didLookUp = false
  }

  /// NB: The hook variable is only written under this lock (the runtime reads it on every
  /// global enqueue; a pointer-sized store is what it expects to race with).
  private static let routing = LockedState(Routing())

  /// Starts routing (or counts one more user of it). Returns `false` if this runtime does not
  /// export the hook, and nothing could be routed.
  @discardableResult
  package static func retain() -> Bool {
    routing.withLock { routing in
      if !routing.didLookUp {
        routing.didLookUp = true
        routing.hook = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook")?
          .assumingMemoryBound(to: Hook?.self)
      }
      if routing.users == 0 {
        routing.hook?.pointee = { job, _ in routeToMainQueue(job) }
        RuntimePath.setRoutesGlobalJobs(routing.hook != nil)
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
        RuntimePath.setRoutesGlobalJobs(false)
      }
    }
  }
}

/// The hook: every global-executor job becomes a counted main-queue job.
private func routeToMainQueue(_ job: UnownedJob) {
  MainQueueJobs.shared.enqueueRouted(job)
}
