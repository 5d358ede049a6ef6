import LoopTesting
import Observation
import Testing

// `ObservedRows` (Sources/Loop/Observation/ObservedRows.swift) checks only the rows the
// collection's history says were touched, and nothing when its version is unchanged. These
// runs hold it to the plain computation — each observer told exactly when what it read
// changed — over every kind of change a collection can go through: an edit, an insert, a
// removal, a move, many edits in one send (past the history's reach), a new array, an older
// copy restored.
@testable import Loop

@MainActor
@Suite("ObservedRows agrees with the plain computation")
struct ObservedRowsModelTests {
  struct Row: Equatable, Identifiable, Sendable {
    let id: Int
    var count = 0
  }
  struct Screen: Equatable {
    var title = ""
    var rows: IdentifiedArrayOf<Row> = []
  }
  enum RowAction: Equatable, Sendable { case increment }
  enum Action: Equatable, Sendable {
    case retitle(String), add(Int), remove(Int), move(Int), bumpAll, replace([Row])
    case restore(IdentifiedArrayOf<Row>), row(Int, RowAction)
  }

  static let reducer = Reducer<Screen, Action, Void> { state, action, _ in
    switch action {
    case let .retitle(title): state.title = title
    case let .add(id): if state.rows[id: id] == nil { state.rows.append(Row(id: id)) }
    case let .remove(id): state.rows.remove(id: id)
    case let .move(offset):
      guard !state.rows.isEmpty else { break }
      state.rows.move(fromOffsets: [offset % state.rows.count], toOffset: 0)
    case .bumpAll:
      for _ in 0..<3 { for id in state.rows.ids { state.rows[id: id]?.count += 1 } }
    case let .replace(rows): state.rows = IdentifiedArray(rows)
    case let .restore(rows): state.rows = rows
    case let .row(id, .increment): state.rows[id: id]?.count += 1
    }
    return .none
  }

  /// One observer, as a view: what it read when it last rendered, and how often it was told.
  @MainActor
  final class View<Value: Equatable> {
    var told = 0
    var seen: Value
    init(_ value: Value) { seen = value }
  }

  /// A list view over the store's rows and a view per row store, each re-rendering (reading
  /// again) when told.
  @MainActor
  final class Views {
    let store = Store(
      initialState: Screen(), reducer: ObservedRowsModelTests.reducer, environment: ())
    let list = View<[Int]>([])
    var rows: [Int: (store: Store<Row, RowAction>, view: View<Row>)] = [:]

    init() { renderList() }

    func renderList() {
      withObservationTracking {
        _ = store.scope(forEach: \.rows, action: Action.row)
      } onChange: { [weak self] in
        MainActor.assumeIsolated {
          guard let self else { return }
          self.list.told += 1
          self.renderList()
        }
      }
      list.seen = Array(store.withState(\.rows.ids))
    }

    func render(_ id: Int) {
      guard let (row, view) = rows[id] else { return }
      withObservationTracking {
        view.seen = row.state
      } onChange: { [weak self] in
        MainActor.assumeIsolated {
          guard let self else { return }
          view.told += 1
          self.render(id)
        }
      }
    }

    /// Gives every row shown that has no view yet a view of its store.
    func showNewRows() {
      for row in store.scope(forEach: \.rows, action: Action.row) {
        let id = row.withState(\.id)
        guard rows[id] == nil else { continue }
        rows[id] = (row, View(row.withState { $0 }))
        render(id)
      }
    }
  }

  @Test(
    "3,000 seeded runs: a list of row stores and each row are told exactly when what they read changed"
  )
  func rowsAndIDsAgree() async {
    for await seed in SeededRandom.seeds(3_000) {
      var random = SeededRandom(seed: seed)
      let views = Views()
      let store = views.store
      var snapshots: [IdentifiedArrayOf<Row>] = []
      for step in 0..<40 {
        let id = Int(random.next() % 6)
        let before = store.withState(\.rows)
        let listSaw = views.list.seen
        let rowsSaw = views.rows.mapValues(\.view.seen)
        let listToldBefore = views.list.told
        let rowsToldBefore = views.rows.mapValues(\.view.told)
        switch random.next() % 10 {
        case 0, 1: store.send(.add(id))
        case 2: store.send(.remove(id))
        case 3, 4: store.send(.row(id, .increment))
        case 5: store.send(.move(Int(random.next() % 6)))
        case 6: store.send(.bumpAll)
        case 7: store.send(.replace(before.reversed().map { Row(id: $0.id) }))
        case 8:
          if !snapshots.isEmpty {
            store.send(.restore(snapshots[Int(random.next() % UInt64(snapshots.count))]))
          }
        default: store.send(.retitle("\(step)"))
        }
        snapshots.append(before)

        let rows = store.withState(\.rows)
        let listTold = views.list.told - listToldBefore
        let listExpected = listSaw != Array(rows.ids) ? 1 : 0
        guard listTold == listExpected else {
          Issue.record(
            "seed \(seed), step \(step): the list told \(listTold), expected \(listExpected)")
          return
        }
        for (rowID, row) in views.rows {
          let told = row.view.told - (rowsToldBefore[rowID] ?? 0)
          // A removed row's store shows what it last had: told only once its row comes back
          // different.
          let expected = rows[id: rowID].map { $0 != rowsSaw[rowID] ? 1 : 0 } ?? 0
          guard told == expected else {
            Issue.record(
              "seed \(seed), step \(step): row \(rowID) told \(told), expected \(expected)")
            return
          }
        }
        views.showNewRows()
      }
    }
  }

  @Test("a collection whose rows come and go keeps tables for what is there and what waits")
  func tablesStayBounded() {
    let store = Store(initialState: Screen(), reducer: Self.reducer, environment: ())
    for id in 0..<200 {
      store.send(.add(id))
      let row = store.scope(forEach: \.rows, action: Action.row)[0]
      withObservationTracking {
        _ = row.state
      } onChange: {
      }
      store.send(.row(id, .increment))
      store.send(.remove(id))
    }
    let cache = store.scopeCache(for: \Screen.rows)
    #expect(cache.rows.tables.count <= 2 * store.state.rows.count + 16)
  }

  @Test("an observed row store, and the store it came from, are freed when released")
  func observedRowsAreFreed() {
    weak var weakRow: Store<Row, RowAction>?
    weak var weakStore: Store<Screen, Action>?
    do {
      let store = Store(initialState: Screen(), reducer: Self.reducer, environment: ())
      store.send(.add(1))
      let row = store.scope(forEach: \.rows, action: Action.row)[0]
      withObservationTracking {
        _ = row.state
      } onChange: {
      }
      withObservationTracking {
        _ = store.scope(forEach: \.rows, action: Action.row)
      } onChange: {
      }
      weakRow = row
      weakStore = store
    }
    #expect(weakRow == nil)
    #expect(weakStore == nil)
  }
}
