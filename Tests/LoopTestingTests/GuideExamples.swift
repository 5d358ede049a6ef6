// The code Docs/LoopTesting.docc/Testing.md shows for `Feature` (Feature.swift), compiled and
// run, so an API change that breaks the guide breaks the build.
import Loop
import LoopTesting
import Testing

@MainActor
@Suite("Guide examples: testing")
struct TestingGuideExamples {
  @Test("a timer driven by a TestClock")
  func timer() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Feature.State(),
      reducer: Feature.reducer,
      environment: Feature.Environment(fact: { "\($0)" }, clock: clock)
    )
    await store.send(.startTimer)
    await clock.advance(by: .seconds(2))  // wakes sleepers in deadline order
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.send(.stopTimer)
    await store.finish()
  }

  @Test("a non-exhaustive test asserts only what it names")
  func nonExhaustive() async {
    let store = TestStore(
      initialState: Feature.State(),
      reducer: Feature.reducer,
      environment: Feature.environment(clock: TestClock())
    )
    store.exhaustivity = .off
    await store.send(.chain)  // changes not asserted: fine
    await store.receive(.increment) { $0.count = 1 }  // skips unrelated actions before it
    await store.finish()  // running effects are cancelled, not failures
  }

  @Test("an unimplemented dependency fails the test that calls it")
  func unimplementedDependency() async {
    let environment = Feature.Environment(
      fact: unimplemented("Feature.fact"),  // fails the test if called
      clock: TestClock()
    )
    await withKnownIssue("the double records that it was called") {
      await #expect(throws: UnimplementedError(endpoint: "Feature.fact")) {
        try await environment.fact(1)
      }
    }
  }
}
