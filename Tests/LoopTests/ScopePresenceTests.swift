import LoopTesting
import Observation
import Testing

// A scope to an optional child, an enum case or a row by id observes the child's presence and
// identity only (Sources/Loop/Store/Store+ScopeChild.swift, CasePresence.swift, RowKeyPath.swift).
@testable import Loop

/// Counts how many times the observers of what `read` reads were told, observing again after
/// each time, as a view re-renders.
@MainActor
private final class Watcher {
  var told = 0
  let read: @MainActor () -> Void

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    watch()
  }

  func watch() {
    withObservationTracking {
      read()
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.told += 1
        self.watch()
      }
    }
  }
}

@MainActor
@Suite("Scopes observe what a view shows")
struct ScopePresenceTests {
  typealias Sheet = CaseFixture.Sheet
  typealias SheetAction = CaseFixture.SheetAction
  typealias Mode = CaseFixture.Mode
  typealias Wrapped = CaseFixture.Wrapped
  typealias ModeAction = CaseFixture.ModeAction
  struct Note: Equatable { var text = "" }
  struct Row: Equatable, Identifiable {
    let id: Int
    var count = 0
  }
  struct Screen: Equatable {
    var title = ""
    var sheet: Sheet?
    var note: Note?
    var rows: IdentifiedArrayOf<Row> = []
    var nested = Nested()
    /// The rows through a path the store cannot see as a collection's rows.
    var computedRows: IdentifiedArrayOf<Row> { rows }
  }
  struct Nested: Equatable {
    var inner = Inner()
  }
  struct Inner: Equatable {
    var rows: IdentifiedArrayOf<Row> = []
  }
  enum RowAction: Equatable, Sendable { case increment }
  enum Action: Equatable, Sendable {
    case retitle(String), present(Int), dismiss, sheet(SheetAction), showNote, hideNote
    case note(SheetAction), add(Int), remove(Int), row(Int, RowAction), nestedRow(Int, RowAction)
    case addNested(Int)
  }

  static let reducer = Reducer<Screen, Action, Void> { state, action, _ in
    switch action {
    case let .retitle(title): state.title = title
    case let .present(id): state.sheet = Sheet(id: id)
    case .dismiss: state.sheet = nil
    case let .sheet(.type(text)): state.sheet?.text = text
    case .showNote: state.note = Note()
    case .hideNote: state.note = nil
    case let .note(.type(text)): state.note?.text = text
    case let .add(id): state.rows.append(Row(id: id))
    case let .remove(id): state.rows.remove(id: id)
    case let .row(id, .increment): state.rows[id: id]?.count += 1
    case let .addNested(id): state.nested.inner.rows.append(Row(id: id))
    case let .nestedRow(id, .increment): state.nested.inner.rows[id: id]?.count += 1
    }
    return .none
  }

  func makeStore() -> Store<Screen, Action> {
    Store(initialState: Screen(), reducer: Self.reducer, environment: ())
  }

  @Test("an optional child: told when it comes, goes or changes id; not for its edits")
  func optionalChild() {
    let store = makeStore()
    let view = Watcher { _ = store.scope(state: \.sheet, action: Action.sheet) }
    store.send(.retitle("a"))
    #expect(view.told == 0)
    store.send(.present(1))
    #expect(view.told == 1)
    store.send(.sheet(.type("x")))
    store.send(.retitle("b"))
    #expect(view.told == 1)
    store.send(.present(2))
    #expect(view.told == 2)
    store.send(.dismiss)
    #expect(view.told == 3)
  }

  @Test("an optional child that is not Identifiable: told when it comes or goes")
  func optionalChildWithoutIdentity() {
    let store = makeStore()
    let view = Watcher { _ = store.scope(state: \.note, action: Action.note) }
    store.send(.showNote)
    #expect(view.told == 1)
    store.send(.note(.type("x")))
    store.send(.retitle("b"))
    #expect(view.told == 1)
    store.send(.hideNote)
    #expect(view.told == 2)
  }

  @Test("an enum case: told when the state enters or leaves it or its id changes; not for edits")
  func enumCase() {
    let store = Store(initialState: Mode.idle, reducer: CaseFixture.reducer, environment: ())
    let view = Watcher { _ = store.scope(state: Mode.adding, action: ModeAction.adding) }
    store.send(.add(1))
    #expect(view.told == 1)
    store.send(.adding(.type("x")))
    store.send(.adding(.type("y")))
    #expect(view.told == 1)
    store.send(.add(2))
    #expect(view.told == 2)
    store.send(.edit(2))
    #expect(view.told == 3)
    store.send(.editing(.type("z")))
    #expect(view.told == 3)
  }

