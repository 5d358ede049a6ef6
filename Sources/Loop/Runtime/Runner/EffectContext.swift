/// Where a store's effects run when a test drives them: what LoopTesting gives a store so that
/// every step of its effects is a job it can count, in one order.
///
/// This is the one seam between Loop's runtime and LoopTesting: the runtime knows nothing of
/// tests beyond what LoopTesting installs here — a context for a store made inside a test
/// (``install(_:)``), and, on the portable runtime path, which tasks' jobs it routes
/// (``setRouting(_:)``). Outside tests nothing is installed, and each check is one load.
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

  /// Whether LoopTesting routes the current task's jobs from the global executor to its
  /// counted main-queue jobs: the task is a test's work, on the portable path (see
  /// LoopTesting's `GlobalJobRouting`).
  ///
  /// Then a child task it starts on the main actor starts with a job of the global executor,
  /// which is routed and counted, rather than as a job of the main actor's own, which nothing
  /// counts. Costs one atomic load where nothing is routed.
  @usableFromInline
  package static var routesCurrentTask: Bool {
    guard routing.load(0) != 0 else { return false }
    return isRouted()
  }

  @usableFromInline
  static func isRouted() -> Bool {
    routedTask.withLock { $0 }?.isRouted() ?? false
  }

  /// Installs LoopTesting's answer to ``routesCurrentTask`` while it routes jobs, or removes it
  /// (`nil`) when it stops.
  package static func setRouting(_ routesCurrentTask: (@Sendable () -> Bool)?) {
    routedTask.withLock { $0 = routesCurrentTask.map(RoutedTask.init) }
    routing.store(routesCurrentTask == nil ? 0 : 1, at: 0)
  }

  // NB: The closure is boxed: a closure stored in a `LockedState` as an optional function is
  // reabstracted on every `withLock` that reads it through `inout`, one thunk deeper each time,
  // until a call overflows the stack (Swift 6.3.1).
  private static let routedTask = LockedState<RoutedTask?>(nil)

  private final class RoutedTask: Sendable {
    let isRouted: @Sendable () -> Bool
    init(_ isRouted: @escaping @Sendable () -> Bool) { self.isRouted = isRouted }
  }
  private static let routing = AtomicWords(count: 1)
}
