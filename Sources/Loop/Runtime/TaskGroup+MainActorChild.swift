// Adding a child task that starts on the main actor, on both runtime paths (see `RuntimePath`).
//
// Fast path: an immediate task, which runs on the caller's thread, on the main actor, until its
// first suspension: no job is queued to start it. Portable path: an ordinary child task whose
// body is main-actor isolated, which starts as the main actor's next job. Effects start in the
// same order either way (the main actor runs its jobs first in, first out), and each runs on the
// main actor until it awaits something elsewhere.
//
// NB: The operation is a closure *value*, passed on: a `{ @MainActor in … }` literal written
// straight into `addTask` inside these generic async contexts trips Swift 6.3.1's
// region-based isolation checker ("pattern that the region-based isolation checker does not
// understand how to check").

extension DiscardingTaskGroup {
  /// Adds a child task that starts on the main actor.
  @inlinable
  mutating func addMainActorTask(
    priority: TaskPriority? = nil, operation: sending @escaping @MainActor () async -> Void
  ) {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), RuntimePath.isFast {
      addImmediateTask(priority: priority, operation: operation)
    } else {
      addTask(priority: priority, operation: operation)
    }
  }
}

extension ThrowingDiscardingTaskGroup {
  /// Adds a child task that starts on the main actor.
  @inlinable
  mutating func addMainActorTask(operation: sending @escaping @MainActor () async throws -> Void) {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), RuntimePath.isFast {
      addImmediateTask(operation: operation)
    } else {
      addTask(operation: operation)
    }
  }
}

extension ThrowingTaskGroup {
  /// Adds a child task that starts on the main actor.
  @inlinable
  mutating func addMainActorTask(
    operation: sending @escaping @MainActor () async throws -> ChildTaskResult
  ) {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), RuntimePath.isFast {
      addImmediateTask(operation: operation)
    } else {
      addTask(operation: operation)
    }
  }
}
