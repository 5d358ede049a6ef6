// TCA's ObservableStateTests (basics, child counts, replacing a child, optional and enum
// children, identified arrays), written in Loop's API: field reads through stores, scoped
// stores, row stores. Each counts what an observer is told, as the originals do.
import Loop
import LoopTesting
import Observation
import Testing

private struct ChildState: Equatable, Identifiable, Sendable {
  var id: Int
  var count = 0
}

private enum ChildAction: Equatable, Sendable { case increment }

private let childReducer = Reducer<ChildState, ChildAction, Void> { state, _, _ in
  state.count += 1
  return .none
}

private enum Destination: Equatable, Sendable {
  case child(ChildState)
  case other
}

private struct ParentState: Equatable, Sendable {
  var count = 0
  var child = ChildState(id: 0)
  var optional: ChildState?
  var destination: Destination?
  var rows: IdentifiedArrayOf<ChildState> = []
  var name = ""
}

private enum ParentAction: Equatable, Sendable {
  case increment
  case rename(String)
  case child(ChildAction)
  case optional(ChildAction)
  case setOptional(ChildState?)
  case replaceChild(ChildState)
  case setDestination(Destination?)
  case destination(ChildAction)
  case row(Int, ChildAction)
  case append(ChildState)
}

private let parentReducer = Reducer.combine(
  Reducer<ParentState, ParentAction, Void> { state, action, _ in
    switch action {
    case .increment: state.count += 1
    case let .rename(name): state.name = name
    case let .setOptional(child): state.optional = child
    case let .replaceChild(child): state.child = child
    case let .setDestination(destination): state.destination = destination
    case let .append(row): state.rows.append(row)
    case .destination:
      if case var .child(child) = state.destination {
        child.count += 1
        state.destination = .child(child)
      }
    case .child, .optional, .row: break
    }
    return .none
  },
  childReducer.pullback(state: \.child, action: ParentAction.child, environment: {}),
  Reducer<ParentState, ParentAction, Void>.empty
    .ifLet(state: \.optional, action: ParentAction.optional, environment: {}, then: childReducer)
    .forEach(state: \.rows, action: ParentAction.row, environment: {}, element: childReducer))

private final class Told: Sendable {
  private let count = LockedState(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}

@MainActor
private func observe(_ read: @escaping @MainActor () -> Void) -> Told {
  let told = Told()
  withObservationTracking {
    read()
  } onChange: {
    told.increment()
  }
  return told
}

@MainActor
@Suite("TCA's observable state tests, in Loop")
struct ObservableStateTests {
  private func makeStore() -> Store<ParentState, ParentAction> {
    Store(initialState: ParentState(), reducer: parentReducer, environment: ())
  }

  @Test("basics: a counter's observer is told when it counts")
  func basics() {
    let store = makeStore()
    let told = observe { _ = store.count }
    store.send(.increment)
    #expect(told.value == 1 && store.count == 1)
  }

  @Test("child count: a child's observer is told of the child's changes, not the parent's")
  func childCount() {
    let store = makeStore()
    let child = store.scope(state: \.child, action: ParentAction.child)
    let told = observe { _ = child.count }
    store.send(.rename("Blob"))
    #expect(told.value == 0)
    child.send(.increment)
    #expect(told.value == 1 && child.count == 1)
  }

  @Test("replacing the child tells an observer of the child")
  func replaceChild() {
    let store = makeStore()
    let told = observe { _ = store.child }
    store.send(.replaceChild(ChildState(id: 1)))
    #expect(told.value == 1 && store.child.id == 1)
  }

  @Test("an optional child: presenting, changing and dismissing it each tell its observers")
  func optionalChild() {
    let store = makeStore()
    let presence = observe { _ = store.optional }
    store.send(.setOptional(ChildState(id: 1)))
    #expect(presence.value == 1)
    guard let child = store.scope(state: \.optional, action: ParentAction.optional) else {
      Issue.record("no child store while the child is there")
      return
    }
    let count = observe { _ = child.count }
    let name = observe { _ = store.name }
    child.send(.increment)
    #expect(count.value == 1 && name.value == 0)
    let dismissal = observe { _ = store.optional }
    store.send(.setOptional(nil))
    #expect(dismissal.value == 1)
    #expect(store.scope(state: \.optional, action: ParentAction.optional) == nil)
  }

  @Test("an enum child: its case's store observes the case's state")
  func enumChild() {
    let store = makeStore()
    store.send(.setDestination(.child(ChildState(id: 1))))
    guard let destination = store.scope(state: \.destination, action: { $0 }),
      let child = destination.scope(state: Destination.child, action: ParentAction.destination)
    else {
      Issue.record("no store for the child case")
      return
    }
    let count = observe { _ = child.count }
    store.send(.destination(.increment))
    #expect(count.value == 1 && child.count == 1)
    let whole = observe { _ = store.destination }
    store.send(.setDestination(.other))
    #expect(whole.value == 1)
    #expect(destination.scope(state: Destination.child, action: ParentAction.destination) == nil)
  }

  @Test("identified arrays: the list is told of an append; a row, of its own changes only")
  func identifiedArray() {
    let store = makeStore()
    store.send(.append(ChildState(id: 1)))
    store.send(.append(ChildState(id: 2)))
    let list = observe { _ = store.scope(forEach: \.rows, action: ParentAction.row) }
    let rows = store.scope(forEach: \.rows, action: ParentAction.row)
    let first = observe { _ = rows[0].count }
    let second = observe { _ = rows[1].count }
    store.send(.row(2, .increment))
    #expect(first.value == 0)
    #expect(second.value == 1)
    #expect(list.value == 0)
    store.send(.append(ChildState(id: 3)))
    #expect(list.value == 1 && first.value == 0)
    // NB: As a view holds its store: observing a store does not keep it alive, and an
    // optimised build releases `rows` after its last use.
    withExtendedLifetime(rows) {}
  }
}
