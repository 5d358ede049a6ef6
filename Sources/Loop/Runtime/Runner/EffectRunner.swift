/// Runs a store's async effects as child tasks of one task group it owns.
///
/// The runner is a long-lived task on the main actor. `start` queues an operation and wakes
/// it; each time it wakes it starts every queued operation as a child task on the main actor:
/// on the fast runtime path (see ``RuntimePath``) with `addImmediateTask`, so an effect runs up
/// to its first real suspension without a thread hop; on the others as the main actor's next
/// job. (Under a test store, each starts as a job the test counts instead, to tell when its
/// effects are quiet.)
/// `shutDown` cancels the group: every effect is cancelled and the runner ends when they do.
///
/// On the fast and executor paths an app's runner waits for work preferring
/// ``MainActorTaskExecutor``, so a wake-up is one main-queue job rather than a trip through the
/// global executor and back. The preference is scoped to the wait: effects started outside it
/// have none, and run their nonisolated work on the global executor as any task does (a child
/// with a preference pays for a lock on every actor hop). A test store's executor is preferred
/// by the whole runner, and so inherited by its effects. The portable path waits with no
/// preference: more hops, same order.
///
/// The runner is written once, for every store: it knows jobs as ``AnyEffectJob``s, and runs
/// each through ``perform``, which the store gives it. Only that body, ``EffectJob/perform(_:_:)``,
/// is specialised for the app's `Action` (in the app's module, as ``Store/send(_:)`` is): the
/// loop, its waits and its launch are the same code for every store, not a copy per `Action`
/// in every module that makes a store.
@MainActor
@usableFromInline
final class EffectRunner {
  /// The body of an effect's child task: ``EffectJob/perform(_:_:)`` for the store's `Action`.
  @usableFromInline typealias Perform =
    @MainActor @Sendable (AnyEffectJob, EffectStorage) async -> Void

  let perform: Perform
  @usableFromInline let storage = EffectStorage()
  /// What the runner and its effects prefer throughout: a test's executor, or none.
  let executor: PreferredExecutor?
  /// Called as the runner starts, in its task: see ``EffectContext/runnerDidStart``.
  let runnerDidStart: (@Sendable () -> Void)?
  /// Called as each effect's task and the runner's end, in that task: see
  /// ``EffectContext/taskDidEnd``.
  let taskDidEnd: (@Sendable () -> Void)?
  /// ``RuntimePath/isFast``, read once: a stored field is cheaper to read per effect than a
  /// lazily initialised global.
  let isFast = RuntimePath.isFast
  /// Whether each effect starts with `addImmediateTask`: on the fast path, when no test's
  /// executor is preferred. Decided once: asked per effect, `executor == nil` copied and
  /// checked an `any Sendable` (benchmark (c)).
  let startsImmediately: Bool
  /// Whether the runner waits for work preferring ``MainActorTaskExecutor`` (on the fast and
  /// executor runtime paths): an app's runner. A test's either prefers the test's executor
  /// throughout or has its jobs routed by the test (see ``EffectContext``), which a wake-up
  /// through the main actor's task executor would slip past.
  let waitsPreferringMainActor: Bool
  /// The queue and the wait, as a pure state machine. Unchecked, as `batch`: read and written
  /// for every effect started, on the main actor only, and no two accesses overlap — an
  /// immediate task started from `batch` that starts an effect touches `state` alone, after
  /// `takePending` returned.
  @exclusivity(unchecked) var state =
    EffectRunnerState<AnyEffectJob, UnsafeContinuation<Void, Never>>()
  /// The batch being started; kept between batches so draining allocates nothing.
  @exclusivity(unchecked) var batch: [AnyEffectJob] = []
  var task: Task<Void, Never>?

  /// - Parameters:
  ///   - context: Where a test runs the effects (see ``EffectContext``); `nil` in an app,
  ///     where they prefer no executor, as any task.
  ///   - perform: The body of each effect's child task.
  @usableFromInline
  init(context: EffectContext?, perform: @escaping Perform) {
    self.perform = perform
    self.executor = context?.executor
    self.startsImmediately = RuntimePath.isFast && context?.executor == nil
    self.runnerDidStart = context?.runnerDidStart
    self.taskDidEnd = context?.taskDidEnd
    self.waitsPreferringMainActor = context == nil && RuntimePath.prefersMainActorExecutor
  }

  /// Queues `job` and wakes the runner.
  ///
  /// Registration (and `cancelInFlight`) happens now, synchronously, so a `.cancel(id:)`
  /// later in the same send already sees this effect.
  @usableFromInline
  func start(_ job: AnyEffectJob) {
    guard !state.isShutDown else {
      job.recording?.ended(cancelled: true)
      return
    }
    storage.register(job)
    switch state.start(job) {
    case .none: break
    case let .resume(waiter): waiter.resume()
    case .launch: launch()
    }
  }

  /// Cancels every effect; the runner ends once they have.
  func shutDown() {
    let (unstarted, waiter) = state.shutDown()
    task?.cancel()
    // NB: A job that never starts still counts in flight and in its cascade: end it here,
    // or `finish()` on its task would wait forever. Cancelled while pending, it has no task
    // whose end to record.
    for job in unstarted {
      job.cancel()
      storage.unregister(job)
      job.recording?.ended(cancelled: true)
    }
    waiter?.resume()
  }

