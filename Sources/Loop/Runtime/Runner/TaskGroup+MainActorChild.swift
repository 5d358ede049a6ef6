// Adding a child task that starts on the main actor, on both runtime paths (see `RuntimePath`).
//
// Fast path: an immediate task, which runs on the caller's thread, on the main actor, until its
// first suspension: no job is queued to start it. Portable path: an ordinary child task whose
// body is main-actor isolated, which starts as the main actor's next job. Effects start in the
// same order either way (the main actor runs its jobs first in, first out), and each runs on the
// main actor until it awaits something elsewhere.
//
// Under a test store a child starts as a job the test store counts (it counts every job of its
// effects to tell when they are quiet): on the fast path, a job of the task executor the test
// store's effects prefer, already isolated to the main actor (an immediate task runs its first
// steps as its parent's job, where each hop to the main actor is a main-queue job it cannot
// count); on the other paths, when a test owns the parent, a job of the global executor,
// which it routes and counts (a main-actor child starts as a job of the main actor's own
// executor, which it cannot see).
//
// NB: The operation is a closure *value*, passed on: a `{ @MainActor in … }` literal written
// straight into `addTask` inside these generic async contexts trips Swift 6.3.1's
// region-based isolation checker ("pattern that the region-based isolation checker does not
// understand how to check").

// Every group in the runtime is a `ThrowingDiscardingTaskGroup` (a child that cannot throw
// is one that never does), so that this choice is written once.
extension ThrowingDiscardingTaskGroup {
  /// Adds a child task that starts on the main actor; `didEnd`, if given, is called in the
  /// task's last step (see `EffectContext.taskDidEnd`).
  @inlinable
  mutating func addMainActorTask(
    priority: TaskPriority? = nil, didEnd: (@Sendable () -> Void)? = nil,
    operation: sending @escaping @MainActor () async throws -> Void
  ) {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), RuntimePath.isFast,
      !prefersTaskExecutor
    {
      addImmediateTask(priority: priority, operation: operation)
    } else if startsAsCountedJob {
      // NB: This closure is nonisolated, so the task hops off the main actor as `operation`
      // returns: that hop is its last job, and `didEnd` runs in it (in `operation`, the hop
      // would come after, as a job of a task the routing has forgotten).
      addTask(priority: priority) {
        defer { didEnd?() }
        try await operation()
      }
    } else {
      addTask(priority: priority, operation: operation)
    }
  }
}

/// Whether a child that is not an immediate task must start as a job a test store counts: a
/// nonisolated first job, which hops to the main actor. On the fast path that is every such
/// child (it runs under a test store's executor preference); on the others, those a
/// test's own task starts, whose jobs LoopTesting routes (another task's child starts on the
/// main actor, in order, as in an app).
@inlinable
var startsAsCountedJob: Bool {
  if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), RuntimePath.isFast {
    return true
  }
  return EffectContext.routesCurrentTask
}

/// Whether the current task prefers a task executor: on the fast path, a test store's.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@inlinable
var prefersTaskExecutor: Bool {
  withUnsafeCurrentTask { $0?.unownedTaskExecutor != nil }
}
