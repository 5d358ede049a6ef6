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
@MainActor
final class EffectRunner<Action: Sendable> {
  private struct Pending {
    var token: EffectToken
    var run: Effect<Action>.Run
    var send: Send<Action>
  }

  let storage = EffectStorage()
  /// Where the runner itself resumes.
  private let runnerExecutor: any TaskExecutor
  /// What the effects prefer for their nonisolated work.
  private let effectExecutor: any TaskExecutor
  private var pending: [Pending] = []
  private var spare: [Pending] = []
  private var wakeUp: UnsafeContinuation<Void, Never>?
  private var task: Task<Void, Never>?
  private var isShutDown = false

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

  private func launch() {
    let runner = self
    task = Task(executorPreference: runnerExecutor) { await runner.run() }
  }

  /// The runner's loop: the one task group every effect of the store is a child of.
  private func run() async {
    await EffectStorage.$current.withValue(storage) { await runGroup() }
  }

  private func runGroup() async {
    await withDiscardingTaskGroup { group in
      while true {
        startPending(in: &group)
        if isShutDown { break }
        await withUnsafeContinuation { wakeUp = $0 }
      }
    }
  }

  private func startPending(in group: inout DiscardingTaskGroup) {
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
