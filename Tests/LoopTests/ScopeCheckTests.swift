import Observation
import Testing

@testable import Loop

// A scoped store's check (and a collection's, for its row stores) is asked of the root once, when
// its first observer starts waiting, and kept by the root while observers wait: sends that change
// nothing a view read do not make it again (until 2026-12-04 each made a new one, an allocation
// per send per observed scoped store). These pin that, and that what the observers are told is
// what it was.

private struct CheckedScreen: Equatable {
  var child: Child? = Child()
  var part = Part()
  var rows: IdentifiedArrayOf<Row> = IdentifiedArray((0..<100).map { Row(id: $0) })
  var unrelated = 0
}

private struct Child: Equatable { var count = 0 }
private struct Part: Equatable { var count = 0 }
private struct Row: Identifiable, Equatable {
  let id: Int
  var count = 0
}

private enum CheckedScreenAction: Sendable {
  case unrelated
  case child(ChildAction)
  case part(ChildAction)
  case row(Int, ChildAction)
}

private enum ChildAction: Sendable { case increment }

private let checkedScreenReducer = Reducer<CheckedScreen, CheckedScreenAction, Void> {
  state, action, _ in
  switch action {
  case .unrelated: state.unrelated += 1
  case .child: state.child?.count += 1
  case .part: state.part.count += 1
  case let .row(id, _): state.rows[id: id]?.count += 1
  }
  return .none
}

@MainActor
@Suite("The root keeps a scoped store's check while its observers wait")
struct ScopeCheckTests {
  /// The checks the root runs after its next send.
  private func checks(of store: Store<CheckedScreen, CheckedScreenAction>) -> Int {
    store.core.root?.scopeChecks.count ?? -1
  }

  @Test(
    "a part, a child and a list of rows each keep one check across sends that change nothing read",
    arguments: [false, true])
  func oneCheckEach(observingAgainWhileTold again: Bool) {
    let store = Store(initialState: CheckedScreen(), reducer: checkedScreenReducer, environment: ())
    let part = store.scope(state: \.part, action: CheckedScreenAction.part)
    let child = store.scope(state: \.child, action: CheckedScreenAction.child)
    let rows = store.scope(forEach: \.rows, action: CheckedScreenAction.row)
    // NB: The list's ids, observed by `scope(forEach:)`, as a list view's body does.
    #expect(checks(of: store) == 1)

    let partTold = Tally()
    let childTold = Tally()
    let rowTold = Tally()
    let otherRowTold = Tally()
    observeAsView({ _ = part.count }, into: partTold, again: again)
    observeAsView({ _ = child?.count ?? -1 }, into: childTold, again: again)
    observeAsView({ _ = rows[7].count }, into: rowTold, again: again)
    observeAsView({ _ = rows[8].count }, into: otherRowTold, again: again)
    // NB: One for the part, one for the child, one for the rows' collection.
    #expect(checks(of: store) == 3)

    for _ in 0..<100 { store.send(.unrelated) }
    #expect(checks(of: store) == 3)
    #expect([partTold.value, childTold.value, rowTold.value, otherRowTold.value] == [0, 0, 0, 0])

    store.send(.part(.increment))
    store.send(.child(.increment))
    store.send(.row(7, .increment))
    #expect([partTold.value, childTold.value, rowTold.value, otherRowTold.value] == [1, 1, 1, 0])
    // NB: Observing again from inside the notification, every observer waits still, and each
    // check is kept, not made twice. Otherwise the part's and the child's observers no longer
    // wait, and their checks are dropped. The collection's is kept either way: row 8 waits, and
    // so do the list's ids (`scope(forEach:)` observes them, as a list view's body does).
    #expect(checks(of: store) == (again ? 3 : 1))

    for _ in 0..<100 { store.send(.unrelated) }
    #expect(checks(of: store) == (again ? 3 : 1))

    store.send(.part(.increment))
    store.send(.child(.increment))
    store.send(.row(7, .increment))
    store.send(.row(8, .increment))
    let expected = again ? [2, 2, 2, 1] : [1, 1, 1, 1]
    #expect([partTold.value, childTold.value, rowTold.value, otherRowTold.value] == expected)
    #expect(checks(of: store) == (again ? 3 : 1))
  }

  @Test("an observer that reads again later is told of the next change, with one check")
  func readAgainLater() {
    let store = Store(initialState: CheckedScreen(), reducer: checkedScreenReducer, environment: ())
    let part = store.scope(state: \.part, action: CheckedScreenAction.part)
    let rows = store.scope(forEach: \.rows, action: CheckedScreenAction.row)
    let partTold = Tally()
    let rowTold = Tally()
    for round in 1...50 {
      observeAsView({ _ = part.count }, into: partTold, again: false)
      observeAsView({ _ = rows[3].count }, into: rowTold, again: false)
      #expect(checks(of: store) == 2)
      store.send(.unrelated)
      store.send(.part(.increment))
      store.send(.row(3, .increment))
      #expect(partTold.value == round)
      #expect(rowTold.value == round)
      // NB: The part's check is dropped; the collection's is kept for the list's ids.
      #expect(checks(of: store) == 1)
    }
  }

  @Test("a released scoped store's kept check ends at the next send")
  func releasedStoreDropsItsCheck() {
    let store = Store(initialState: CheckedScreen(), reducer: checkedScreenReducer, environment: ())
    weak var weakPart: Store<Part, ChildAction>?
    do {
      let part = store.scope(state: \.part, action: CheckedScreenAction.part)
      weakPart = part
      // NB: An `onChange` that holds nothing: one that held the store would keep it.
      withObservationTracking {
        _ = part.count
      } onChange: {
      }
      #expect(checks(of: store) == 1)
    }
    #expect(weakPart == nil)
    store.send(.unrelated)
    #expect(checks(of: store) == 0)
  }
}
