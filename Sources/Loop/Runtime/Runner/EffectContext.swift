/// Where a store's effects run when a test drives them: what LoopTesting gives a store so that
/// every step of its effects is a job it can count, in one order.
///
/// A test store passes one when it makes its store. A plain ``Store`` asks for one as it is
/// made (``current()``), through the ``TestSeam``: inside a test that made a `TestClock`,
/// LoopTesting answers with that test's context, so the clock's `advance` lets the store's
/// effects reach their sleeps before it moves time. Outside tests the answer is `nil` and
/// nothing changes.
@usableFromInline
package struct EffectContext: Sendable {
  /// What the effects prefer for their nonisolated work (the fast runtime path).
  package var executor: PreferredExecutor?
  /// Called at the start of the store's effect runner, in the runner's task, before its first
  /// effect starts: where LoopTesting learns which task's children are the test's work (the
  /// portable and executor runtime paths, where it routes the global executor's jobs by task).
  package var runnerDidStart: (@Sendable () -> Void)?
  /// Called in the last job of each effect's task and of the runner's (an effect's, on the
  /// paths that start it as an ordinary child task): where LoopTesting forgets a task it
  /// routed, so that what it keeps is as big as the work running, not as all the work a
  /// long test ever started. Nothing of the task may be queued after it.
  package var taskDidEnd: (@Sendable () -> Void)?

  package init(
    executor: PreferredExecutor?, runnerDidStart: (@Sendable () -> Void)?,
    taskDidEnd: (@Sendable () -> Void)? = nil
  ) {
    self.executor = executor
    self.runnerDidStart = runnerDidStart
    self.taskDidEnd = taskDidEnd
  }

  /// The context of the test the current task runs, for a store made now; `nil` outside tests
  /// (see ``TestSeam``).
  @usableFromInline
  static func current() -> EffectContext? {
    TestSeam.installed?.effectContext()
  }

  /// Whether LoopTesting routes the current task's jobs from the global executor to its
  /// counted main-queue jobs: the task is a test's work, on the portable or executor path (see
  /// LoopTesting's `GlobalJobRouting`).
  ///
  /// Then a child task it starts on the main actor starts with a job of the global executor,
  /// which is routed and counted, rather than as a job of the main actor's own, which nothing
  /// counts. Costs one atomic load outside tests.
  @usableFromInline
  package static var routesCurrentTask: Bool {
    TestSeam.installed?.routesCurrentTask() ?? false
  }
}
