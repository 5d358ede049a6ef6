import Loop
import Testing

@testable import LoopTesting

/// The portable and executor paths route a test's tasks by id (`GlobalJobRouting`): what the
/// routing keeps is as big as the work running, not as every task a long test started. (On the
/// fast path nothing is routed, and each count is 0.)
@Suite("The routing forgets a test's tasks as they end")
@MainActor
struct RoutedTaskTests {
  @Test("a test store's 500 effects leave none of their tasks in the routing")
  func testStoreEffects() async {
    let store = TestStore(
      initialState: Feature.State(), reducer: Feature.reducer,
      environment: Feature.Environment(fact: { "\($0)" }, clock: ImmediateClock()))
    store.exhaustivity = .off
    for _ in 0..<500 {
      await store.send(.factTapped)
      await store.receive(.factLoaded("0"))
    }
    // NB: The runner's task, and the test's own where it owns it.
    let owned = GlobalJobRouting.ownedCount(by: store.tally)
    #expect(owned <= 2, "\(owned) tasks still owned")
  }

  @Test("a plain store's 500 effects in a test with a TestClock leave none of their tasks")
  func plainStoreEffects() async throws {
    let clock = TestClock()
    let store = Store(initialState: Napper.State(), reducer: Napper.reducer, environment: clock)
    for _ in 0..<500 {
      let task = store.send(.nap)
      await clock.advance(by: .seconds(1))
      await task.finish()
    }
    #expect(store.state.naps == 500)
    let owned = GlobalJobRouting.tallyOfCurrentTask.map(GlobalJobRouting.ownedCount(by:)) ?? 0
    #expect(owned <= 2, "\(owned) tasks still owned")
  }
}
