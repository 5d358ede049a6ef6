// The code the README and Docs/Loop.docc/GettingStarted.md show, compiled and run, so a change to the API
// that breaks a guide breaks the build.
import Loop
// Docs/LoopTesting.docc/Testing.md, "A first test", as written there.
import LoopTesting
import Testing

enum Counter {
  struct State: Equatable { var count = 0; var fact: String? }
  enum Action: Equatable, Sendable { case increment, decrement, factTapped, factLoaded(String) }
  struct Environment: Sendable { var fact: @Sendable (Int) async throws -> String }

  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .decrement:
      state.count -= 1
      return .none
    case .factTapped:
      let count = state.count
      return .run { send in
        await send(.factLoaded(try await environment.fact(count)))
      }
    case let .factLoaded(fact):
      state.fact = fact
      return .none
    }
  }
}

@MainActor func demo() async -> String {
  let store = Store(
    initialState: Counter.State(),
    reducer: Counter.reducer,
    environment: Counter.Environment(fact: { "\($0) is a good number." })
  )
  store.send(.increment)  // reduced synchronously
  await store.send(.factTapped).finish()  // waits for the effect and what it sent back
  return store.state.fact ?? ""  // "1 is a good number."
}

@Suite("Guide examples")
struct GuideExamples {
  @Test("the README's counter runs as it says")
  @MainActor func readmeCounter() async {
    #expect(await demo() == "1 is a good number.")
  }
}

@Test @MainActor func incrementing() async {
  let store = TestStore(
    initialState: Counter.State(),
    reducer: Counter.reducer,
    environment: Counter.Environment(fact: { "\($0) is a good number." })
  )
  await store.send(.increment) { $0.count = 1 }
  await store.send(.factTapped)
  await store.receive(.factLoaded("1 is a good number.")) { $0.fact = "1 is a good number." }
  await store.finish()
}
