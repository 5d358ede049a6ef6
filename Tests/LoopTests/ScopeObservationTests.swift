import Loop
import Observation
import Testing

private struct Row: Identifiable, Equatable, Sendable {
  let id: Int
  var count = 0
}

private struct Table: Equatable {
  var rows: IdentifiedArrayOf<Row> = IdentifiedArray((0..<1_000).map { Row(id: $0) })
  var title = ""
}

private enum TableAction: Equatable, Sendable {
  case row(Int, RowAction)
  case retitle(String)
  case append(Int)
  case remove(Int)
  case moveFirstToEnd
}

private enum RowAction: Equatable, Sendable { case increment }

private let tableReducer = Reducer<Table, TableAction, Void> { state, action, _ in
  switch action {
  case let .retitle(title): state.title = title
  case let .append(id): state.rows.append(Row(id: id))
  case let .remove(id): state.rows.remove(id: id)
  case .moveFirstToEnd: state.rows.move(fromOffsets: [0], toOffset: state.rows.count)
  case .row: break
  }
  return .none
}
.forEach(
  state: \.rows,
  action: CasePath(
    embed: { TableAction.row($0.0, $0.1) },
    extract: { if case let .row(id, action) = $0 { (id, action) } else { nil } }),
  environment: { $0 },
  element: Reducer<Row, RowAction, Void> { row, _, _ in
    row.count += 1
    return .none
  })

/// Observes `store.state` as a view does (see `observeAsView`).
@MainActor
private func observe<S, A>(_ store: Store<S, A>, into counter: Tally, again: Bool = false) {
  observeAsView({ _ = store.state }, into: counter, again: again)
}

@MainActor
@Suite("Scoped stores observe their own state")
struct ScopeObservationTests {
  @Test("whole states share one key; each store's observers hear only of its own")
  func wholeStatesStayApart() {
    let store = Store(initialState: Table(), reducer: tableReducer, environment: ())
    let rows = store.scope(forEach: \.rows, action: TableAction.row)
    let twoRows = Tally()
    let thirdRow = Tally()
    let root = Tally()
    withObservationTracking {
      _ = rows[1].state
      _ = rows[2].state
    } onChange: {
      twoRows.increment()
    }
    observe(rows[3], into: thirdRow)
    observe(store, into: root)

    store.send(.row(3, .increment))
    #expect(twoRows.value == 0)
    #expect(thirdRow.value == 1)
    #expect(root.value == 1)

    store.send(.row(2, .increment))
    store.send(.row(1, .increment))
    #expect(twoRows.value == 1)
    #expect(thirdRow.value == 1)

    observe(rows[3], into: thirdRow)
    store.send(.retitle("rows"))
    #expect(thirdRow.value == 1)
    #expect(twoRows.value == 1)
  }

  @Test("one row changes among 1,000 observed rows: one notification")
  func oneRowOneNotification() {
    let store = Store(initialState: Table(), reducer: tableReducer, environment: ())
    let rows = store.scope(forEach: \.rows, action: TableAction.row)
    let counters = rows.map { _ in Tally() }
    for (row, counter) in zip(rows, counters) { observe(row, into: counter) }
    store.send(.row(500, .increment))
    #expect(counters.map(\.value).reduce(0, +) == 1)
    #expect(counters[500].value == 1)
    #expect(rows[500].state.count == 1)
  }

  @Test("a change elsewhere in the parent notifies no row")
  func unrelatedChange() {
    let store = Store(initialState: Table(), reducer: tableReducer, environment: ())
    let rows = store.scope(forEach: \.rows, action: TableAction.row)
    let counter = Tally()
    observe(rows[7], into: counter)
    store.send(.retitle("Rows"))
    store.send(.row(8, .increment))
    #expect(counter.value == 0)
    store.send(.row(7, .increment))
    #expect(counter.value == 1)
  }

  @Test("the root store is observed as before: once per send, when read")
  func rootUnchanged() {
    let store = Store(initialState: Table(), reducer: tableReducer, environment: ())
    let counter = Tally()
    observe(store, into: counter)
    store.send(.retitle("a"))
    store.send(.retitle("b"))
    #expect(counter.value == 1)
  }

  @Test("the same element gets the same store object while it lives")
  func cachedStores() {
    let store = Store(initialState: Table(), reducer: tableReducer, environment: ())
    let first = store.scope(forEach: \.rows, action: TableAction.row)
    let second = store.scope(forEach: \.rows, action: TableAction.row)
    #expect(zip(first, second).allSatisfy { $0 === $1 })
    #expect(first.count == 1_000)
  }

  @Test("observing a row store does not observe the root store")
  func childReadDoesNotObserveRoot() {
    let store = Store(initialState: Table(), reducer: tableReducer, environment: ())
    let row = store.scope(forEach: \.rows, action: TableAction.row)[3]
    let counter = Tally()
    observe(row, into: counter)
    store.send(.retitle("x"))
    #expect(counter.value == 0)
  }

  @Test("a scope to non-Equatable state notifies on any parent change while it is observed")
  func nonEquatableChild() {
    struct Opaque { var table: Table }
    let store = Store(initialState: Table(), reducer: tableReducer, environment: ())
    let opaque = store.scope(state: \.self, action: { (action: TableAction) in action })
    let wrapped = opaque.scope(state: \.title, action: { (action: TableAction) in action })
    let counter = Tally()
    withObservationTracking {
      _ = Opaque(table: opaque.state)
    } onChange: {
      counter.increment()
    }
    _ = wrapped
    store.send(.retitle("t"))
    #expect(counter.value == 1)
  }

  @Test("a list observes its ids: adding, removing or moving rows tells it, editing one does not")
  func listObservesIDs() {
    let store = Store(initialState: Table(), reducer: tableReducer, environment: ())
    let list = Tally()
    @MainActor func observeList() {
      withObservationTracking {
        _ = store.scope(forEach: \.rows, action: TableAction.row)
      } onChange: {
        list.increment()
      }
    }
    observeList()
    store.send(.row(1, .increment))
    store.send(.retitle("edits only"))
    #expect(list.value == 0)
    store.send(.append(1_000))
    #expect(list.value == 1)
    for action in [TableAction.remove(3), .moveFirstToEnd] {
      observeList()
      store.send(.row(2, .increment))
      let before = list.value
      store.send(action)
      #expect(list.value == before + 1, "after \(action)")
    }
    #expect(store.scope(forEach: \.rows, action: TableAction.row).count == 1_000)
  }

  @Test("a removed row's observers are not told; its store keeps the last state it showed")
  func removedRow() {
    let store = Store(initialState: Table(), reducer: tableReducer, environment: ())
    let row = store.scope(forEach: \.rows, action: TableAction.row)[5]
    store.send(.row(5, .increment))
    let counter = Tally()
    observe(row, into: counter)
    store.send(.remove(5))
    store.send(.row(6, .increment))
    #expect(counter.value == 0)
    #expect(row.state == Row(id: 5, count: 1))
  }

  @Test("a row observed again from inside its own notification is told of the next change too")
  func reobservedFromOnChange() {
    let store = Store(initialState: Table(), reducer: tableReducer, environment: ())
    let row = store.scope(forEach: \.rows, action: TableAction.row)[9]
    let counter = Tally()
    observe(row, into: counter, again: true)
    store.send(.row(9, .increment))
    store.send(.row(9, .increment))
    store.send(.row(9, .increment))
    #expect(counter.value == 3)
  }
}
