import Loop

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sends the jobs of a test's work that the process enqueues on the global concurrent executor
/// to the main queue (as counted ``MainQueueJobs``), while a test store or a clock that needs it
/// on the portable runtime path is alive.
///
/// The portable path (see `RuntimePath`) has no task executor preferences, so the nonisolated
/// parts of an effect — a ``TestClock``'s `sleep`, a `@concurrent` service double — would run
/// on the global pool, racing the test. Routed to the main queue they run in one order, as on
/// the fast path, and a test gives the same result on every run. The hook is the Swift
/// runtime's `swift_task_enqueueGlobal_hook`, which TCA's test store also uses.
///
/// Only **owned** jobs are routed: those queued by a task bound to a ``JobOwnership`` (a test
/// store's effects and the tasks they start, a test's ``TestJobScope``), or by a ``TestClock``
/// waking such a task. Each is counted in its owner's tally, so a test store waits for its own
/// work alone. Every other job — another test's work, however heavy, a test that blocks a
/// thread — goes to the global executor as it would without the hook, and counts nowhere: a
/// test store's verdicts do not depend on the tests beside it.
///
/// What is not routed: a step of a test store's effect resumed by code that is not owned (a
/// continuation resumed from a network callback, a stream the test body yields to) runs on the
/// global executor until it next hops, which is routed again (it is then queued by the owned
/// task itself). On the fast path nothing is hooked: a test store's executor preference reaches
/// its own effects and nothing else.
package enum GlobalJobRouting {
  // NB: The runtime's `swift_task_enqueueGlobal_hook` is a Swift-calling-convention function
  // pointer taking the job and the original enqueue function (also Swift-calling-convention),
  // which the hook calls for every job it does not route.
  fileprivate typealias Original = @convention(thin) (UnownedJob) -> Void
  private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

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
        EffectTasks.observeOwnership {
          if JobOwnership.current != nil { return true }
          guard let task = withUnsafeCurrentTask(body: { $0 }) else { return false }
          let address = unsafeBitCast(task, to: UnsafeRawPointer.self)
          return ownedTasks.withLock { $0.owner(of: address) != nil }
        }
        EffectTasks.observe { task, starts, owner in
          guard starts else { return ownedTasks.withLock { $0.forget(task) } }
          guard let owner = owner as? JobTally ?? JobOwnership.current else { return }
          ownedTasks.withLock { $0.list(task, owner: owner) }
        }
        routing.hook = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook")?
          .assumingMemoryBound(to: Hook?.self)
      }
      if routing.users == 0 {
        routing.hook?.pointee = { job, original in routeIfOwned(job, original) }
        RuntimePath.setRoutesGlobalJobs(routing.hook != nil)
      }
      routing.users += 1
      return routing.hook != nil
    }
  }

  /// The tasks of tests' work now running, by address, with their owners (see ``OwnedTasks``):
  /// told by Loop as each effect's task starts and ends (`EffectTasks`), by
  /// ``DeterministicJobs/task(_:)``, and by the first job of a child task a listed task starts.
  ///
  /// NB: The hook cannot read a task-local of a job's own task when the task hops (the runtime
  /// queues it after it stopped being the current task), so such jobs are known by address.
  static let ownedTasks = LockedState(OwnedTasks<JobTally>())

  /// Whose work `job` is: a listed task's owner; else the owner of the code that queues it (a
  /// task starting a child, a task or a ``TestClock`` resuming a continuation); else nobody.
  fileprivate static func owner(of job: UnownedJob) -> JobTally? {
    let address = unsafeBitCast(job, to: UnsafeRawPointer.self)
    let current = withUnsafeCurrentTask { $0.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } }
    return ownedTasks.withLock { tasks in
      if let owner = tasks.owner(of: address) { return owner }
      let parent = current.flatMap { tasks.owner(of: $0) == nil ? nil : $0 }
      guard let owner = JobOwnership.current ?? current.flatMap(tasks.owner(of:)) else {
        return nil
      }
      // NB: A task a listed task starts (or wakes) is listed too, under it, until it ends; so
      // is a child task any owned task starts (it ends before its parent, and Loop's own
      // children say when): a task hops off the main queue before its body runs, and that hop
      // must be routed too.
      if parent != nil || isChildTask(address) {
        tasks.list(address, owner: owner, parent: parent)
      }
      return owner
    }
  }

  /// Whether the job at `address` is a child task, from its flags: a job is a heap object
  /// (two words), two words the scheduler keeps, then its 32-bit flags, whose low byte is its
  /// kind (0: a task) and whose bit 24 marks a child task (the Swift runtime's stable ABI:
  /// `Job` in swift/ABI/Task.h, `JobFlags` in swift/ABI/MetadataValues.h).
  private static func isChildTask(_ address: UnsafeRawPointer) -> Bool {
    let flags = address.load(
      fromByteOffset: 4 * MemoryLayout<UnsafeRawPointer>.size, as: UInt32.self)
    return flags & 0xFF == 0 && flags & (1 << 24) != 0
  }

  /// Forgets the tasks `owner` still has listed: its test store or scope is gone.
  static func forget(owner: JobTally) {
    ownedTasks.withLock { $0.forgetAll(where: { $0 === owner }) }
  }

  /// Runs `body` with the current task listed as owned by `owner`.
  static func listing<Success>(
    as owner: JobTally, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Success
  ) async rethrows -> Success {
    guard let task = withUnsafeCurrentTask(body: { $0 }) else { return try await body() }
    let address = unsafeBitCast(task, to: UnsafeRawPointer.self)
    ownedTasks.withLock { $0.list(address, owner: owner) }
    defer { ownedTasks.withLock { $0.forget(address) } }
    return try await body()
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

/// The hook: an owned job becomes a counted main-queue job; any other goes where it would have.
private func routeIfOwned(_ job: UnownedJob, _ original: GlobalJobRouting.Original) {
  guard let owner = GlobalJobRouting.owner(of: job) else { return original(job) }
  MainQueueJobs.shared.enqueueRouted(job, tally: owner)
}
