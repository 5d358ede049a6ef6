// The code Docs/LoopTesting.docc/Testing.md shows for `withExhaustivity` and "A feature that
// closes itself", compiled and run.
import Loop
import LoopTesting
import Testing

@MainActor
@Suite("Guide examples: withExhaustivity and isDismissed")
struct DismissalGuideExamples {
  typealias Editor = TestStoreDismissalTests.Editor

  @Test("withExhaustivity, as the guide shows it")
  func withExhaustivityExample() async {
    let store = TestStore(
      initialState: Editor.State(), reducer: Editor.reducer,
      environment: TestClock() as any Clock<Duration>)
    await store.withExhaustivity(.off) {
      await store.send(.titleChanged("draft"))  // not asserted: fine in here
    }
    #expect(store.exhaustivity == .on)
  }

  @Test("isDismissed, as the guide shows it")
  func isDismissedExample() async {
    let store = TestStore(
      initialState: Editor.State(), reducer: Editor.reducer,
      environment: TestClock() as any Clock<Duration>)
    await store.send(.cancelTapped)  // returns .dismiss
    #expect(store.isDismissed)
  }
}
