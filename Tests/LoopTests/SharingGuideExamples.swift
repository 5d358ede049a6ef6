// The code Docs/Loop.docc/Sharing.md shows, compiled and run: a pantry list, a detail screen
// that edits and deletes one item, and a screen that adds one, on a stack — one shared list.
import Foundation
import Loop
import LoopTesting
import Testing

enum Pantry {
  struct Item: Equatable, Identifiable, Sendable, Codable {
    let id: Int
    var name: String
    var count = 1
  }

  /// Where the list lives: saved to a file (an app's documents folder), kept between runs.
  static let items = SharedKey<IdentifiedArrayOf<Item>>.file(
    FileManager.default.temporaryDirectory.appendingPathComponent("pantry.json"))

  enum Detail {
    struct State: Equatable, Sendable {
      @Shared var item: Item
      @Shared(Pantry.items) var items: IdentifiedArrayOf<Item> = []
    }
    enum Action: Equatable, Sendable { case increment, deleteTapped }

    static let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case .increment:
        state.item.count += 1  // the list sees it, in the same send
        return .none
      case .deleteTapped:
        state.items.remove(id: state.item.id)
        return .dismiss
      }
    }
  }

  enum Add {
    struct State: Equatable, Sendable {
      @Shared(Pantry.items) var items: IdentifiedArrayOf<Item> = []
      var name = ""
    }
    enum Action: Equatable, Sendable { case nameChanged(String), saveTapped }

    static let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case let .nameChanged(name):
        state.name = name
        return .none
      case .saveTapped:
        state.items.append(Item(id: (state.items.ids.max() ?? 0) + 1, name: state.name))
        return .dismiss
      }
    }
  }

  enum Path {
    enum State: Equatable, Sendable {
      case detail(Detail.State)
      case add(Add.State)
    }
    enum Action: Equatable, Sendable {
      case detail(Detail.Action)
      case add(Add.Action)
    }
    static let reducer = Reducer<State, Action, Void>.empty
      .ifCaseLet(
        state: State.detail, action: Action.detail, then: Detail.reducer
      )
      .ifCaseLet(state: State.add, action: Action.add, then: Add.reducer)
  }

  struct State: Equatable, Sendable {
    @Shared(Pantry.items) var items: IdentifiedArrayOf<Item> = []
    var path = StackState<Path.State>()
  }
  enum Action: Equatable, Sendable {
    case itemTapped(Int), addTapped
    case path(StackAction<Path.State, Path.Action>)
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case let .itemTapped(id):
      guard let item = state.$items[id: id] else { return .none }
      state.path.append(.detail(Detail.State(item: item)))
      return .none
    case .addTapped:
      state.path.append(.add(Add.State()))
      return .none
    case .path:
      return .none
    }
  }
  .stack(state: \.path, action: Action.path, element: Path.reducer)
}

@MainActor
@Suite("Sharing guide", .deterministicJobs)
struct SharingGuideExamples {
  @Test("the detail's edit is the list's; deleting closes the detail; adding appends")
  func pantry() async {
    let store = TestStore(
      initialState: Pantry.State(items: [Pantry.Item(id: 1, name: "Oats")]),
      reducer: Pantry.reducer, environment: ())
    await store.send(.itemTapped(1)) {
      $0.path.append(.detail(Pantry.Detail.State(item: $0.$items[id: 1]!)))
    }
    await store.send(.path(.element(id: 0, action: .detail(.increment)))) {
      $0.items[id: 1]?.count = 2  // asserted on the list: it is the same value
    }
    await store.send(.path(.element(id: 0, action: .detail(.deleteTapped)))) {
      $0.items = []
    }
    await store.receive(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
    await store.send(.addTapped) {
      $0.path.append(.add(Pantry.Add.State()))
    }
    await store.send(.path(.element(id: 1, action: .add(.nameChanged("Rice"))))) {
      $0.path[id: 1][case: Pantry.Path.State.add]?.name = "Rice"
    }
    await store.send(.path(.element(id: 1, action: .add(.saveTapped)))) {
      $0.items = [Pantry.Item(id: 1, name: "Rice")]
    }
    await store.receive(.path(.popFrom(id: 1))) {
      $0.path = StackState()
    }
  }
}
