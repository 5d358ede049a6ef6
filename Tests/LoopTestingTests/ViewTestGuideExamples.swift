// The code Docs/LoopTesting.docc/Testing.md shows for "A view's test: a plain store and a
// TestClock", compiled and run.
import Loop
import LoopTesting
import Testing

/// A feature that naps, then wakes: what a view's test drives with a plain store and a clock.
enum Napper {
  struct State: Equatable { var naps = 0 }
  enum Action: Equatable, Sendable { case nap, woke }

  static let reducer = Reducer<State, Action, any Clock<Duration>> { state, action, clock in
    switch action {
    case .nap:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.woke)
      }
    case .woke:
      state.naps += 1
      return .none
    }
  }
}

@Test @MainActor func napping() async {
  let clock = TestClock()
  let store = Store(initialState: Napper.State(), reducer: Napper.reducer, environment: clock)
  store.send(.nap)  // an effect that sleeps one second, then sends .woke
  await clock.advance(by: .seconds(1))  // wakes it: .woke has been reduced when this returns
  #expect(store.state.naps == 1)
}
