// A client whose every endpoint fails unless the test gives it one, with no list to keep
// (Docs/LoopTesting.docc/Testing.md, "A client that fails by default"): TCA's
// `@DependencyClient` and `withDependencies:`.
import LoopTesting
import Testing

/// Each endpoint defaults to one that fails the test when it is called: `FactClient()` fails
/// everything, and a test gives only what it needs.
struct FactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String = unimplemented("FactClient.fetch")
  var save: @Sendable (String) async throws -> Void = unimplemented("FactClient.save")
}

private enum Facts {
  struct State: Equatable { var fact: String? }
  enum Action: Equatable, Sendable { case fetch(Int), fetched(String) }
  struct Environment { var facts = FactClient() }
  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case let .fetch(number):
      return .run { send in await send(.fetched(try await environment.facts.fetch(number))) }
    case let .fetched(fact):
      state.fact = fact
      return .none
    }
  }
}

@MainActor
@Suite("A client that fails by default")
struct TestDoubleIdiomGuideExamples {
  @Test("a test gives the endpoints it needs, after the environment is made")
  func givenEndpoints() async {
    let store = TestStore(
      initialState: Facts.State(), reducer: Facts.reducer, environment: Facts.Environment()
    ) {
      $0.facts.fetch = { "\($0) is a number" }
    }
    await store.send(.fetch(7))
    await store.receive(.fetched("7 is a number")) { $0.fact = "7 is a number" }
  }

  @Test("an endpoint the test did not give fails the test, naming itself")
  func missingEndpoint() async {
    await withKnownIssue {
      // NB: Made inside: its effects report in the context the store was made in.
      let store = TestStore(
        initialState: Facts.State(), reducer: Facts.reducer, environment: Facts.Environment())
      await store.send(.fetch(7))
      await store.finish()
    } matching: { issue in
      issue.comments.first?.rawValue.contains("FactClient.fetch") == true
    }
  }
}
