import Loop
import LoopTesting
import Testing

/// A flow with merged effects on a TestClock, ties on the same deadline, and cancellation.
private enum Flow {
  struct State: Equatable, Sendable { var log: [String] = [] }
  enum Action: Equatable, Sendable { case start, cancelSlow, done(String) }

  static let reducer = Reducer<State, Action, TestClock> { state, action, clock in
    switch action {
    case .start:
      return .merge(
        .send(.done("sync")),
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.done("a"))
          try await clock.sleep(for: .seconds(1))
          await send(.done("a2"))
        },
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.done("b"))
        },
        .run { send in
          try await clock.sleep(for: .seconds(5))
          await send(.done("slow"))
        }
        .cancellable(id: "slow"),
        .concatenate(
          .run { send in
            try await clock.sleep(for: .milliseconds(1500))
            await send(.done("c1"))
          },
          .run { send in await send(.done("c2")) }
        )
      )
    case .cancelSlow:
      return .cancel(id: "slow")
    case let .done(name):
      state.log.append(name)
      return .none
    }
  }
}

@MainActor
private func runFlow() async -> [String] {
  let clock = TestClock()
  let store = TestStore(initialState: Flow.State(), reducer: Flow.reducer, environment: clock)
  store.exhaustivity = .off
  await store.send(.start)
  await clock.advance(by: .seconds(1))
  await store.send(.cancelSlow)
  await clock.advance(by: .seconds(2))
  await store.skipReceivedActions()
  await store.finish()
  return store.state.log
}

@MainActor
@Suite("Determinism")
struct DeterminismTests {
  @Test("the same test gives the same actions and state 1,000 times in a row")
  func thousandRuns() async {
    let first = await runFlow()
    #expect(first == ["sync", "a", "b", "c1", "c2", "a2"])
    var differing = 0
    for _ in 1..<1_000 where await runFlow() != first {
      differing += 1
    }
    #expect(differing == 0)
  }

  @Test("the flow passes as an exhaustive test, receiving each action in order")
  func exhaustiveFlow() async {
    let clock = TestClock()
    let store = TestStore(initialState: Flow.State(), reducer: Flow.reducer, environment: clock)
    await store.send(.start)
    await store.receive(.done("sync")) { $0.log = ["sync"] }
    await clock.advance(by: .seconds(1))
    await store.receive(.done("a")) { $0.log.append("a") }
    await store.receive(.done("b")) { $0.log.append("b") }
    await store.send(.cancelSlow)
    await clock.advance(by: .seconds(2))
    await store.receive(.done("c1")) { $0.log.append("c1") }
    await store.receive(.done("c2")) { $0.log.append("c2") }
    await store.receive(.done("a2")) { $0.log.append("a2") }
    await store.finish()
  }

  @Test(
    "200 test stores running at once never see each other's effects, ids or clocks",
    arguments: 0..<200)
  func parallel(index: Int) async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Feature.State(), reducer: Feature.reducer,
      environment: Feature.environment(clock: clock))
    await store.send(.startTimer)
    let ticks = index % 4 + 1
    await clock.advance(by: .seconds(ticks))
    for tick in 1...ticks {
      await store.receive(.tick) { $0.ticks = tick }
    }
    // Every store cancels the same id; only its own timer stops.
    await store.send(.stopTimer)
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }
}
