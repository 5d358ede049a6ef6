import Dispatch
import Loop
import LoopTesting
import Testing

@MainActor
@Suite("EffectRunner wake-ups", .deterministicJobs)
struct EffectRunnerTests {
  /// The lost wake-up, made deterministic: a send that lands while the runner is on its way to
  /// wait (anywhere between its last look at the queue and publishing its waiter) must still
  /// start its effect. Each depth puts the second send that many main-queue jobs after the
  /// runner's first step, so one of them falls into any gap the wait has.
  @Test(
    "an effect started while the runner is on its way to wait still runs",
    arguments: [Kind.plain, .testExecutor], 0..<8)
  func startWhileGoingToWait(kind: Kind, depth: Int) async {
    let (delivered, deliver) = AsyncStream.makeStream(of: Int.self)
    let reducer = Reducer<Probe.State, Int, Void> { _, value, _ in
      .run { _ in deliver.yield(value) }
    }
    let store = kind.store(reducer)
    store.send(1)  // launches the runner: its first step is now at the back of the main queue
    onMainQueue(after: depth) { store.send(2) }
    let values = await first(2, of: delivered, backstop: deliver)
    #expect(values == [1, 2], "depth \(depth): the second effect never ran (a lost wake-up)")
  }

  /// The same race, many times over, on stores that are already waiting: the runner goes back
  /// to wait after every effect, so every round crosses the window again.
  @Test(
    "a thousand effects, each sent from its own main-queue job, all run", arguments: [0, 1, 2, 3])
  func startsFromMainQueueJobs(depth: Int) async {
    let (delivered, deliver) = AsyncStream.makeStream(of: Int.self)
    let reducer = Reducer<Probe.State, Int, Void> { _, value, _ in
      .run { _ in deliver.yield(value) }
    }
    let store = Store(initialState: Probe.State(), reducer: reducer, environment: ())
    var received: [Int] = []
    for round in 0..<1_000 {
      onMainQueue(after: depth) { store.send(round) }
      received += await first(1, of: delivered, backstop: deliver)
      if received.count != round + 1 { break }
    }
    #expect(
      received.count == 1_000 && received == Array(0..<1_000),
      "\(received.count) of 1,000 effects ran; the next one never did (a lost wake-up)")
  }

  @Test("releasing a store before its runner starts a queued effect ends that effect's task")
  func releaseWithQueuedEffect() async {
    let ran = Flag()
    let reducer = Reducer<Probe.State, Int, Void> { _, _, _ in .run { _ in ran.set() } }
    var store: Store<Probe.State, Int>? = Store(
      initialState: Probe.State(), reducer: reducer, environment: ())
    let task = store?.send(1)  // queued; the runner's task has not run yet
    store = nil
    await task?.finish()
    #expect(!ran.isSet)
    #expect(task?.hasLiveEffects == false)
  }

  enum Kind: Sendable, CustomTestStringConvertible {
    case plain, testExecutor
    var testDescription: String { self == .plain ? "a store" : "a store on the test executor" }

    @MainActor
    func store(_ reducer: Reducer<Probe.State, Int, Void>) -> Store<Probe.State, Int> {
      switch self {
      case .plain: Store(initialState: Probe.State(), reducer: reducer, environment: ())
      case .testExecutor: .testing(Probe.State(), reducer, ())
      }
    }
  }
}

/// Runs `body` on the main queue `depth` jobs from now: each job queues the next at the back.
func onMainQueue(after depth: Int, _ body: @escaping @MainActor @Sendable () -> Void) {
  DispatchQueue.main.async {
    MainActor.assumeIsolated {
      if depth == 0 { body() } else { onMainQueue(after: depth - 1, body) }
    }
  }
}

/// The first `count` values of `stream`. A backstop on the real clock, as long as the suites'
/// `.hangBackstop`, finishes the stream so a lost wake-up fails the test instead of hanging it;
/// it never makes a test pass.
func first<Value: Sendable>(
  _ count: Int, of stream: AsyncStream<Value>, backstop: AsyncStream<Value>.Continuation
) async -> [Value] {
  let watchdog = Task {
    try await ContinuousClock().sleep(for: .hangBackstop)
    backstop.finish()
  }
  defer { watchdog.cancel() }
  var values: [Value] = []
  for await value in stream {
    values.append(value)
    if values.count == count { break }
  }
  return values
}

/// What one effect saw of its task's context.
private enum Context {
  @TaskLocal static var marker: String?

  struct Seen: Equatable, Sendable {
    var marker: String?
    var priority: TaskPriority
  }

  static let reducer = Reducer<[Seen], Seen?, Void> { seen, action, _ in
    guard let action else {
      return .run { send in
        await send(Seen(marker: Context.marker, priority: Task.basePriority ?? .medium))
      }
    }
    seen.append(action)
    return .none
  }
}

@MainActor
@Suite("Effects inherit nothing from an unrelated send", .hangBackstop)
struct EffectContextTests {
  @Test("no effect sees a task-local of the send that launched the runner, nor of its own")
  func noTaskLocalsFromSenders() async {
    let store = Store(initialState: [], reducer: Context.reducer, environment: ())
    await Context.$marker.withValue("first sender") {
      await store.send(nil).finish()
    }
    await store.send(nil).finish()
    #expect(store.state.map(\.marker) == [nil, nil])
  }

  @Test("each effect runs at the priority of the send that started it")
  func priorityOfItsOwnSend() async {
    let store = Store(initialState: [], reducer: Context.reducer, environment: ())
    await Task(priority: .high) { @MainActor in await store.send(nil).finish() }.value
    await Task(priority: .low) { @MainActor in await store.send(nil).finish() }.value
    #expect(store.state.map(\.priority) == [.high, .low])
  }
}