  @Test("two views of two cases of one store: each is told of its own case's changes only")
  func twoCases() {
    let store = Store(initialState: Mode.idle, reducer: CaseFixture.reducer, environment: ())
    store.send(.add(1))
    let adding = Watcher { _ = store.scope(state: Mode.adding, action: ModeAction.adding) }
    let editing = Watcher { _ = store.scope(state: Mode.editing, action: ModeAction.editing) }
    store.send(.add(2))
    #expect(adding.told == 1)
    #expect(editing.told == 0)
    // NB: Both are told; a watcher that reads again while told may be told twice here (it
    // joins the absent scopes' entry before that entry's own check in the same send).
    store.send(.edit(3))
    #expect(adding.told >= 2)
    #expect(editing.told == 1)
    // The editing child is replaced: the adding view, whose child is absent, is not told.
    let addingBefore = adding.told
    store.send(.edit(4))
    #expect(adding.told == addingBefore)
    #expect(editing.told == 2)
  }

  @Test("a nested case path cannot be told apart: it observes the whole state, as documented")
  func nestedCasePath() {
    let store = Store(initialState: Mode.idle, reducer: CaseFixture.reducer, environment: ())
    let toA = CasePath(Mode.other).then(CasePath(Wrapped.a))
    let view = Watcher { _ = store.scope(state: toA, action: ModeAction.adding) }
    store.send(.wrapA(1))
    #expect(view.told == 1)
    let first = store.scope(state: toA, action: ModeAction.adding)
    #expect(first?.state == Sheet(id: 1))
    store.send(.wrapB(1))
    #expect(view.told == 2)
    #expect(store.scope(state: toA, action: ModeAction.adding) == nil)
  }

  @Test(
    "2,000 seeded runs: a view of an optional child or an enum case is told exactly when what it showed changed"
  )
  func presenceAgreesWithThePlainComputation() async {
    for await seed in SeededRandom.seeds(2_000) {
      var random = SeededRandom(seed: seed)
      let store = makeStore()
      let sheetView = Watcher { _ = store.scope(state: \.sheet, action: Action.sheet) }
      let noteView = Watcher { _ = store.scope(state: \.note, action: Action.note) }
      let mode = Store(initialState: Mode.idle, reducer: CaseFixture.reducer, environment: ())
      let addingView = Watcher { _ = mode.scope(state: Mode.adding, action: ModeAction.adding) }
      var told = (sheet: 0, note: 0, adding: 0)
      for step in 0..<40 {
        let sheetBefore = store.state.sheet?.id
        let noteBefore = store.state.note != nil
        let modeBefore = mode.state
        let id = Int(random.next() % 2)
        switch random.next() % 8 {
        case 0: store.send(.present(id))
        case 1: store.send(.dismiss)
        case 2: store.send(.sheet(.type("\(step)")))
        case 3: store.send(random.next() % 2 == 0 ? .showNote : .hideNote)
        case 4: store.send(.note(.type("\(step)")))
        case 5: store.send(.retitle("\(step)"))
        case 6:
          let actions: [ModeAction] = [.add(id), .edit(id), .stop, .wrapA(id)]
          mode.send(actions[Int(random.next() % 4)])
        default: mode.send(.adding(.type("\(step)")))
        }
        if store.state.sheet?.id != sheetBefore { told.sheet += 1 }
        if (store.state.note != nil) != noteBefore { told.note += 1 }
        if Self.shown(modeBefore) != Self.shown(mode.state) { told.adding += 1 }
        guard sheetView.told == told.sheet, noteView.told == told.note,
          addingView.told == told.adding
        else {
          Issue.record(
            "seed \(seed), step \(step): told \((sheetView.told, noteView.told, addingView.told)), expected \(told)"
          )
          return
        }
      }
    }
  }

  /// What a view of `scope(state: Mode.adding, …)` shows: the adding sheet's id, and while
  /// the state is not in `adding`, which case it is in (documented: such a view is told when
  /// the state moves between other cases).
  static func shown(_ mode: Mode) -> String {
    switch mode {
    case let .adding(sheet): "adding \(sheet.id)"
    case .editing: "editing"
    case .idle: "idle"
    case .other: "other"
    }
  }

  @Test("rows by id of a stored collection: the same store, told of their own row only")
  func rowsByID() {
    let store = makeStore()
    for id in 0..<3 { store.send(.add(id)) }
    let rows = (0..<3).compactMap { id in
      store.scope(state: \.rows[id: id], action: { Action.row(id, $0) })
    }
    #expect(rows.count == 3)
    #expect(rows[1] === store.scope(state: \.rows[id: 1], action: { Action.row(1, $0) }))
    let views = rows.map { row in Watcher { _ = row.state } }
    let list = Watcher { _ = store.scope(state: \.rows[id: 1], action: { Action.row(1, $0) }) }
    store.send(.row(1, .increment))
    store.send(.retitle("x"))
    #expect(views.map(\.told) == [0, 1, 0])
    #expect(list.told == 0)
    rows[2].send(.increment)
    #expect(store.state.rows[id: 2]?.count == 1)
    store.send(.remove(1))
    #expect(list.told == 1)
    #expect(store.scope(state: \.rows[id: 1], action: { Action.row(1, $0) }) == nil)
  }

