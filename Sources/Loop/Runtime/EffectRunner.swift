/// Runs a store's async effects as child tasks of one task group it owns.
///
/// The runner is a long-lived task on the main actor. `start` queues an operation and wakes
/// it; each time it wakes it starts every queued operation with `addImmediateTask`, so an
/// effect runs on the main actor up to its first real suspension without a thread hop.
/// `shutDown` cancels the group: every effect is cancelled and the runner ends when they do.
///
/// The runner prefers ``MainActorTaskExecutor``, so a wake-up is one main-queue job rather
/// than a trip through the global executor and back; its effects prefer the store's executor
/// (the global one, unless a test store gives its own), which they would have had anyway.
///
/// The path an effect takes (`start`, the loop, the child task's body) is `@inlinable`, so it
/// is specialised for the app's `Action` in the app's module, as ``Store/send(_:)`` is:
/// unspecialised, it spent a fifth of each effect looking up generic metadata.
@MainActor
@usableFromInline
final class EffectRunner<Action: Sendable> {
  @usableFromInline
  struct Pending {
    @usableFromInline var token: EffectToken
    @usableFromInline var run: Effect<Action>.Run
    @usableFromInline var send: Send<Action>

    @inlinable
    init(token: EffectToken, run: Effect<Action>.Run, send: Send<Action>) {
      self.token = token
      self.run = run
      self.send = send
    }
  }

  @usableFromInline let storage = EffectStorage()
  /// Where the runner itself resumes.
  @usableFromInline let runnerExecutor: any TaskExecutor
  /// What the effects prefer for their nonisolated work.
  @usableFromInline let effectExecutor: any TaskExecutor
  @usableFromInline var pending: [Pending] = []
  @usableFromInline var spare: [Pending] = []
  @usableFromInline var wakeUp: UnsafeContinuation<Void, Never>?
  @usableFromInline var task: Task<Void, Never>?
  @usableFromInline var isShutDown = false

  /// - Parameter executor: What effects prefer for their nonisolated work; `nil` for the
  ///   global executor, as for any task.
  init(executor: (any TaskExecutor)?) {
    self.runnerExecutor = executor ?? MainActorTaskExecutor.shared
    self.effectExecutor = executor ?? globalConcurrentExecutor
  }

  /// Queues `run` as a new effect of `cascade` and wakes the runner.
  ///
  /// Registration (and `cancelInFlight`) happens now, synchronously, so a `.cancel(id:)`
  /// later in the same send already sees this effect.
  @inlinable
  func start(_ run: Effect<Action>.Run, cascade: EffectCascade, send: Send<Action>) {
    guard !isShutDown else { return }
    let token = EffectToken(tags: run.cancellation, cascade: cascade)
    storage.register(token)
    pending.append(Pending(token: token, run: run, send: send))
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
    for item in pending { item.token.cancel() }
    if let wakeUp {
      self.wakeUp = nil
      wakeUp.resume()
    }
  }

  @inlinable
  func launch() {
    let runner = self
    task = Task(executorPreference: runnerExecutor) { await runner.run() }
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
        await withUnsafeContinuation { wakeUp = $0 }
      }
    }
  }

  @inlinable
  func startPending(in group: inout DiscardingTaskGroup) {
    // NB: Swap the queue with a spare buffer so draining it allocates nothing in steady
    // state, and effects queued while these start are picked up by the loop.
    while !pending.isEmpty {
      swap(&pending, &spare)
      for item in spare {
        let storage = self.storage
        group.addImmediateTask(priority: item.run.priority, executorPreference: effectExecutor) {
          @MainActor in
          do {
            try await item.run.execute(item.token, storage, item.send)
          } catch {
            reportUnhandledError(error)
          }
        }
      }
      spare.removeAll(keepingCapacity: true)
    }
  }
}
