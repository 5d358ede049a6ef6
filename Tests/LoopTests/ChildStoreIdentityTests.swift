import LoopTesting
import Testing

@testable import Loop

/// Asking again for the same optional child's store gives the same object while something
/// holds it; another child gets a new one; released stores are freed.
@MainActor
@Suite("Child stores that last")
struct ChildStoreIdentityTests {
  typealias Sheet = CaseFixture.Sheet
  typealias SheetAction = CaseFixture.SheetAction
  typealias Mode = CaseFixture.Mode
  typealias ModeAction = CaseFixture.ModeAction
  struct Note: Equatable { var text = "" }
  struct Screen: Equatable {
    var sheet: Sheet?
    var note: Note?
    var rows: [Int: Sheet] = [:]
  }
  enum Action: Equatable, Sendable {
    case present(Int), dismiss, sheet(SheetAction), showNote, hideNote, note(SheetAction)
    case addRow(Int), removeRow(Int)
  }

  static let reducer = Reducer<Screen, Action, Void> { state, action, _ in
    switch action {
    case let .present(id): state.sheet = Sheet(id: id)
    case .dismiss: state.sheet = nil
    case let .sheet(.type(text)): state.sheet?.text = text
    case .showNote: state.note = Note()
    case .hideNote: state.note = nil
    case let .note(.type(text)): state.note?.text = text
    case let .addRow(id): state.rows[id] = Sheet(id: id)
    case let .removeRow(id): state.rows[id] = nil
    }
    return .none
  }

  func makeStore() -> Store<Screen, Action> {
    Store(initialState: Screen(), reducer: Self.reducer, environment: ())
  }

  @Test("the same child's store is the same object; another id gets a new one")
  func sameChildSameStore() {
    let store = makeStore()
    store.send(.present(1))
    let first = store.scope(state: \.sheet, action: Action.sheet)
    store.send(.sheet(.type("edited")))  // an edit: the same child
    let again = store.scope(state: \.sheet, action: Action.sheet)
    #expect(first != nil && first === again)
    store.send(.present(2))
    let other = store.scope(state: \.sheet, action: Action.sheet)
    #expect(other != nil && other !== first)
    other?.send(.type("x"))
    #expect(store.state.sheet?.text == "x")
    store.send(.dismiss)
    #expect(store.scope(state: \.sheet, action: Action.sheet) == nil)
  }

  @Test("a child that is not Identifiable keeps its store while it is there")
  func notIdentifiable() {
    let store = makeStore()
    store.send(.showNote)
    let first = store.scope(state: \.note, action: Action.note)
    store.send(.note(.type("a")))
    #expect(first === store.scope(state: \.note, action: Action.note))
  }

  @Test("a released child store is freed; asking again makes a new one")
  func releasedIsFreed() {
    let store = makeStore()
    store.send(.present(1))
    weak var weakChild: Store<Sheet, SheetAction>?
    do {
      let child = store.scope(state: \.sheet, action: Action.sheet)
      weakChild = child
      #expect(weakChild != nil)
    }
    #expect(weakChild == nil)
    #expect(store.scope(state: \.sheet, action: Action.sheet) != nil)
  }

  @Test("a parent whose child stores are released is freed")
  func parentFreed() {
    weak var weakStore: Store<Screen, Action>?
    do {
      let store = makeStore()
      store.send(.present(1))
      _ = store.scope(state: \.sheet, action: Action.sheet)
      weakStore = store
    }
    #expect(weakStore == nil)
  }

  @Test("rows scoped one by one by id leave no pile of dead entries behind")
  func rowsDoNotPileUp() {
    let store = makeStore()
    for id in 0..<1_000 {
      store.send(.addRow(id))
      _ = store.scope(state: \.rows[id], action: Action.sheet)  // released at once
      store.send(.removeRow(id))
    }
    #expect(store.childStores.count <= 32)
  }

