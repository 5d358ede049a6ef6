/// Where a store's effects run, when a store is made inside a test that drives time: what
/// LoopTesting gives a plain ``Store`` whose test has a `TestClock`, so that the clock's
/// `advance` lets the store's effects reach their sleeps before it moves time.
///
/// Loop asks for one when a store with no executor of its own starts its first effect (in the
/// task of the send that starts it, where a test's context is); outside tests, or in a test
/// with no clock, there is none and nothing changes.
package struct EffectContext: Sendable {
  /// What the effects prefer for their nonisolated work (the fast runtime path).
  package var executor: PreferredExecutor?
  /// Whose work the effects are, for LoopTesting's routing (the portable runtime path): told
  /// with each of the store's tasks (see ``EffectTasks``).
  package var owner: (any AnyObject & Sendable)?

  package init(executor: PreferredExecutor?, owner: (any AnyObject & Sendable)?) {
    self.executor = executor
    self.owner = owner
  }

  /// Gives LoopTesting's provider: called at a store's first effect, it returns the context of
  /// the test the send runs in, or `nil`.
  package static func install(_ provider: @escaping @Sendable () -> EffectContext?) {
    self.provider.withLock { $0 = provider }
  }

  /// The context for a store whose first effect starts now, if any.
  static func current() -> EffectContext? {
    provider.withLock { $0 }?()
  }

  private static let provider = LockedState<(@Sendable () -> EffectContext?)?>(nil)
}

/// What LoopTesting learns of the tasks a store's effects run in, on the portable runtime path
/// while it routes the global executor's jobs: each effect's task as it starts and as it ends,
/// so that its routing can tell that task's jobs from every other (a job of a task that hops
/// is queued after the runtime has let go of the task, when no task-local value can be read).
@usableFromInline
package enum EffectTasks {
  /// Installs the observer; called with the task's address, and, as the effect starts, `true`
  /// and its store's ``EffectContext/owner`` if it has one; as it ends, `false`.
  package static func observe(
    _ observer:
      @escaping @Sendable (
        _ task: UnsafeRawPointer, _ starts: Bool, _ owner: (any AnyObject & Sendable)?
      ) -> Void
  ) {
    self.observer.withLock { $0 = observer }
  }

  /// Tells the observer, if any, that the current task runs an effect (or a child task of
  /// one) from now on; returns what ``end(_:)`` needs.
  ///
  /// Synchronous, so that a task can call it before its first suspension, when no job of it
  /// has gone anywhere yet.
  @usableFromInline
  static func begin(owner: (any AnyObject & Sendable)? = nil) -> UnsafeRawPointer? {
    guard let observer = observer.withLock({ $0 }),
      let task = withUnsafeCurrentTask(body: { $0 })
    else { return nil }
    let address = unsafeBitCast(task, to: UnsafeRawPointer.self)
    observer(address, true, owner)
    return address
  }

  /// Tells the observer that the task ``begin()`` saw has done.
  @usableFromInline
  static func end(_ address: UnsafeRawPointer?) {
    guard let address, let observer = observer.withLock({ $0 }) else { return }
    observer(address, false, nil)
  }

  /// Whether the current task's work is a test's that LoopTesting routes (asked only while it
  /// routes): a child task starts as a routed job only then.
  @usableFromInline
  static var currentTaskIsOwned: Bool {
    isOwned.withLock({ $0 })?() ?? false
  }

  /// Installs the answer to ``currentTaskIsOwned``.
  package static func observeOwnership(_ isOwned: @escaping @Sendable () -> Bool) {
    self.isOwned.withLock { $0 = isOwned }
  }

  private static let isOwned = LockedState<(@Sendable () -> Bool)?>(nil)

  private static let observer = LockedState<
    (
      @Sendable (_ task: UnsafeRawPointer, _ starts: Bool, _ owner: (any AnyObject & Sendable)?) ->
        Void
    )?
  >(nil)
}