  /// Launches the runner now, from the caller's task, whose task-local values it and every
  /// effect inherit: a test store's, so that an issue a test double records from an effect
  /// (`Issue.record`, `unimplemented`) belongs to the test that made the store.
  ///
  /// Call it where no value of Loop's own is bound (a test store's init), or effects would
  /// inherit that too.
  func launchInCurrentTask() {
    guard state.launchEarly() else { return }
    let runner = self
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), isFast,
      let executor = executor?.taskExecutor
    {
      task = Task(executorPreference: executor) { await runner.run() }
    } else {
      let taskDidEnd = self.taskDidEnd
      task = Task {
        await runner.run()
        taskDidEnd?()
      }
    }
    if let task { storage.setRunnerTask(task) }
  }

  func launch() {
    let runner = self
    // NB: Detached: the runner lives as long as the store, and must not keep the task-locals
    // and priority of whichever send happened to start the first effect (a presented child's
    // dismissal, the outliving flag, a caller's own values). Each effect gets its priority
    // from its own send (see `EffectJob`), and no task-local from any send.
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), isFast,
      let executor = executor?.taskExecutor
    {
      task = Task.detached(executorPreference: executor) { await runner.run() }
    } else {
      // NB: A nonisolated closure, so the runner starts with one hop to the main actor (once
      // per store): Swift 6.3.1's region checker rejects a detached `@MainActor` closure here.
      // `taskDidEnd` is called after its hop back, in the task's last job.
      let taskDidEnd = self.taskDidEnd
      task = Task.detached {
        await runner.run()
        taskDidEnd?()
      }
    }
    if let task { storage.setRunnerTask(task) }
  }

  /// The runner's loop: the one task group every effect of the store is a child of.
  func run() async {
    didStart()
    await storage.bind { await runGroup() }
  }

  func didStart() {
    runnerDidStart?()
  }

  func runGroup() async {
    // NB: Its children never throw (`EffectJob.perform` reports what an effect throws), so neither
    // does the group.
    try? await withThrowingDiscardingTaskGroup { group in
      while true {
        startPending(in: &group)
        if state.isShutDown { break }
        await waitForWork()
      }
    }
  }

  /// Suspends until an effect is queued or the runner shuts down.
  ///
  /// Who wakes it: ``start(_:run:cascade:send:)`` or ``shutDown()``, whichever comes first
  /// after the waiter is published. The queue is looked at inside the continuation's body, in
  /// the same main-actor step that publishes the waiter: the calls around it (taking the
  /// executor preference, entering `withUnsafeContinuation`) can each be a trip through the
  /// main queue, during which a send can queue an effect. Looked at any earlier, such an
  /// effect finds no waiter to resume, and never starts.
  func waitForWork() async {
    if #available(macOS 15.4, iOS 18.4, tvOS 18.4, watchOS 11.4, visionOS 2.4, *),
      waitsPreferringMainActor
    {
      await withTaskExecutorPreference(MainActorTaskExecutor.shared) { @MainActor in
        await withUnsafeContinuation { continuation in
          state.wait(continuation)?.resume()
        }
      }
    } else {
      await withUnsafeContinuation { continuation in
        state.wait(continuation)?.resume()
      }
    }
  }

  func startPending(in group: inout ThrowingDiscardingTaskGroup<any Error>) {
    // NB: Effects queued while these start are picked up by the next turn of the loop.
    while !state.pending.isEmpty {
      state.takePending(into: &batch)
      for job in batch {
        let storage = self.storage
        let perform = self.perform
        // NB: An app's effect is formed here, as a `@MainActor` closure literal, on every path:
        // through `addMainActorTask` it would be converted to `@isolated(any)` by a thunk, one
        // more allocation per effect ((b) and (c) on the portable path: 12 → 11 and 5 → 4).
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), startsImmediately {
          group.addImmediateTask(priority: job.priority) { @MainActor in
            await perform(job, storage)
          }
        } else if !startsAsCountedJob {
          // NB: The portable and executor paths: a child whose body is main-actor isolated,
          // which starts as the main actor's next job (see `addMainActorTask`). Typed
          // `@isolated(any)` where it is formed: a `@MainActor` literal written into `addTask`
          // trips Swift 6.3.1's region-based isolation checker.
          let operation: @Sendable @isolated(any) () async throws -> Void = { @MainActor in
            await perform(job, storage)
          }
          group.addTask(priority: job.priority, operation: operation)
        } else {
          // NB: Under a test store (whose executor the runner prefers, or whose routing counts
          // the child's jobs), an effect starts as every nested child does: see
          // `addMainActorTask`.
          // NB: `taskDidEnd` goes apart from the operation, which keeps nothing across its
          // `await`: captured there, it cost each effect's task one more allocation, of about a
          // kilobyte ((c) on the portable path). Only a routed child's closure keeps it.
          group.addMainActorTask(priority: job.priority, didEnd: taskDidEnd) {
            await perform(job, storage)
          }
        }
      }
      batch.removeAll(keepingCapacity: true)
    }
  }
}
