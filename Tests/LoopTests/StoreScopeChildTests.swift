import Testing

@testable import Loop

/// A parent with an optional, identifiable child and an enum-state sibling.
private enum Parent {
  struct Child: Equatable, Identifiable, Sendable {
    var id: Int
    var count = 0
  }
  enum ChildAction: Equatable, Sendable { case increment }

  enum Mode: Equatable {
    case idle
    case editing(Child)
  }

  struct State: Equatable {
    var child: Child?
    var mode = Mode.idle
  }
  enum Action: Equatable, Sendable {
    case present(Int)
    case dismiss
    case child(ChildAction)
    case edit(Int)
    case stopEditing
    case editing(ChildAction)
  }

  static let childPath = CasePath<Action, ChildAction>(
    embed: Action.child, extract: { if case let .child(action) = $0 { action } else { nil } })
  static let editingAction = CasePath<Action, ChildAction>(
    embed: Action.editing, extract: { if case let .editing(action) = $0 { action } else { nil } })
  static let editingCase = CasePath<Mode, Child>(
    embed: Mode.editing, extract: { if case let .editing(child) = $0 { child } else { nil } })

  static let childReducer = Reducer<Child, ChildAction, Void> { child, _, _ in
    child.count += 1
    return .none
  }

  static let modeReducer = Reducer<Mode, Action, Void> { mode, action, _ in
    switch action {
    case let .edit(id): mode = .editing(Child(id: id))
    case .stopEditing: mode = .idle
    default: break
    }
    return .none
  }
  .ifCaseLet(state: editingCase, action: editingAction, environment: { $0 }, then: childReducer)

  static let reducer = Reducer<State, Action, Void>.combine(
    Reducer { state, action, _ in
      switch action {
      case let .present(id): state.child = Child(id: id)
      case .dismiss: state.child = nil
      default: break
      }
      return .none
    }
    .ifLet(state: \.child, action: childPath, environment: { $0 }, then: childReducer),
    modeReducer.pullback(state: \.mode, action: .identity, environment: { $0 })
  )
}

@MainActor
@Suite("Store scoping to optional and enum children")
struct StoreScopeChildTests {
  @Test("an optional child's store exists only while the child does, and sends through the parent")
  func optionalChildStore() {
    let store = Store(initialState: Parent.State(), reducer: Parent.reducer, environment: ())
    #expect(store.scope(state: \.child, action: Parent.Action.child) == nil)
    store.send(.present(1))
    guard let child = store.scope(state: \.child, action: Parent.Action.child) else {
      Issue.record("no child store while the child is present")
      return
    }
    child.send(.increment)
    #expect(child.state == Parent.Child(id: 1, count: 1))
    #expect(store.state.child == Parent.Child(id: 1, count: 1))
  }

  @Test("once its child is gone, a child store delivers nothing, says so, and keeps the last state")
  func goneChildStoreStops() {
    let store = Store(initialState: Parent.State(), reducer: Parent.reducer, environment: ())
    store.send(.present(1))
    let child = store.scope(state: \.child, action: Parent.Action.child)
    child?.send(.increment)
    #expect(child?.state.count == 1)  // as a view reads it
    store.send(.dismiss)
    let warnings = LockedState<[String]>([])
    _ = RuntimeWarnings.withHandler({ message in warnings.withLock { $0.append(message) } }) {
      child?.send(.increment)
    }
    #expect(store.state.child == nil)
    #expect(child?.state == Parent.Child(id: 1, count: 1))
    #expect(
      warnings.withLock { $0 }.map { $0.prefix(while: { $0 != "\n" }) } == [
        "A child store received an action after its child was gone: increment"
      ])
  }

  @Test("a child store belongs to its child: replaced by another id, the old store stops")
  func replacedChildStoreStops() {
    let store = Store(initialState: Parent.State(), reducer: Parent.reducer, environment: ())
    store.send(.present(1))
    let first = store.scope(state: \.child, action: Parent.Action.child)
    store.send(.present(2))
    _ = RuntimeWarnings.withHandler({ _ in }) { first?.send(.increment) }
    #expect(store.state.child == Parent.Child(id: 2))
    let second = store.scope(state: \.child, action: Parent.Action.child)
    second?.send(.increment)
    #expect(store.state.child == Parent.Child(id: 2, count: 1))
  }

  @Test("an enum case's store exists only in that case, and stops when the state leaves it")
  func enumCaseStore() {
    let store = Store(initialState: Parent.State(), reducer: Parent.reducer, environment: ())
    let mode = store.scope(state: \.mode, action: { $0 })
    #expect(mode.scope(state: Parent.editingCase, action: Parent.Action.editing) == nil)
    store.send(.edit(3))
    let editing = mode.scope(state: Parent.editingCase, action: Parent.Action.editing)
    editing?.send(.increment)
    #expect(editing?.state.count == 1)
    #expect(store.state.mode == .editing(Parent.Child(id: 3, count: 1)))
    store.send(.stopEditing)
    let warnings = LockedState(0)
    _ = RuntimeWarnings.withHandler({ _ in warnings.withLock { $0 += 1 } }) {
      editing?.send(.increment)
    }
    #expect(warnings.withLock { $0 } == 1)
    #expect(store.state.mode == .idle)
    #expect(editing?.state == Parent.Child(id: 3, count: 1))
  }
}
