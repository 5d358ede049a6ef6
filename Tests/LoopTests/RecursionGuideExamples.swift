// A reducer that contains itself (Docs/Loop.docc/Composition.md, "A reducer inside itself"):
// TCA's `.forEach(\.rows, action: \.rows) { Self() }`, and `reduce(into:action:environment:)`.
import LoopTesting
import Testing

enum Nested {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var name = ""
    var rows: IdentifiedArrayOf<State> = []
  }
  indirect enum Action: Equatable, Sendable {
    case addRowTapped(id: Int)
    case rename(String)
    case rows(id: Int, action: Action)
  }

  static let reducer: Reducer<State, Action, Void> = Reducer<State, Action, Void> {
    state, action, _ in
    switch action {
    case let .addRowTapped(id):
      state.rows.append(State(id: id))
      return .none
    case let .rename(name):
      state.name = name
      return .none
    case .rows:
      return .none
    }
  }
  .forEach(
    state: \.rows, action: Action.rows,
    element: Reducer { state, action, environment in
      // NB: Read when a row's action comes, not when the reducer is made: so it may name itself.
      Nested.reducer.reduce(into: &state, action: action, environment: environment)
    })
}

@MainActor
@Suite("A reducer inside itself")
struct RecursionGuideExamples {
  @Test("a row of a row of the root is reduced by the same reducer, at any depth")
  func nestedRows() async {
    let store = TestStore(
      initialState: Nested.State(id: 0), reducer: Nested.reducer, environment: ())
    await store.send(.addRowTapped(id: 1)) { $0.rows = [Nested.State(id: 1)] }
    await store.send(.rows(id: 1, action: .addRowTapped(id: 2))) {
      $0.rows[id: 1]?.rows = [Nested.State(id: 2)]
    }
    await store.send(.rows(id: 1, action: .rows(id: 2, action: .rename("deep")))) {
      $0.rows[id: 1]?.rows[id: 2]?.name = "deep"
    }
  }
}