  @Test("rows by id of a collection nested deeper: the plain way, the same behaviour")
  func nestedRowsByID() {
    let store = makeStore()
    store.send(.addNested(7))
    let row = store.scope(state: \.nested.inner.rows[id: 7], action: { Action.nestedRow(7, $0) })
    #expect(row != nil)
    #expect(
      row === store.scope(state: \.nested.inner.rows[id: 7], action: { Action.nestedRow(7, $0) }))
    let view = Watcher { _ = row?.state }
    store.send(.retitle("x"))
    #expect(view.told == 0)
    row?.send(.increment)
    #expect(view.told == 1)
    #expect(store.state.nested.inner.rows[id: 7]?.count == 1)
  }

  @Test("which key paths are recognised as a stored collection's row, and which are not")
  func recognition() {
    let id = 3
    #expect(RowKeyPath.collection(of: \Screen.rows[id: id], id: id) == \Screen.rows)
    #expect(RowKeyPath.collection(of: \Screen.rows[id: 4], id: id) == nil)
    #expect(RowKeyPath.collection(of: \Screen.computedRows[id: id], id: id) == nil)
    #expect(RowKeyPath.collection(of: \Screen.nested.inner.rows[id: id], id: id) == nil)
    #expect(RowKeyPath.collection(of: \Screen.sheet, id: 3) == nil)
    for _ in 0..<10_000 {
      // NB: Made and compared again and again: the runtime's paths stay sound.
      #expect(RowKeyPath.collection(of: \Screen.rows[id: id], id: id) == \Screen.rows)
    }
  }

  @Test("row stores asked for by id, and their parent, are freed when released")
  func rowStoresAreFreed() {
    weak var weakRow: Store<Row, RowAction>?
    weak var weakStore: Store<Screen, Action>?
    do {
      let store = makeStore()
      store.send(.add(1))
      let row = store.scope(state: \.rows[id: 1], action: { Action.row(1, $0) })
      let view = Watcher { _ = row?.state }
      row?.send(.increment)
      #expect(view.told == 1)
      weakRow = row
      weakStore = store
    }
    #expect(weakRow == nil)
    #expect(weakStore == nil)
  }

  @Test(
    "2,000 seeded runs: rows by id of a stored collection agree with the same rows through a computed path"
  )
  func rowsAgreeWithThePlainWay() async {
    for await seed in SeededRandom.seeds(2_000) {
      var random = SeededRandom(seed: seed)
      let store = makeStore()
      var held: [Int: (fast: Store<Row, RowAction>, plain: Store<Row, RowAction>)] = [:]
      var views: [Int: (fast: Watcher, plain: Watcher)] = [:]
      var presence: [Int: (fast: Watcher, plain: Watcher)] = [:]
      for step in 0..<40 {
        let id = Int(random.next() % 4)
        switch random.next() % 6 {
        case 0: if store.state.rows[id: id] == nil { store.send(.add(id)) }
        case 1: store.send(.remove(id))
        case 2, 3: store.send(.row(id, .increment))
        case 4: held[id] = nil
        default: store.send(.retitle("\(step)"))
        }
        let fast = store.scope(state: \.rows[id: id], action: { Action.row(id, $0) })
        let plain = store.scope(state: \.computedRows[id: id], action: { Action.row(id, $0) })
        guard fast?.state == plain?.state, (fast == nil) == (plain == nil) else {
          Issue.record("seed \(seed), step \(step): the stores of row \(id) disagree")
          return
        }
        if let fast, let plain, held[id] == nil {
          held[id] = (fast, plain)
          views[id] = (Watcher { _ = fast.state }, Watcher { _ = plain.state })
        }
        if presence[id] == nil {
          presence[id] = (
            Watcher { _ = store.scope(state: \.rows[id: id], action: { Action.row(id, $0) }) },
            Watcher {
              _ = store.scope(state: \.computedRows[id: id], action: { Action.row(id, $0) })
            }
          )
        }
        for (id, pair) in views where pair.fast.told != pair.plain.told {
          Issue.record(
            "seed \(seed), step \(step): row \(id) told \(pair.fast.told) vs \(pair.plain.told)")
          return
        }
        for (id, pair) in presence where pair.fast.told != pair.plain.told {
          Issue.record(
            "seed \(seed), step \(step): presence of \(id) told \(pair.fast.told) vs \(pair.plain.told)"
          )
          return
        }
      }
    }
  }
}
