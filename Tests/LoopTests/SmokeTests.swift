import Loop
import LoopTesting
import Testing

@MainActor
@Suite struct SmokeTests {
  @Test func roundTrip() async {
    let reducer = Reducer<Probe.State, Probe.Action, Void> { state, action, _ in
      switch action {
      case let .tap(name):
        state.log.append("tap \(name)")
        return .run { send in await send(.effect(name)) }
      case let .effect(name):
        state.log.append("effect \(name)")
        return .none
      case .increment:
        state.count += 1
        return .none
      }
    }
    let store = Store(initialState: Probe.State(), reducer: reducer, environment: ())
    await store.send(.tap("a")).finish()
    #expect(store.state.log == ["tap a", "effect a"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func debounceWithTestClock() async {
    let clock = TestClock()
    let reducer = Reducer<Probe.State, Probe.Action, TestClock> { state, action, clock in
      switch action {
      case let .tap(name):
        return .run { send in await send(.effect(name)) }
          .debounce(id: "d", for: .seconds(1), clock: clock)
      case let .effect(name):
        state.log.append(name)
        return .none
      case .increment:
        return .none
      }
    }
    let store = Store.testing(Probe.State(), reducer, clock)
    store.send(.tap("a"))
    await clock.advance(by: .milliseconds(500))
    let task = store.send(.tap("b"))
    await clock.advance(by: .milliseconds(999))
    #expect(store.state.log == [])
    await clock.advance(by: .milliseconds(1))
    await task.finish()
    #expect(store.state.log == ["b"])
  }
}
