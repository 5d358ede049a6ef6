import LoopTesting
import Testing

// Every composition operator leaves out `environment:` when the child's environment is the
// parent's (Sources/Loop/Reducers/SameEnvironment.swift), as a TCA port writes it.

/// One environment for the whole app, as a port from TCA has.
private struct SharedAppEnvironment: Sendable {
  var label: String
}

/// A child that records the environment it was given.
private enum Leaf {
  struct State: Equatable, Identifiable, Sendable {
    var id = 0
    var seen = ""
  }
  enum Action: Equatable, Sendable { case look }
  static let reducer = Reducer<State, Action, SharedAppEnvironment> { state, _, environment in
    state.seen = environment.label
    return .none
  }
}

private enum Composed {
  enum Mode: Equatable, Sendable, CaseAccessible {
    case child(Leaf.State)
    case other
  }
  struct State: Equatable, Sendable {
    var part = Leaf.State()
    var optional: Leaf.State? = Leaf.State()
    var mode = Mode.child(Leaf.State())
    var sheet: Leaf.State? = Leaf.State()
    var rows: IdentifiedArrayOf<Leaf.State> = [Leaf.State(id: 1)]
    var path = StackState<Leaf.State>([Leaf.State()])
  }
  enum Action: Equatable, Sendable {
    case part(Leaf.Action), optional(Leaf.Action), mode(Leaf.Action)
    case sheet(PresentationAction<Leaf.Action>), rows(Int, Leaf.Action)
    case path(StackAction<Leaf.State, Leaf.Action>)
  }
  static let reducer = Reducer<State, Action, SharedAppEnvironment>.empty
    .ifLet(state: \.optional, action: Action.optional, then: Leaf.reducer)
    .presents(state: \.sheet, action: Action.sheet, then: Leaf.reducer)
    .forEach(state: \.rows, action: Action.rows, element: Leaf.reducer)
    .stack(state: \.path, action: Action.path, element: Leaf.reducer)
  static let mode = Reducer<Mode, Action, SharedAppEnvironment>.empty
    .ifCaseLet(state: Mode.child, action: Action.mode, then: Leaf.reducer)
  static let whole = Reducer.combine(
    Leaf.reducer.pullback(state: \.part, action: Action.part),
    mode.pullback(state: \.mode, action: .identity), reducer)
}

@MainActor
@Suite("A child composed without environment: gets its parent's")
struct SameEnvironmentTests {
  @Test(
    "pullback, ifLet, ifCaseLet, presents, forEach and stack hand the child the parent's environment"
  )
  func everyOperator() async {
    let store = TestStore(
      initialState: Composed.State(), reducer: Composed.whole,
      environment: SharedAppEnvironment(label: "app"))
    await store.send(.part(.look)) { $0.part.seen = "app" }
    await store.send(.optional(.look)) { $0.optional?.seen = "app" }
    await store.send(.mode(.look)) { $0.mode = .child(Leaf.State(seen: "app")) }
    await store.send(.sheet(.presented(.look))) { $0.sheet?.seen = "app" }
    await store.send(.rows(1, .look)) { $0.rows[id: 1]?.seen = "app" }
    let screen = store.state.path.ids[0]
    await store.send(.path(.element(id: screen, action: .look))) {
      $0.path[id: screen]?.seen = "app"
    }
  }

  @Test(
    "a child whose environment differs, composed without environment:, stops as the reducer is built, naming both types"
  )
  func aDifferentEnvironmentStops() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let child = Reducer<Int, Int, String> { _, _, _ in .none }
      _ = Reducer<Int?, Int, Int>.empty.ifLet(
        state: \.self, action: CasePath<Int, Int>.identity, then: child)
    }.map { result in
      let text = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(text.contains("A child reducer's environment is String, its parent's is Int"))
      #expect(text.contains("pass environment: { … }"))
    }
  }
}
