import Loop
import LoopTesting
import Testing

/// Every chain shape of ComingFromTCA's table and Testing's "Receiving a nested action by its
/// chain of cases", written as the guides write them, received from an effect.
@MainActor
@Suite("Guide examples: case chains", .hangBackstop)
struct CaseChainGuideExamples {
  struct Failure: Error {}

  enum Delegate: Sendable { case deleteSyncUp, closed }
  enum Memo {
    enum Action: Sendable { case delegate(Memo.Delegate) }
    enum Delegate: Sendable { case didFinish(Result<Int, any Error>) }
  }
  enum Editor {
    enum Action: Sendable { case delegate(Editor.Delegate) }
    enum Delegate: Sendable { case saved }
  }
  enum Destination {
    enum Action: Sendable { case editor(Editor.Action) }
  }
  enum Row {
    enum Action: Sendable {
      case toggled
      case delegate(Row.Delegate)
      static let togglePath = CasePath<Row.Action, Void>(
        embed: { .toggled }, extract: { if case .toggled = $0 { () } else { nil } })
    }
    enum Delegate: Sendable { case closed }
  }
  enum Detail {
    enum Action: Sendable { case delegate(Detail.Delegate) }
    enum Delegate: Sendable { case saved }
  }
  enum Path {
    enum Action: Sendable { case detail(Detail.Action) }
  }

  enum Action: Sendable {
    case emit(Int)
    case emitTwo(Int, Int)
    case delegate(Delegate)
    case memo(PresentationAction<Memo.Action>)
    case destination(PresentationAction<Destination.Action>)
    case rows(id: Int, action: Row.Action)
    case path(StackAction<Int, Path.Action>)
    case loaded(String)
    case done
  }

  /// What `.emit(n)` sends: one action of each shape the guides receive.
  static let script: [Action] = [
    .loaded("x"),
    .done,
    .delegate(.deleteSyncUp),
    .delegate(.closed),
    .memo(.presented(.delegate(.didFinish(.success(1))))),
    .destination(.presented(.editor(.delegate(.saved)))),
    .memo(.presented(.delegate(.didFinish(.failure(Failure()))))),
    .rows(id: 7, action: .toggled),
    .rows(id: 1, action: .delegate(.closed)),
    .path(.element(id: 0, action: .detail(.delegate(.saved)))),
  ]

  static let reducer = Reducer<Int, Action, Void> { _, action, _ in
    switch action {
    case let .emit(index):
      let sent = script[index]
      return .run { send in await send(sent) }
    case let .emitTwo(first, second):
      let sent = (script[first], script[second])
      return .run { send in
        await send(sent.0)
        await send(sent.1)
      }
    default:
      return .none
    }
  }

  func makeStore() -> TestStore<Int, Action, Void> {
    TestStore(initialState: 0, reducer: Self.reducer, environment: ())
  }

  @Test("every row of ComingFromTCA's receive table")
  func table() async {
    let store = makeStore()
    let id = 7
    await store.send(.emit(0))
    await store.receive(Action.loaded)
    await store.send(.emit(1))
    await store.receive(.done)
    await store.send(.emit(2))
    await store.receive(CasePath(Action.delegate).then(Delegate.deleteSyncUp))
    await store.send(.emit(3))
    await store.receive(CasePath(Action.delegate).then(Delegate.closed))
    await store.send(.emit(4))
    await store.receive(
      CasePath(Action.memo).then(Memo.Action.delegate).then(Memo.Delegate.didFinish))
    await store.send(.emit(5))
    await store.receive(
      CasePath(Action.destination).then(Destination.Action.editor).then(Editor.Action.delegate)
        .then(Editor.Delegate.saved))
    await store.send(.emit(4))
    await store.receive(
      CasePath(Action.memo).then(Memo.Action.delegate).then(Memo.Delegate.didFinish)
        .then(Result.success))
    await store.send(.emit(6))
    await store.receive(
      CasePath(Action.memo).then(Memo.Action.delegate).then(Memo.Delegate.didFinish)
        .then(Result.failure))
    await store.send(.emit(7))
    await store.receive(CasePath(Action.rows)[id: id].then(Row.Action.toggled))
    await store.send(.emit(8))
    await store.receive(
      CasePath(Action.rows)[id: 1].then(Row.Action.delegate).then(Row.Delegate.closed))
    await store.send(.emit(9))
    await store.receive(
      CasePath(Action.path)[id: 0].then(Path.Action.detail).then(Detail.Action.delegate))
    await store.send(.emit(7))
    await store.receive(CasePath(Action.rows)[id: 7].then(Row.Action.togglePath))
  }

  @Test("Testing's chain examples")
  func testingGuide() async {
    let store = makeStore()
    await store.send(.emitTwo(8, 4))
    await store.receive(CasePath(Action.rows)[id: 1].then(Row.Action.delegate).then(.closed))
    await store.receive(
      CasePath(Action.memo).then(Memo.Action.delegate).then(Memo.Delegate.didFinish)
        .then(Result.success))
  }

  @Test("each link is checked: another id, case or Result case fails")
  func mismatches() async {
    let store = makeStore()
    await store.send(.emit(8))
    await withKnownIssue {
      await store.receive(CasePath(Action.rows)[id: 2].then(Row.Action.delegate).then(.closed))
    }
    await store.send(.emit(8))
    await withKnownIssue {
      await store.receive(CasePath(Action.rows)[id: 1].then(Row.Action.toggled))
    }
    await store.send(.emit(4))
    await withKnownIssue {
      await store.receive(
        CasePath(Action.memo).then(Memo.Action.delegate).then(Memo.Delegate.didFinish)
          .then(Result.failure))
    }
    await store.send(.emit(5))
    await withKnownIssue {
      await store.receive(CasePath(Action.memo).then(Memo.Action.delegate))
    }
  }
}
