import Loop
import LoopTesting
import Testing

@MainActor
@Suite("Reducer.onChange")
struct ReducerOnChangeTests {
  struct State: Equatable {
    var query = ""
    var changes: [String] = []
    var searches = 0
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case other
    case searched(String)
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case let .queryChanged(query):
      state.query = query
      return .none
    case .other:
      return .none
    case .searched:
      state.searches += 1
      return .none
    }
  }
  .onChange(of: \.query) { old, new, state, _, _ in
    state.changes.append("\(old)→\(new)")
    state.query = new.lowercased()  // a change made here does not trigger it again
    return .send(.searched(new))
  }

  @Test("runs with the old and new value when an action changed it, and merges its effect")
  func runsOnChange() async {
    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    await store.send(.queryChanged("Bat")) {
      $0.query = "bat"
      $0.changes = ["→Bat"]
    }
    await store.receive(.searched("Bat")) { $0.searches = 1 }
  }

  @Test("does not run when the value is unchanged or set to what it was")
  func skipsWhenEqual() async {
    let store = TestStore(
      initialState: State(query: "bat"), reducer: Self.reducer, environment: ())
    await store.send(.other)
    await store.send(.queryChanged("bat"))
  }

  struct Page: Equatable {
    var query = ""
    var page = 1
    var sort = "title"
    var log: [String] = []
  }

  enum PageAction: Equatable, Sendable {
    case set(query: String, page: Int, sort: String)
  }

  static let pageReducer = Reducer<Page, PageAction, Void> { state, action, _ in
    switch action {
    case let .set(query, page, sort):
      state.query = query
      state.page = page
      state.sort = sort
      return .none
    }
  }

  @Test("two values: runs when either changed, with both before and after")
  func twoValues() {
    let reducer = Self.pageReducer.onChange(of: \.query, \.page) { old, new, state, _, _ in
      state.log.append("\(old.0) p\(old.1) → \(new.0) p\(new.1)")
      return .none
    }
    var state = Page()
    _ = reducer.reduce(
      into: &state, action: .set(query: "bat", page: 1, sort: "title"), environment: ())
    _ = reducer.reduce(
      into: &state, action: .set(query: "bat", page: 2, sort: "title"), environment: ())
    _ = reducer.reduce(
      into: &state, action: .set(query: "bat", page: 2, sort: "year"), environment: ())
    #expect(state.log == [" p1 → bat p1", "bat p1 → bat p2"])
  }

  @Test("three values: runs when any changed")
  func threeValues() {
    let reducer = Self.pageReducer.onChange(of: \.query, \.page, \.sort) { _, new, state, _, _ in
      state.log.append("\(new.0) p\(new.1) by \(new.2)")
      return .none
    }
    var state = Page()
    _ = reducer.reduce(
      into: &state, action: .set(query: "", page: 1, sort: "title"), environment: ())
    _ = reducer.reduce(
      into: &state, action: .set(query: "", page: 1, sort: "year"), environment: ())
    #expect(state.log == [" p1 by year"])
  }

  @Test(
    "removeDuplicates decides what counts as a change: a tuple, or a value that is not Equatable")
  func removeDuplicates() {
    let byTuple = Self.pageReducer.onChange(
      of: { ($0.query, $0.sort) }, removeDuplicates: ==
    ) { _, new, state, _, _ in
      state.log.append("\(new.0) by \(new.1)")
      return .none
    }
    // Case-insensitive: "Bat" after "bat" is no change.
    let ignoringCase = Self.pageReducer.onChange(
      of: \.query, removeDuplicates: { $0.lowercased() == $1.lowercased() }
    ) { _, new, state, _, _ in
      state.log.append(new)
      return .none
    }
    var state = Page()
    _ = byTuple.reduce(
      into: &state, action: .set(query: "bat", page: 9, sort: "title"), environment: ())
    _ = byTuple.reduce(
      into: &state, action: .set(query: "bat", page: 3, sort: "title"), environment: ())
    #expect(state.log == ["bat by title"])
    state = Page(query: "bat")
    _ = ignoringCase.reduce(
      into: &state, action: .set(query: "Bat", page: 1, sort: "title"), environment: ())
    _ = ignoringCase.reduce(
      into: &state, action: .set(query: "cat", page: 1, sort: "title"), environment: ())
    #expect(state.log == ["cat"])
  }
}
