import Synchronization

/// The handle on one running effect: cancels its task, and tells whether it was cancelled.
///
/// Cancellation is safe from any thread and re-entrant: a task's cancellation handlers may
/// cancel other effects (or this one again) without deadlocking, because only the first
/// canceller takes the lock.
@usableFromInline
final class EffectToken: Sendable {
  let tags: [CancellationTag]
  let cascade: EffectCascade?
  private let cancelRequested = Atomic<Bool>(false)
  // NB: The task is cancelled while this lock is held, and the task clears its handle under
  // the same lock when it ends, so the unsafe handle is never used after its task is gone.
  private let phase = LockedState(EffectPhase<TaskHandle>())

  @usableFromInline
  init(tags: [CancellationTag], cascade: EffectCascade?) {
    self.tags = tags
    self.cascade = cascade
  }

  /// Whether the effect has been asked to stop.
  var isCancelled: Bool { cancelRequested.load(ordering: .acquiring) }

  /// Records the current task as the effect's. Returns `false` if the effect was cancelled
  /// before it started.
  func start(_ handle: TaskHandle) -> Bool {
    phase.withLock { $0.start(handle) }
  }

  /// Records the current task as the effect's; see ``start(_:)``. Returns `false` outside a
  /// task.
  @usableFromInline
  func startInCurrentTask() -> Bool {
    withUnsafeCurrentTask { task in task.map { start(TaskHandle($0)) } ?? false }
  }

  /// Cancels the effect: a pending one never starts, a running one's task is cancelled.
  @usableFromInline
  func cancel() {
    guard
      cancelRequested.compareExchange(
        expected: false, desired: true, ordering: .acquiringAndReleasing
      ).exchanged
    else { return }
    phase.withLock { $0.cancel()?.cancel() }
  }

  /// Records that the effect's task ended.
  @usableFromInline
  func finish() {
    phase.withLock { $0.finish() }
  }
}

/// The running task of an effect.
struct TaskHandle: @unchecked Sendable {
  // NB: Only used under `EffectToken.phase`'s lock, and only while the task runs (the task
  // clears it under that lock before it ends).
  private let task: UnsafeCurrentTask

  init(_ task: UnsafeCurrentTask) { self.task = task }

  func cancel() { task.cancel() }
}
