import Loop
import LoopTesting
import Testing

/// Receiving a nested action that is not `Equatable`, by its chain of cases, in one line: a
/// presented child's delegate, a row by id, a stack screen by id.
@MainActor
@Suite("Receiving a nested action by its cases", .hangBackstop)
struct NestedReceiveTests {
  struct Failure: Error {}

  enum Memo {
    struct State: Equatable, Identifiable { var id: Int }
    enum Action: Sendable {
      case stopTapped, failTapped, closeTapped
      case delegate(Delegate)
      enum Delegate: Sendable { case didFinish(Result<Int, any Error>), closed }
    }
    static let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case .stopTapped:
        let id = state.id
        return .run { send in await send(.delegate(.didFinish(.success(id)))) }
      case .failTapped:
        return .run { send in await send(.delegate(.didFinish(.failure(Failure())))) }
      case .closeTapped:
        return .send(.delegate(.closed))
      case .delegate:
        return .none
      }
    }
  }

  enum Parent {
    struct State: Equatable {
      var memo: Memo.State?
      var rows: IdentifiedArray<Int, Memo.State> = [Memo.State(id: 1), Memo.State(id: 2)]
      var path = StackState<Memo.State>()
      var finished: [Int] = []
    }
    enum Action: Sendable {
      case memo(PresentationAction<Memo.Action>)
      case rows(id: Int, action: Memo.Action)
      case path(StackAction<Memo.State, Memo.Action>)
    }
    static let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case let .memo(.presented(.delegate(.didFinish(.success(id))))),
        let .rows(_, .delegate(.didFinish(.success(id)))),
        let .path(.element(_, .delegate(.didFinish(.success(id))))):
        state.finished.append(id)
      default:
        break
      }
      return .none
    }
    .presents(state: \.memo, action: Action.memo, environment: { $0 }, then: Memo.reducer)
    .forEach(state: \.rows, action: Action.rows, environment: { $0 }, element: Memo.reducer)
    .stack(state: \.path, action: Action.path, environment: { $0 }, element: Memo.reducer)
  }

  func makeStore(_ state: Parent.State = Parent.State()) -> TestStore<
    Parent.State, Parent.Action, Void
  > {
    TestStore(initialState: state, reducer: Parent.reducer, environment: ())
  }

  @Test("a presented child's delegate action, four cases deep")
  func presented() async {
    let store = makeStore(Parent.State(memo: Memo.State(id: 7)))
    await store.send(.memo(.presented(.stopTapped)))
    await store.receive(
      CasePath(Parent.Action.memo).then(PresentationAction.presented).then(Memo.Action.delegate)
        .then(Memo.Action.Delegate.didFinish)
    ) {
      $0.finished = [7]
    }
    await store.send(.memo(.presented(.failTapped)))
    await store.receive(
      CasePath(Parent.Action.memo).then(PresentationAction.presented).then(Memo.Action.delegate)
        .then(Memo.Action.Delegate.didFinish).then(Result.failure))
  }

  @Test("a presented child's delegate action with .presented left out, as TCA writes it")
  func presentedLeftOut() async {
    let store = makeStore(Parent.State(memo: Memo.State(id: 7)))
    await store.send(.memo(.presented(.stopTapped)))
    await store.receive(
      CasePath(Parent.Action.memo).then(Memo.Action.delegate).then(Memo.Action.Delegate.didFinish)
        .then(Result.success)
    ) {
      $0.finished = [7]
    }
    await store.send(.memo(.presented(.failTapped)))
    await store.receive(CasePath(Parent.Action.memo).then(Memo.Action.delegate))
    await store.send(.memo(.presented(.closeTapped)))
    await store.receive(CasePath(Parent.Action.memo).then(Memo.Action.delegate).then(.closed))
  }

  @Test("a nested case with no payload, as the last link: TCA's receive(\\.delegate.closed)")
  func payloadless() async {
    let store = makeStore(Parent.State(memo: Memo.State(id: 7)))
    await store.send(.memo(.presented(.closeTapped)))
    await store.receive(
      CasePath(Parent.Action.memo).then(PresentationAction.presented).then(Memo.Action.delegate)
        .then(Memo.Action.Delegate.closed))
    await store.send(.memo(.presented(.stopTapped)))
    await withKnownIssue {
      await store.receive(
        CasePath(Parent.Action.memo).then(Memo.Action.delegate).then(.closed))  // it was didFinish
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains(
          """
          − .memo(.presented(.delegate(.closed)))
          + .memo(.presented(.delegate(.didFinish(.success(7)))))
          """)
      }
    }
    await store.send(.memo(.presented(.closeTapped)))
    await store.receive(
      CasePath(Parent.Action.memo).then(Memo.Action.delegate).then(Memo.Action.Delegate.closed))
  }

  @Test("a wrong Result case fails: .failure wanted, .success got")
  func wrongResult() async {
    let store = makeStore(Parent.State(memo: Memo.State(id: 7)))
    await store.send(.memo(.presented(.stopTapped)))
    await withKnownIssue {
      await store.receive(
        CasePath(Parent.Action.memo).then(Memo.Action.delegate)
          .then(Memo.Action.Delegate.didFinish).then(Result.failure))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains(
          """
          − .memo(.presented(.delegate(.didFinish(.failure(…)))))
          + .memo(.presented(.delegate(.didFinish(.success(7)))))
          """)
      }
    }
  }

  @Test("one row's action, by its id, and nested")
  func row() async {
    let store = makeStore()
    await store.send(.rows(id: 2, action: .stopTapped))
    await store.receive(CasePath(Parent.Action.rows)[id: 2].then(Memo.Action.delegate)) {
      $0.finished = [2]
    }
    await store.send(.rows(id: 1, action: .stopTapped))
    await withKnownIssue {
      await store.receive(CasePath(Parent.Action.rows)[id: 2])  // it was row 1's
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains(
          """
          − .rows(id: 2, action: …)
          + .rows(id: 1, action: .delegate(.didFinish(.success(1))))
          """)
      }
    }
  }

  @Test("a row's case with no payload after its id: TCA's receive(\\.rows[id: 1].closeTapped)")
  func rowPayloadless() async {
    let store = makeStore()
    await store.send(.rows(id: 1, action: .closeTapped))
    await withKnownIssue {
      await store.receive(CasePath(Parent.Action.rows)[id: 1].then(Memo.Action.stopTapped))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains(
          """
          − .rows(id: 1, action: .stopTapped)
          + .rows(id: 1, action: .delegate(.closed))
          """)
      }
    }
  }

  @Test("a stack screen's action, by its id, and nested")
  func screen() async {
    var path = StackState<Memo.State>()
    path.append(Memo.State(id: 5))
    let store = makeStore(Parent.State(path: path))
    await store.send(.path(.element(id: 0, action: .stopTapped)))
    await store.receive(
      CasePath(Parent.Action.path)[id: 0].then(Memo.Action.delegate)
        .then(Memo.Action.Delegate.didFinish).then(Result.success)
    ) {
      $0.finished = [5]
    }
  }
}
