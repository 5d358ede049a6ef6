// A part's store is cached like a child's (Sources/Loop/Store/PartRouting.swift,
// Store+Scope.swift): the same object while held, routing as the first call said, a second
// routing reported.
import Observation
import Testing

@testable import Loop

@MainActor
@Suite("A part's store is cached")
struct PartStoreCacheTests {
  struct Part: Equatable { var value = 0 }
  struct State: Equatable {
    var left = Part()
    var right = Part()
  }
  enum PartAction: Equatable, Sendable { case increment }
  enum Action: Equatable, Sendable {
    case left(PartAction)
    case right(PartAction)
  }
  static let part = Reducer<Part, PartAction, Void> { state, _, _ in
    state.value += 1
    return .none
  }
  static let reducer = Reducer<State, Action, Void>.combine(
    part.pullback(state: \.left, action: CasePath(Action.left), environment: { $0 }),
    part.pullback(state: \.right, action: CasePath(Action.right), environment: { $0 }))

  @Test("asking again for a part gives the same store while it is held; other parts, others")
  func sameStore() {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    let left = store.scope(state: \.left, action: Action.left)
    #expect(store.scope(state: \.left, action: Action.left) === left)
    #expect(store.scope(state: \.left, action: CasePath(Action.left)) === left)
    #expect(store.scope(state: \.right, action: Action.right) !== left)
    let value = store.scope(state: \.left.value, action: Action.left)
    #expect(value !== store.scope(state: \.right.value, action: Action.left))
  }

  @Test("a view that scopes in its body keeps its part store and what it observes")
  func keptAcrossRenders() {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    var held: Store<Part, PartAction>?
    let told = WarningLog()
    func render() {
      withObservationTracking {
        held = store.scope(state: \.left, action: Action.left)
        _ = held?.value
      } onChange: {
        told.append("told")
      }
    }
    render()
    let first = held
    store.send(.right(.increment))
    #expect(told.all.isEmpty)
    held?.send(.increment)
    #expect(told.all.count == 1)
    render()
    #expect(held === first)
    #expect(store.withState(\.left.value) == 1)
  }

  @Test("a second routing of one part is reported once; the first routing is kept")
  func twoRoutings() {
    let warnings = WarningLog()
    RuntimeWarnings.withHandler({ warnings.append($0) }) {
      let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
      let part = store.scope(state: \.left, action: Action.left)
      _ = store.scope(state: \.left, action: { Action.left($0) })  // the same routing
      part.send(.increment)
      #expect(warnings.all.isEmpty)
      _ = store.scope(state: \.left, action: Action.right)  // another one
      part.send(.increment)
      _ = store.scope(state: \.left, action: Action.right)
      part.send(.increment)
      #expect(store.withState(\.left.value) == 3)
      #expect(store.withState(\.right.value) == 0)
    }
    #expect(
      warnings.all == [
        """
        A part's store was asked for with two routings: increment goes to \
        \(Action.left(.increment)), and another call routes it to \(Action.right(.increment)).

        `scope(state:action:)` gives one store per key path and action type, which routes as the \
        first call said. To fix, route each part one way, or give each routing a state of its own \
        (a key path per destination).
        """
      ])
  }

  @Test("a part's store is freed once nothing holds it, and its parent with it")
  func freed() {
    weak var weakPart: Store<Part, PartAction>?
    weak var weakStore: Store<State, Action>?
    do {
      let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
      let part = store.scope(state: \.left, action: Action.left)
      part.send(.increment)
      weakPart = part
      weakStore = store
    }
    #expect(weakPart == nil)
    #expect(weakStore == nil)
  }
}
