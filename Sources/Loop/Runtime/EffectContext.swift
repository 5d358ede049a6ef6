/// Where a store's effects run when a test drives them: what LoopTesting gives a store so that
/// every step of its effects is a job it can count, in one order.
///
/// A test store passes one when it makes its store. A plain ``Store`` asks for one as it is
/// made (``current()``): inside a test that made a `TestClock`, LoopTesting answers with that
/// test's context, so the clock's `advance` lets the store's effects reach their sleeps before
/// it moves time. Outside tests, nothing is installed, the answer is `nil` and nothing changes.
@usableFromInline
package struct EffectContext: Sendable {
  /// What the effects prefer for their nonisolated work (the fast runtime path).
  package var executor: PreferredExecutor?
  /// Called at the start of the store's effect runner, in the runner's task, before its first
  /// effect starts: where LoopTesting learns which task's children are the test's work (the
  /// portable runtime path, which routes the global executor's jobs by task).
  package var runnerDidStart: (@Sendable () -> Void)?

  package init(executor: PreferredExecutor?, runnerDidStart: (@Sendable () -> Void)?) {
    self.executor = executor
    self.runnerDidStart = runnerDidStart
  }

  /// Installs LoopTesting's answer to ``current()``.
  package static func install(_ provider: @escaping @Sendable () -> EffectContext?) {
    self.provider.withLock { $0 = Provider(current: provider) }
  }

  /// The context of the test the current task runs, for a store made now; `nil` outside tests.
  @usableFromInline
  static func current() -> EffectContext? {
    provider.withLock { $0 }?.current()
  }

  // NB: Boxed: an optional closure stored in a `LockedState` gains a reabstraction thunk at
  // every `withLock` that reads it (see `RuntimePath`).
  private static let provider = LockedState<Provider?>(nil)

  private final class Provider: Sendable {
    let current: @Sendable () -> EffectContext?
    init(current: @escaping @Sendable () -> EffectContext?) { self.current = current }
  }
}
