import Loop
import LoopTesting
import Testing

@MainActor
@Suite("Stress", .hangBackstop)
struct StressTests {
  @Test("10,000 concurrent effects cancelled mid-flight deliver no action afterwards")
  func massCancellation() async {
    let clock = TestClock()
    let reducer = Reducer<Probe.State, Probe.Action, TestClock> { state, action, clock in
      switch action {
      case .tap("start"):
        return .merge(
          (0..<10_000).map { index in
            .run { send in
              try await clock.sleep(for: .seconds(1))
              await send(.effect("\(index)"))
            }
            .cancellable(id: "all")
          })
      case .tap:
        return .cancel(id: "all")
      case let .effect(name):
        state.log.append(name)
        return .none
      case .increment:
        return .none
      }
    }
    let store = Store(initialState: Probe.State(), reducer: reducer, environment: clock)
    let task = store.send(.tap("start"))
    #expect(store.inFlightEffectCount == 10_000)
    while clock.sleeperCount < 10_000 { await Task.yield() }
    store.send(.tap("cancel"))
    #expect(clock.sleeperCount == 0)
    await task.finish()
    await clock.advance(by: .seconds(2))
    #expect(store.state.log.isEmpty)
    #expect(store.inFlightEffectCount == 0)
  }

  @Test("100,000 actions through effects leave no effect in flight")
  func manyRoundTrips() async {
    let reducer = Reducer<Probe.State, Probe.Action, Void> { state, action, _ in
      switch action {
      case .tap:
        return .merge((0..<1_000).map { _ in .run { send in await send(.increment) } })
      case .increment:
        state.count += 1
        return .none
      case .effect:
        return .none
      }
    }
    let store = Store(initialState: Probe.State(), reducer: reducer, environment: ())
    for _ in 0..<100 { await store.send(.tap("burst")).finish() }
    #expect(store.state.count == 100_000)
    #expect(store.inFlightEffectCount == 0)
  }
}
