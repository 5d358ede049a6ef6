import Loop
import LoopTesting
import Testing

/// A feature whose effect calls a dependency: what a test double reports from inside it must
/// reach the test that sent the action.
private enum Loader {
  struct State: Equatable { var value = 0 }
  enum Action: Equatable, Sendable { case load, loaded(Int) }
  struct Environment: Sendable { var load: @Sendable () async -> Int }

  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .load:
      return .run { send in await send(.loaded(await environment.load())) }
    case let .loaded(value):
      state.value = value
      return .none
    }
  }
}

@Suite("Issues raised inside a test store's effects")
@MainActor
struct EffectIssueTests {
  /// Runs `body` expecting issues; returns each one's comment and line.
  private func issues(_ body: () async -> Void) async -> [(comment: String, line: Int)] {
    let recorded = LockedState<[(comment: String, line: Int)]>([])
    await withKnownIssue {
      await body()
    } matching: { issue in
      recorded.withLock {
        $0.append(
          (issue.comments.map(\.rawValue).joined(), issue.sourceLocation?.line ?? 0))
      }
      return true
    }
    return recorded.withLock { $0 }
  }

  @Test("an unimplemented endpoint called inside an effect fails this test, at its own line")
  func unimplementedInEffect() async {
    let line = #line + 5
    let recorded = await issues {
      let store = TestStore(
        initialState: Loader.State(), reducer: Loader.reducer,
        environment: Loader.Environment(
          load: unimplemented("Loader.load", placeholder: 0)))
      await store.send(.load)
      await store.receive(.loaded(0))
    }
    #expect(recorded.map(\.line) == [line])
    #expect(recorded.first?.comment.hasPrefix("Loader.load was called but not implemented") == true)
  }

  @Test("a test double's own Issue.record inside an effect fails this test, where it says")
  func recordInEffect() async {
    let line = #line + 6
    let recorded = await issues {
      let store = TestStore(
        initialState: Loader.State(), reducer: Loader.reducer,
        environment: Loader.Environment(
          load: {
            Issue.record("the double saw a load it did not expect")
            return 1
          }))
      await store.send(.load)
      await store.receive(.loaded(1)) { $0.value = 1 }
    }
    #expect(recorded.map(\.comment) == ["the double saw a load it did not expect"])
    #expect(recorded.map(\.line) == [line])
  }
}