  @Test(
    "2,000 seeded runs: the cached store agrees with a store made anew, and is reused exactly when it should be"
  )
  func agreesWithFreshStores() async {
    for await seed in SeededRandom.seeds(2_000) {
      var random = SeededRandom(seed: seed)
      let store = makeStore()
      // NB: The held store and whether a child of another id was scoped since it was taken
      // (the cache keeps one child per key path: the last one asked for).
      var held: (store: Store<Sheet, SheetAction>, id: Int, replaced: Bool)?
      for step in 0..<40 {
        switch random.next() % 5 {
        case 0: store.send(.present(Int(random.next() % 3)))
        case 1: store.send(.dismiss)
        case 2: store.send(.sheet(.type("\(step)")))
        case 3: held = nil  // the view lets go of its store
        default: break
        }
        let scoped = store.scope(state: \.sheet, action: Action.sheet)
        let sheet = store.state.sheet
        guard (scoped == nil) == (sheet == nil), scoped?.state == sheet else {
          Issue.record("seed \(seed), step \(step): the scoped store disagrees with the state")
          return
        }
        if let current = held, let sheet {
          let reusable = current.id == sheet.id && !current.replaced
          guard reusable == (scoped === current.store) else {
            Issue.record("seed \(seed), step \(step): reused \(scoped === current.store)")
            return
          }
          if current.id != sheet.id { held?.replaced = true }
        }
        if let scoped, let sheet, random.next() % 2 == 0 { held = (scoped, sheet.id, false) }
      }
    }
  }

  @Test("an enum case's store lasts too; two cases of one payload type get their own")
  func enumCases() {
    let store = Store(initialState: Mode.idle, reducer: CaseFixture.reducer, environment: ())
    #expect(store.scope(state: Mode.adding, action: ModeAction.adding) == nil)
    store.send(.add(1))
    let adding = store.scope(state: Mode.adding, action: ModeAction.adding)
    store.send(.adding(.type("a")))
    #expect(adding != nil && adding === store.scope(state: Mode.adding, action: ModeAction.adding))
    store.send(.edit(1))  // the same id, another case
    let editing = store.scope(state: Mode.editing, action: ModeAction.editing)
    #expect(editing != nil && editing !== adding)
    #expect(store.scope(state: Mode.adding, action: ModeAction.adding) == nil)
    editing?.send(.type("e"))
    #expect(store.state == .editing(Sheet(id: 1, text: "e")))
  }

  @Test("2,000 seeded runs of an enum state: each case's store agrees with the state")
  func enumCasesAgree() async {
    for await seed in SeededRandom.seeds(2_000) {
      var random = SeededRandom(seed: seed)
      let store = Store(initialState: Mode.idle, reducer: CaseFixture.reducer, environment: ())
      var held: [Store<Sheet, SheetAction>] = []
      for step in 0..<30 {
        let id = Int(random.next() % 2)
        switch random.next() % 5 {
        case 0: store.send(.add(id))
        case 1: store.send(.edit(id))
        case 2: store.send(.stop)
        case 3: store.send(.adding(.type("\(step)")))
        default: held.removeAll()
        }
        let adding = store.scope(state: Mode.adding, action: ModeAction.adding)
        let editing = store.scope(state: Mode.editing, action: ModeAction.editing)
        let expectedAdding: Sheet? = if case let .adding(sheet) = store.state { sheet } else { nil }
        let expectedEditing: Sheet? =
          if case let .editing(sheet) = store.state { sheet } else { nil }
        guard adding?.state == expectedAdding, editing?.state == expectedEditing,
          adding == nil || adding !== editing
        else {
          Issue.record("seed \(seed), step \(step): a case's store disagrees with the state")
          return
        }
        if let adding, random.next() % 2 == 0 { held.append(adding) }
        if let editing, random.next() % 2 == 0 { held.append(editing) }
      }
    }
  }
}
