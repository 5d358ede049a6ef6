// A detail screen that deletes its own element from a shared list it does not hold
// (Docs/Loop.docc/Sharing.md, "A change the state cannot describe"): the test asserts the list
// through the Shared it holds, and a failure says so.
import Loop
import LoopTesting
import Testing

private enum Memo {
  struct Item: Equatable, Identifiable, Sendable, Codable {
    let id: Int
    var text: String
  }
  struct State: Equatable {
    var item: Shared<Item>
  }
  enum Action: Equatable, Sendable { case deleteTapped }
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .deleteTapped:
      // The list, as TCA's reducer declares `@Shared(.notes) var notes` to delete from it.
      let notes = Shared<IdentifiedArrayOf<Item>>(wrappedValue: [], .inMemory("notes"))
      notes.withLock { _ = $0.remove(id: state.item.wrappedValue.id) }
      return .none
    }
  }
}

@MainActor
@Suite("A change the state cannot describe")
struct SharedRemovalGuideExamples {
  @Test("the detail deletes its note: asserted through the list the test holds")
  func assertedThroughTheTestsShared() async throws {
    @Shared(.inMemory("notes")) var notes: IdentifiedArrayOf<Memo.Item> = [
      Memo.Item(id: 1, text: "Milk")
    ]
    let store = TestStore(
      initialState: Memo.State(item: try #require($notes[id: 1])), reducer: Memo.reducer,
      environment: ())
    await store.send(.deleteTapped) { _ in
      $notes.withLock { _ = $0.remove(id: 1) }
    }
  }

  @Test("not asserted, the failure says to set it through the Shared the test holds")
  func failureNamesTheFix() async throws {
    @Shared(.inMemory("notes")) var notes: IdentifiedArrayOf<Memo.Item> = [
      Memo.Item(id: 1, text: "Milk")
    ]
    let store = TestStore(
      initialState: Memo.State(item: try #require($notes[id: 1])), reducer: Memo.reducer,
      environment: ())
    await withKnownIssue {
      await store.send(.deleteTapped)
    } matching: { issue in
      issue.comments.first?.rawValue.hasSuffix(
        """
        To fix, pass an assert closure that sets the values marked + through a Shared of the \
        same key that the test holds, inside the closure (`{ _ in $records.withLock { \
        $0.remove(id: id) } }`): the state holds no Shared of the whole value, only a part of \
        it, or none.
        """) == true
    }
  }
}
