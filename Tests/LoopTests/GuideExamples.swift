// The code the README, Docs/Loop.docc/Loop.md, Docs/Loop.docc/GettingStarted.md,
// Docs/LoopTesting.docc/LoopTesting.md and Testing.md ("A first test") show, compiled and run,
// so an API change that breaks a guide breaks the build.
import Loop
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

// Docs/Loop.docc/Loop.md, the landing page.
@MainActor func landingPage() async -> Counter.State {
  let store = Store(
    initialState: Counter.State(),
    reducer: Counter.reducer,
    environment: Counter.Environment(fact: { "\($0) is a good number." })
  )
  await store.send(.factTapped).finish()
  return store.state
}

// Docs/Loop.docc/GettingStarted.md, "Give effects a clock".
enum Search {
  struct State: Equatable {
    var query = ""
    var results: [String] = []
  }
  enum Action: Equatable, Sendable { case queryChanged(String), results([String]) }

  struct Environment: Sendable {
    var search: @Sendable (String) async throws -> [String]
    var clock: any Clock<Duration>
  }

  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case let .queryChanged(query):
      state.query = query
      return .run { send in
        await send(.results(try await environment.search(query)))
      }
      .debounce(id: "search", for: .milliseconds(300), clock: environment.clock)
    case let .results(results):
      state.results = results
      return .none
    }
  }
}

@Suite("Guide examples")
struct GuideExamples {
  @Test("the README's counter runs as it says")
  @MainActor func readmeCounter() async {
    #expect(await demo() == "1 is a good number.")
  }

  @Test("the landing page's store loads a fact")
  @MainActor func landingPageStore() async {
    #expect(await landingPage() == Counter.State(count: 0, fact: "0 is a good number."))
  }

  @Test("the search waits for 300 ms of quiet on the environment's clock")
  @MainActor func debouncedSearch() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Search.State(),
      reducer: Search.reducer,
      environment: Search.Environment(search: { ["\($0)!"] }, clock: clock)
    )
    await store.send(.queryChanged("bat")) { $0.query = "bat" }
    await clock.advance(by: .milliseconds(299))
    await store.send(.queryChanged("batman")) { $0.query = "batman" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.results(["batman!"])) { $0.results = ["batman!"] }
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
