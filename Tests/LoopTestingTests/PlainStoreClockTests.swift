import Loop
import LoopTesting
import Testing

@Suite("A plain store driven by a TestClock")
@MainActor
struct PlainStoreClockTests {
  @Test("every sleeper an advance passes wakes, and what it sends is reduced, every time")
  func advanceWakesPlainStoreSleepers() async {
    for attempt in 0..<50 {
      let clock = TestClock()
      let store = Store(initialState: Napper.State(), reducer: Napper.reducer, environment: clock)
      let task = store.send(.nap)
      await clock.advance(by: .seconds(1))
      #expect(store.state.naps == 1, "attempt \(attempt): the sleeper did not wake")
      if store.state.naps != 1 { return }
      await task.finish()
    }
  }

  @Test("an advance short of the deadline wakes nothing; the rest of it wakes the sleeper")
  func partialAdvance() async {
    let clock = TestClock()
    let store = Store(initialState: Napper.State(), reducer: Napper.reducer, environment: clock)
    store.send(.nap)
    await clock.advance(by: .milliseconds(999))
    #expect(store.state.naps == 0)
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(1))
    #expect(store.state.naps == 1)
  }

  @Test("a clock released with its store frees both")
  func released() async {
    weak var weakClock: TestClock?
    weak var weakStore: Store<Napper.State, Napper.Action>?
    do {
      let clock = TestClock()
      let store = Store(initialState: Napper.State(), reducer: Napper.reducer, environment: clock)
      weakClock = clock
      weakStore = store
      store.send(.nap)
      await clock.advance(by: .seconds(1))
      #expect(store.state.naps == 1)
    }
    #expect(weakStore == nil)
    #expect(weakClock == nil)
  }
}
