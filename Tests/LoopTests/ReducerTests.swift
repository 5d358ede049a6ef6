import Loop
import LoopTesting
import Testing

private struct Row: Identifiable, Equatable, Sendable {
  let id: Int
  var count = 0
}

private enum RowAction: Equatable, Sendable {
  case increment
  case incrementLater
}

private struct Parent: Equatable, Sendable {
  var rows: IdentifiedArrayOf<Row> = []
  var detail: Row?
  var child = Row(id: 0)
  var log: [String] = []
}

private enum ParentAction: Equatable, Sendable {
  case row(Int, RowAction)
  case detail(RowAction)
  case child(RowAction)
  case other
}

private let rowReducer = Reducer<Row, RowAction, Void> { row, action, _ in
  switch action {
  case .increment:
    row.count += 1
    return .none
  case .incrementLater:
    return .run { send in await send(.increment) }
  }
}

private let rowPath = CasePath<ParentAction, (Int, RowAction)>(
  embed: { ParentAction.row($0.0, $0.1) },
  extract: { if case let .row(id, action) = $0 { (id, action) } else { nil } })
private let detailPath = CasePath<ParentAction, RowAction>(
  embed: ParentAction.detail, extract: { if case let .detail(action) = $0 { action } else { nil } })
private let childPath = CasePath<ParentAction, RowAction>(
  embed: ParentAction.child, extract: { if case let .child(action) = $0 { action } else { nil } })

@MainActor
@Suite("Reducer composition")
struct ReducerTests {
  @Test("combine runs every reducer in order on the same state and merges their effects")
  func combine() {
    let first = Reducer<Parent, ParentAction, Void> { state, action, _ in
      state.log.append("first")
      return action == .other ? .send(.child(.increment)) : .none
    }
    let second = Reducer<Parent, ParentAction, Void> { state, action, _ in
      state.log.append("second \(action)")
      return .none
    }
    let store = Store(initialState: Parent(), reducer: .combine(first, second), environment: ())
    store.send(.other)
    #expect(store.state.log.count == 4)
    #expect(store.state.log.prefix(3) == ["first", "second other", "first"])
    #expect(store.state.log.last?.hasPrefix("second child(") == true)
    #expect(store.inFlightEffectCount == 0)
  }

  @Test(
    "pullback runs the child on its part of the state, only for its actions, and maps its effects back"
  )
  func pullback() async {
    let reducer: Reducer<Parent, ParentAction, Void> = rowReducer.pullback(
      state: \.child, action: childPath, environment: { (_: Void) in () })
    let store = Store(initialState: Parent(), reducer: reducer, environment: ())
    store.send(.other)
    #expect(store.state.child.count == 0)
    await store.send(.child(.incrementLater)).finish()
    #expect(store.state.child.count == 1)
  }

  @Test("optional runs the child when its state is present")
  func optionalPresent() async {
    let reducer = rowReducer.optional().pullback(
      state: \Parent.detail, action: detailPath, environment: { (_: Void) in () })
    let store = Store(initialState: Parent(detail: Row(id: 7)), reducer: reducer, environment: ())
    await store.send(.detail(.incrementLater)).finish()
    #expect(store.state.detail?.count == 1)
  }

  @Test("optional reports an action that arrives when the state is nil, and ignores it")
  func optionalAbsent() {
    let warnings = WarningLog()
    RuntimeWarnings.withHandler({ warnings.append($0) }) {
      let reducer = rowReducer.optional().pullback(
        state: \Parent.detail, action: detailPath, environment: { (_: Void) in () })
      let store = Store(initialState: Parent(), reducer: reducer, environment: ())
      store.send(.detail(.increment))
      #expect(store.state.detail == nil)
    }
    #expect(warnings.all.count == 1)
    #expect(
      warnings.all.first?.hasPrefix(
        "An optional reducer received an action when its state was nil: increment") == true)
  }

  @Test("forEach routes an action to the element with its id and tags its effects with the id")
  func forEachRoutes() async {
    let reducer = rowReducer.forEach(
      state: \Parent.rows, action: rowPath, environment: { (_: Void) in () })
    let store = Store(
      initialState: Parent(rows: [Row(id: 1), Row(id: 2), Row(id: 3)]), reducer: reducer,
      environment: ())
    store.send(.row(2, .increment))
    await store.send(.row(3, .incrementLater)).finish()
    #expect(store.state.rows.map(\.count) == [0, 1, 1])
  }

  @Test("forEach reports an action for an id that is not in the array, and ignores it")
  func forEachUnknownID() {
    let warnings = WarningLog()
    RuntimeWarnings.withHandler({ warnings.append($0) }) {
      let reducer = rowReducer.forEach(
        state: \Parent.rows, action: rowPath, environment: { (_: Void) in () })
      let store = Store(initialState: Parent(rows: [Row(id: 1)]), reducer: reducer, environment: ())
      store.send(.row(9, .increment))
      #expect(store.state.rows == [Row(id: 1)])
    }
    #expect(warnings.all.count == 1)
    #expect(
      warnings.all.first?.hasPrefix(
        "A forEach reducer received an action for an element that is not in the array: id 9, action increment"
      ) == true)
    #expect(
      warnings.all.first?.contains(
        """
        This is usually a sign that an effect outlived the element it was for. To fix, put the \
        elements on the parent reducer with `.forEach(state:action:environment:element:)`, which \
        ends a removed element's effects, or cancel them when you remove it. (reducer made at \
        LoopTests/ReducerTests.swift:
        """) == true)
  }

  @Test("middleware sees the new state and may add an effect, without changing the state")
  func middleware() {
    let base = Reducer<Parent, ParentAction, Void> { state, action, _ in
      if case .child(.increment) = action { state.child.count += 1 }
      return .none
    }
    var seen: [Int] = []
    let reducer = base.middleware { state, action, _ in
      seen.append(state.child.count)
      if case .child = action { return .send(.other) }
      return .none
    }
    let store = Store(initialState: Parent(), reducer: reducer, environment: ())
    store.send(.child(.increment))
    #expect(seen == [1, 1], "middleware runs after the reducer, for the action it added too")
    #expect(store.state.child.count == 1)
  }

  @Test("debug prints the action and only the part of the state that changed")
  func debugPrintsDiff() {
    let printed = WarningLog()
    let reducer = rowReducer.forEach(
      state: \Parent.rows, action: rowPath, environment: { (_: Void) in () }
    )
    .debug("rows", to: { printed.append($0) })
    let store = Store(
      initialState: Parent(rows: [Row(id: 1), Row(id: 2)]), reducer: reducer, environment: ())
    store.send(.row(2, .increment))
    store.send(.other)
    #expect(
      printed.all == [
        """
        rows: received action:
          ParentAction.row(
            2,
            RowAction.increment
          )
          Parent(
            rows: [
              … (1 element unchanged)
              [id: 2]: Row(
                … (1 field unchanged)
        −       count: 0
        +       count: 1
              )
            ],
            … (3 fields unchanged)
          )
        """,
        """
        rows: received action:
          ParentAction.other
          (No state changes)
        """,
      ])
  }

  @Test("empty changes nothing and starts nothing")
  func empty() {
    let store = Store(
      initialState: Parent(), reducer: Reducer<Parent, ParentAction, Void>.empty, environment: ())
    let task = store.send(.other)
    #expect(store.state == Parent())
    #expect(task.isCancelled)
  }
}
