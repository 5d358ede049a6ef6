/// Runs a store's async effects as child tasks of one task group it owns.
///
/// The runner is a long-lived task on the main actor. `start` queues an operation and wakes
/// it; each time it wakes it starts every queued operation with `addImmediateTask`, so an
/// effect runs on the main actor up to its first real suspension without a thread hop.
/// `shutDown` cancels the group: every effect is cancelled and the runner ends when they do.
///
/// The runner waits for work preferring ``MainActorTaskExecutor``, so a wake-up is one
/// main-queue job rather than a trip through the global executor and back. The preference is
/// scoped to the wait: effects started outside it have none, and run their nonisolated work on
/// the global executor as any task does (a child with a preference pays for a lock on every
/// actor hop). A test store's executor is preferred by the whole runner, and so inherited by
/// its effects.
///
/// The path an effect takes (`start`, the loop, the child task's body) is `@inlinable`, so it
/// is specialised for the app's `Action` in the app's module, as ``Store/send(_:)`` is:
/// unspecialised, it spent a fifth of each effect looking up generic metadata.
@MainActor
@usableFromInline
final class EffectRunner<Action: Sendable> {
  @usableFromInline let storage = EffectStorage()
  /// What the runner and its effects prefer throughout: a test store's executor, or none.
  @usableFromInline let executor: (any TaskExecutor)?
  /// What the runner prefers while it waits for work.
  @usableFromInline let waitExecutor: (any TaskExecutor)?
  @usableFromInline var pending: [EffectJob<Action>] = []
  @usableFromInline var spare: [EffectJob<Action>] = []
  @usableFromInline var wakeUp: UnsafeContinuation<Void, Never>?
  @usableFromInline var task: Task<Void, Never>?
  @usableFromInline var isShutDown = false

  /// - Parameter executor: What effects prefer for their nonisolated work; `nil` for the
  ///   global executor, as for any task.
  init(executor: (any TaskExecutor)?) {
    self.executor = executor
    self.waitExecutor = executor == nil ? MainActorTaskExecutor.shared : nil
  }

  /// Queues `run` as a new effect of `cascade` and wakes the runner.
  ///
  /// Registration (and `cancelInFlight`) happens now, synchronously, so a `.cancel(id:)`
  /// later in the same send already sees this effect.
  @inlinable
  func start(_ run: Effect<Action>.Run, cascade: EffectCascade, send: Send<Action>) {
    guard !isShutDown else { return }
    let job = EffectJob(run: run, cascade: cascade, send: send)
    storage.register(job)
    pending.append(job)
    if let wakeUp {
      self.wakeUp = nil
      wakeUp.resume()
    } else if task == nil {
      launch()
    }
  }

  /// Cancels every effect; the runner ends once they have.
  func shutDown() {
    isShutDown = true
    task?.cancel()
    for job in pending { job.cancel() }
    if let wakeUp {
      self.wakeUp = nil
      wakeUp.resume()
    }
  }

  @inlinable
  func launch() {
    let runner = self
    // NB: `Task(executorPreference:)` takes a nonisolated closure, which starts on the
    // preferred executor (or the global one); only a plain `Task` starts on the main actor.
    if let executor {
      task = Task(executorPreference: executor) { await runner.run() }
    } else {
      task = Task { await runner.run() }
    }
  }

  /// The runner's loop: the one task group every effect of the store is a child of.
  @inlinable
  func run() async {
    await storage.bind { await runGroup() }
  }

  @inlinable
  func runGroup() async {
    await withDiscardingTaskGroup { group in
      while true {
        startPending(in: &group)
        if isShutDown { break }
        await withTaskExecutorPreference(waitExecutor) { @MainActor in
          // NB: Taking the preference can suspend (a hop to the preferred executor), and an
          // effect started meanwhile found no `wakeUp` to resume: look again before waiting,
          // in the same main-actor step that sets `wakeUp`, or that effect never starts.
          guard pending.isEmpty, !isShutDown else { return }
          await withUnsafeContinuation { wakeUp = $0 }
        }
      }
    }
  }

  @inlinable
  func startPending(in group: inout DiscardingTaskGroup) {
    // NB: Swap the queue with a spare buffer so draining it allocates nothing in steady
    // state, and effects queued while these start are picked up by the loop.
    while !pending.isEmpty {
      swap(&pending, &spare)
      for job in spare {
        let storage = self.storage
        group.addImmediateTask(priority: job.run.priority) { @MainActor in
          do {
            try await job.run.execute(job, storage, job.send)
          } catch {
            reportUnhandledError(error)
          }
        }
      }
      spare.removeAll(keepingCapacity: true)
    }
  }
}
