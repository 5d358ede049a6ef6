// A store that compares many observed scoped stores after every send warns, once, and points
// to `scope(forEach:action:)` (Sources/Loop/Store/RootCore.swift, `runScopeChecksOnce`).
import Loop
import LoopTesting
import Observation
import Testing

private struct Item: Equatable, Identifiable, Sendable {
  let id: Int
  var count = 0
}

private struct List: Equatable, Sendable {
  var items: IdentifiedArrayOf<Item> = IdentifiedArray((0..<300).map { Item(id: $0) })
  /// The same rows, through a path the store cannot see as a collection's rows.
  var computedItems: IdentifiedArrayOf<Item> { items }
}

private enum ListAction: Equatable, Sendable { case item(Int, ItemAction) }
private enum ItemAction: Equatable, Sendable { case increment }

private let listReducer = Reducer<List, ListAction, Void>.empty.forEach(
  state: \.items, action: ListAction.item, environment: {},
  element: Reducer<Item, ItemAction, Void> { item, _, _ in
    item.count += 1
    return .none
  })

@MainActor
@Suite("Many observed scoped stores")
struct ManyScopedStoresTests {
  /// The warnings raised while every store `rows` gives is observed and two rows change.
  private func warnings(
    byField: Bool = false,
    observing rows: (Store<List, ListAction>) -> [Store<Item, ItemAction>]
  ) -> [String] {
    let warnings = WarningLog()
    RuntimeWarnings.withHandler({ warnings.append($0) }) {
      let store = Store(initialState: List(), reducer: listReducer, environment: ())
      for row in rows(store) {
        withObservationTracking {
          if byField { _ = row.count } else { _ = row.state }
        } onChange: {
        }
      }
      store.send(.item(0, .increment))
      store.send(.item(1, .increment))
    }
    return warnings.all
  }

  @Test("300 observed row stores through a computed path: one warning, naming the fix")
  func optionalRowStoresWarn() {
    let warned = warnings { store in
      (0..<300).compactMap { id in
        store.scope(state: \.computedItems[id: id], action: { ListAction.item(id, $0) })
      }
    }
    // NB: 300 row stores; the parent's fields (each row's presence) are its own table,
    // checked with its state, not one by one.
    #expect(
      warned == [
        """
        A store runs 300 observation checks after every send, one by one: each scoped store \
        that a view observes is compared with its state after each send, whether its part \
        changed or not.

        This is usually a list whose rows each got a store from `scope(state:action:)` through \
        a path that is not a row of a stored collection (a computed property, an array index). \
        To fix, keep the rows in a stored `IdentifiedArray` and ask for `\\.rows[id: id]`, or \
        give the rows their stores with `scope(forEach: \\.rows, action: …)`: such row stores \
        are compared only when their row changed.
        """
      ])
  }

  @Test("the same rows asked for by id from a stored collection compare only what changed")
  func storedRowStoresDoNotWarn() {
    #expect(
      warnings { store in
        (0..<300).compactMap { id in
          store.scope(state: \.items[id: id], action: { ListAction.item(id, $0) })
        }
      }.isEmpty)
  }

  @Test("the same rows from scope(forEach:) compare only what changed, and do not warn")
  func rowStoresDoNotWarn() {
    #expect(warnings { $0.scope(forEach: \.items, action: ListAction.item) }.isEmpty)
  }

  @Test("rows observed by a field (row.count) are checked by their collection too: no warning")
  func rowFieldsDoNotWarn() {
    #expect(
      warnings(byField: true) { $0.scope(forEach: \.items, action: ListAction.item) }.isEmpty)
    #expect(
      warnings(byField: true) { store in
        (0..<300).compactMap { id in
          store.scope(state: \.items[id: id], action: { ListAction.item(id, $0) })
        }
      }.isEmpty)
  }

  @Test("300 rows observed by a field: each told of its own row's edits only")
  func rowFieldsToldOfTheirOwnRow() {
    let store = Store(initialState: List(), reducer: listReducer, environment: ())
    let rows = store.scope(forEach: \.items, action: ListAction.item)
    let told = WarningLog()
    func observe(_ index: Int) {
      withObservationTracking {
        _ = rows[index].count
      } onChange: {
        told.append("\(index)")
      }
    }
    for index in rows.indices { observe(index) }
    for id in [3, 7, 3, 299] {
      store.send(.item(id, .increment))
      // NB: As a view re-renders: the row told reads again.
      if let last = told.all.last.flatMap(Int.init) { observe(last) }
    }
    #expect(told.all == ["3", "7", "3", "299"])
    withExtendedLifetime(rows) {}
  }
}
