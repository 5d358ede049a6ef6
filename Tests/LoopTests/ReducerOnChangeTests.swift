import Loop
import LoopTesting
import Testing

@MainActor
@Suite("Reducer.onChange")
struct ReducerOnChangeTests {
  struct State: Equatable {
    var query = ""
    var changes: [String] = []
    var searches = 0
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case other
    case searched(String)
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case let .queryChanged(query):
      state.query = query
      return .none
    case .other:
      return .none
    case .searched:
      state.searches += 1
      return .none
    }
  }
  .onChange(of: \.query) { old, new, state, _, _ in
    state.changes.append("\(old)→\(new)")
    state.query = new.lowercased()  // a change made here does not trigger it again
    return .send(.searched(new))
  }

  @Test("runs with the old and new value when an action changed it, and merges its effect")
  func runsOnChange() async {
    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    await store.send(.queryChanged("Bat")) {
      $0.query = "bat"
      $0.changes = ["→Bat"]
    }
    await store.receive(.searched("Bat")) { $0.searches = 1 }
  }

  @Test("does not run when the value is unchanged or set to what it was")
  func skipsWhenEqual() async {
    let store = TestStore(
      initialState: State(query: "bat"), reducer: Self.reducer, environment: ())
    await store.send(.other)
    await store.send(.queryChanged("bat"))
  }
}
