// The code Docs/LoopTesting.docc/Testing.md shows for "A wait that cannot end fails instead of
// hanging", compiled and run, with the failure's whole text pinned.
import Loop
import LoopTesting
import Testing

/// A wait that cannot end fails the test, naming the send, instead of hanging.
@MainActor
@Suite("TestStore waits end", .hangBackstop)
struct TestStoreBoundedWaitTests {
  enum Ticker {
    struct State: Equatable { var ticks = 0 }
    enum Action: Equatable, Sendable { case start, tick }
    static let reducer = Reducer<State, Action, ImmediateClock> { state, action, clock in
      switch action {
      case .start:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  @Test("a timer on an ImmediateClock never goes quiet: send fails naming it, and returns")
  func immediateClockTimer() async {
    let store = TestStore(
      initialState: Ticker.State(), reducer: Ticker.reducer, environment: ImmediateClock())
    store.exhaustivity = .off
    let location: SourceLocation = #_sourceLocation
    await expectFailure(
      """
      Effects never went quiet after sending TestStoreBoundedWaitTests.Ticker.Action.start: \
      they ran 100000 jobs without once all waiting on something outside them, still doing \
      work the test store waits for.

        started by sending TestStoreBoundedWaitTests.Ticker.Action.start at \
      BoundedWaitGuideExamples.swift:\(location.line)

      An effect that loops without waiting on anything the test controls never lets the test \
      go on: a timer on an ImmediateClock, or a loop whose only wait is an ImmediateClock \
      sleep or Task.yield(). The test store cancelled its running effects. To fix, drive such \
      an effect with a TestClock and advance it, give the loop an end, or cancel the effect \
      from the feature.
      """
    ) {
      await store.send(.start, sourceLocation: location)
    }
    await store.finish()
    #expect(store.state.ticks > 0)
  }
}
