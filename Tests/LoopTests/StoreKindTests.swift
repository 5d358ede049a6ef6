import Testing

@testable import Loop

/// Each kind of store is made of its own kind of core (see Architecture.md, "Kinds of store"):
/// what a store does is read in that core's class alone.
@MainActor
@Suite("One core per kind of store")
struct StoreKindTests {
  typealias Sheet = CaseFixture.Sheet
  typealias SheetAction = CaseFixture.SheetAction
  struct Row: Equatable, Identifiable { let id: Int }
  struct Screen: Equatable {
    var title = ""
    var sheet: Sheet? = Sheet(id: 1)
    var mode: CaseFixture.Mode = .adding(Sheet(id: 2))
    var rows: IdentifiedArrayOf<Sheet> = [Sheet(id: 3)]
    var path = StackState<Sheet>([Sheet(id: 4)])
  }
  enum Action: Sendable {
    case title(String), sheet(SheetAction), mode(SheetAction), row(Int, SheetAction)
    case path(StackAction<Sheet, SheetAction>)
  }

  /// The kind of `store`'s core, by class.
  func kind<S, A>(_ store: Store<S, A>?) -> String {
    switch store?.core {
    case .root: "root"
    case .scoped(let core) where core is ElementCore<S, A>: "element"
    case .scoped(let core) where core is ChildCore<S, A>: "child"
    case .scoped: "part"
    case nil: "none"
    }
  }

  @Test("each scope makes its kind of core")
  func eachScopeItsCore() {
    let store = Store(
      initialState: Screen(), reducer: Reducer<Screen, Action, Void>.empty, environment: ())
    #expect(kind(store) == "root")
    #expect(kind(store.scope(state: \.title, action: Action.title)) == "part")
    #expect(kind(store.scope(state: \.sheet, action: Action.sheet)) == "child")
    #expect(
      kind(
        store.scope(state: \.mode, action: Action.mode).scope(
          state: CasePath(CaseFixture.Mode.adding), action: { $0 })) == "child")
    #expect(kind(store.scope(forEach: \.rows, action: Action.row).first) == "element")
    #expect(kind(store.scope(state: \.rows[id: 3], action: { Action.row(3, $0) })) == "element")
    #expect(kind(store.scope(forEach: \.path, action: Action.path).first) == "element")
  }
}
