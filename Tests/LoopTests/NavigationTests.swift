import Foundation
import Loop
import LoopTesting
import Testing

/// A screen that loads a text after two seconds, and can close itself.
private enum NavScreen {
  struct State: Equatable, Sendable {
    var name: String
    var text: String?
  }
  enum Action: Equatable, Sendable {
    case load
    case loaded(String)
    case closeTapped
    case saveAndClose
  }

  static let reducer = Reducer<State, Action, TestClock> { state, action, clock in
    switch action {
    case .load:
      let name = state.name
      return .run { send in
        try await clock.sleep(for: .seconds(2))
        await send(.loaded("text of \(name)"))
      }
    case let .loaded(text):
      state.text = text
      return .none
    case .closeTapped:
      return .dismiss
    case .saveAndClose:
      return .run { _ in
        try await clock.sleep(for: .seconds(1))
        await dismiss()
      }
    }
  }
}

private enum NavApp {
  struct State: Equatable {
    var sheet: NavScreen.State?
    var path = StackState<NavScreen.State>()
  }
  enum Action: Equatable, Sendable {
    case openSheet(String)
    case sheet(PresentationAction<NavScreen.Action>)
    case push(String)
    case popToRoot
    case path(StackAction<NavScreen.State, NavScreen.Action>)
  }

  static let sheet = CasePath<Action, PresentationAction<NavScreen.Action>>(
    embed: Action.sheet, extract: { if case let .sheet(action) = $0 { action } else { nil } })
  static let path = CasePath<Action, StackAction<NavScreen.State, NavScreen.Action>>(
    embed: Action.path, extract: { if case let .path(action) = $0 { action } else { nil } })

  static let reducer = Reducer<State, Action, TestClock> { state, action, _ in
    switch action {
    case let .openSheet(name):
      state.sheet = NavScreen.State(name: name)
    case let .push(name):
      state.path.append(NavScreen.State(name: name))
    case .popToRoot:
      state.path.removeAll()
    case .sheet, .path:
      break
    }
    return .none
  }
  .presents(state: \.sheet, action: sheet, environment: { $0 }, then: NavScreen.reducer)
  .stack(state: \.path, action: path, environment: { $0 }, element: NavScreen.reducer)
}

@MainActor
@Suite("Navigation: presentation and stack", .deterministicJobs)
struct NavigationTests {
  private func makeStore(_ clock: TestClock) -> TestStore<NavApp.State, NavApp.Action, TestClock> {
    TestStore(initialState: NavApp.State(), reducer: NavApp.reducer, environment: clock)
  }

  @Test("dismissing a sheet cancels its request: the response never reaches the store")
  func dismissCancels() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.openSheet("a")) { $0.sheet = NavScreen.State(name: "a") }
    await store.send(.sheet(.presented(.load)))
    await clock.advance(by: .seconds(1))
    await store.send(.sheet(.dismiss)) { $0.sheet = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("a sheet dismisses itself from its reducer, knowing nothing of its parent")
  func childDismissesFromReducer() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.openSheet("a")) { $0.sheet = NavScreen.State(name: "a") }
    await store.send(.sheet(.presented(.closeTapped)))
    await store.receive(.sheet(.dismiss)) { $0.sheet = nil }
  }

  @Test("a sheet dismisses itself from an effect, after its work")
  func childDismissesFromEffect() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.openSheet("a")) { $0.sheet = NavScreen.State(name: "a") }
    await store.send(.sheet(.presented(.saveAndClose)))
    await clock.advance(by: .seconds(1))
    await store.receive(.sheet(.dismiss)) { $0.sheet = nil }
    await store.finish()
  }

  @Test("pushed screens get ids 0, 1, …; actions reach a screen by id")
  func pushAndRoute() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.push("a")) { $0.path.append(NavScreen.State(name: "a")) }
    await store.send(.push("b")) { $0.path.append(NavScreen.State(name: "b")) }
    #expect(store.state.path.ids == [0, 1])
    await store.send(.path(.element(id: 1, action: .load)))
    await clock.advance(by: .seconds(2))
    await store.receive(.path(.element(id: 1, action: .loaded("text of b")))) {
      $0.path[id: 1]?.text = "text of b"
    }
  }

  @Test("a popped screen's request response never reaches the store; popFrom pops those above")
  func popCancels() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.push("a")) { $0.path.append(NavScreen.State(name: "a")) }
    await store.send(.push("b")) { $0.path.append(NavScreen.State(name: "b")) }
    await store.send(.path(.element(id: 0, action: .load)))
    await store.send(.path(.element(id: 1, action: .load)))
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("popping to the root from the parent ends every screen's effects")
  func popToRootCancels() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.push("a")) { $0.path.append(NavScreen.State(name: "a")) }
    await store.send(.path(.element(id: 0, action: .load)))
    await store.send(.popToRoot) { $0.path.removeAll() }
    await clock.advance(by: .seconds(5))
  }

  @Test("a screen dismisses itself: the stack pops it")
  func screenDismissesItself() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.push("a")) { $0.path.append(NavScreen.State(name: "a")) }
    await store.send(.push("b")) { $0.path.append(NavScreen.State(name: "b")) }
    await store.send(.path(.element(id: 1, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 1))) { $0.path.popLast() }
    #expect(store.state.path.ids == [0])
  }

  @Test("a screen's effect still running at the end fails the test — unless the screen was popped")
  func exhaustiveAboutScreenEffects() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.push("a")) { $0.path.append(NavScreen.State(name: "a")) }
    await store.send(.path(.element(id: 0, action: .load)))
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(1))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("still running") }
    }
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
    await store.finish()
  }

  @Test(
    "dismiss() outside a presented feature is a runtime warning; a test store's feature is presented"
  )
  func dismissOutsidePresentation() async {
    let warnings = WarningLog()
    await RuntimeWarnings.withHandler({ warnings.append($0) }) {
      let store = Store.testing(NavScreen.State(name: "alone"), NavScreen.reducer, TestClock())
      await store.send(.closeTapped).finish()
    }
    #expect(warnings.all.count == 1)
    #expect(
      warnings.all.first?.hasPrefix(
        "dismiss() was called from an effect of a feature that is not presented.") == true)
    // NB: A test store stands in for the parent (TCA's `isDismissed`).
    let store = TestStore(
      initialState: NavScreen.State(name: "alone"), reducer: NavScreen.reducer,
      environment: TestClock())
    await store.send(.closeTapped)
    #expect(store.isDismissed)
  }

  @Test("stacks and navigation actions encode and decode, and a decoded stack numbers on")
  func codable() throws {
    var stack = StackState(["a", "b", "c"])
    stack.popLast()
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(stack)
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"nextID":3,"screens":[{"id":0,"state":"a"},{"id":1,"state":"b"}]}"#)
    var decoded = try JSONDecoder().decode(StackState<String>.self, from: data)
    #expect(decoded == stack)
    #expect(decoded.append("d") == 3)
    let actions: [StackAction<Int, PresentationAction<Int>>] = [
      .element(id: 1, action: .presented(4)), .element(id: 0, action: .dismiss), .popFrom(id: 2),
    ]
    let decodedActions = try JSONDecoder().decode(
      [StackAction<Int, PresentationAction<Int>>].self, from: JSONEncoder().encode(actions))
    #expect(decodedActions == actions)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        StackState<String>.self,
        from: Data(#"{"nextID":1,"screens":[{"id":0,"state":"a"},{"id":0,"state":"b"}]}"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        StackState<String>.self, from: Data(#"{"nextID":0,"screens":[{"id":0,"state":"a"}]}"#.utf8))
    }
  }

  @Test("a presented child that changes its own id ends the effects it started under the old one")
  func childChangesItsOwnID() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Reader.State(), reducer: Reader.reducer, environment: clock)
    await store.send(.open(1)) { $0.document = Reader.Document(id: 1) }
    await store.send(.document(.presented(.load)))
    await store.send(.document(.presented(.show(2)))) { $0.document?.id = 2 }
    await store.send(.document(.presented(.load)))
    await clock.advance(by: .seconds(2))
    await store.receive(.document(.presented(.loaded(2)))) { $0.document?.text = "document 2" }
    await store.finish()
  }

  @Test(
    "a view pushes with .push(id:state:) under the stack's next id; later ids follow the largest")
  func pushFromTheView() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.path(.push(id: store.state.path.nextID, state: NavScreen.State(name: "a")))) {
      $0.path.append(NavScreen.State(name: "a"))
    }
    await store.send(.path(.push(id: 5, state: NavScreen.State(name: "b")))) {
      $0.path[id: 5] = NavScreen.State(name: "b")
    }
    #expect(store.state.path.ids == [0, 5] && store.state.path.nextID == 6)
    await store.send(.push("c")) { $0.path.append(NavScreen.State(name: "c")) }
    #expect(store.state.path.ids == [0, 5, 6])
    await store.send(.path(.element(id: 5, action: .load)))
    await clock.advance(by: .seconds(2))
    await store.receive(.path(.element(id: 5, action: .loaded("text of b")))) {
      $0.path[id: 5]?.text = "text of b"
    }
  }

  @Test("a push under an id already on the stack is a runtime warning, and pushes nothing")
  func duplicatePush() async {
    let store = TestStore(
      initialState: Pusher.State(), reducer: Pusher.reducer, environment: TestClock())
    await store.send(.path(.push(id: 0, state: NavScreen.State(name: "a")))) {
      $0.path.append(NavScreen.State(name: "a"))
    }
    await expectWarning(
      """
      A stack was asked to push a screen under the id #0, which a screen on it already has \
      (LoopTests/NavigationTests.swift:\(Pusher.line)).

      Nothing was pushed: ids stay unique. To fix, push under the stack's next id, \
      `path.nextID`, as a view reads it just before it sends the push.
      """
    ) {
      await store.send(.path(.push(id: 0, state: NavScreen.State(name: "again"))))
    }
  }

  @Test(
    "a store per screen of a stack: sends reach the screen by id; a popped screen's goes nowhere")
  func screenStores() async {
    let store = Store(
      initialState: NavApp.State(), reducer: NavApp.reducer, environment: TestClock())
    store.send(.push("a"))
    store.send(.push("b"))
    let screens = store.scope(forEach: \.path, action: NavApp.Action.path)
    #expect(screens.map(\.state.name) == ["a", "b"])
    #expect(
      store.scope(forEach: \.path, action: NavApp.path).map(ObjectIdentifier.init)
        == screens.map(ObjectIdentifier.init))
    screens[1].send(.loaded("hello"))
    #expect(store.state.path[id: 1]?.text == "hello")
    await screens[1].send(.closeTapped).finish()  // the screen's .dismiss pops it
    #expect(store.state.path.ids == [0])
    #expect(store.scope(forEach: \.path, action: NavApp.Action.path).count == 1)
  }

  @Test("a pop from a screen that is not on the stack is a runtime warning, and pops nothing")
  func popFromUnknownID() async {
    let store = TestStore(
      initialState: Pusher.State(), reducer: Pusher.reducer, environment: TestClock())
    await store.send(.path(.push(id: 0, state: NavScreen.State(name: "a")))) {
      $0.path.append(NavScreen.State(name: "a"))
    }
    await expectWarning(
      """
      A stack was asked to pop from the screen #7, which is not on it \
      (LoopTests/NavigationTests.swift:\(Pusher.line)).

      Nothing was popped. A screen is popped once: a second pop of it (a dismissal sent twice, \
      a stale view), or a pop of a screen the parent already removed, finds nothing. To fix, \
      pop from an id the stack holds (`path.ids`), or check it first.
      """
    ) {
      await store.send(.path(.popFrom(id: 7)))
    }
  }

  @Test("a popped screen's store by id is nil, even while its old store is still held")
  func poppedScreenStoreByID() {
    let store = Store(
      initialState: NavApp.State(), reducer: NavApp.reducer, environment: TestClock())
    store.send(.push("a"))
    store.send(.push("b"))
    let held = store.scope(forEach: \.path, id: 1, action: NavApp.Action.path)
    #expect(held?.state.name == "b")
    #expect(store.scope(forEach: \.path, id: 1, action: NavApp.Action.path) === held)
    store.send(.path(.popFrom(id: 1)))
    #expect(store.scope(forEach: \.path, id: 1, action: NavApp.Action.path) == nil)
    #expect(store.scope(forEach: \.path, id: 0, action: NavApp.path)?.state.name == "a")
    withExtendedLifetime(held) {}
  }

  @Test("dismiss with nothing presented is a runtime warning")
  func dismissWithNothingPresented() async {
    let store = TestStore(
      initialState: Reader.State(), reducer: Reader.reducer, environment: TestClock())
    await expectWarning(
      """
      A presented child received "dismiss" when it was not presented.

      This is usually a sign that something dismissed it twice, or sent "dismiss" after the \
      parent had already set the child to nil. To fix, send "dismiss" only while the child is \
      presented. (reducer made at LoopTests/NavigationTests.swift:\(Reader.line))
      """
    ) {
      await store.send(.document(.dismiss))
    }
  }
}

/// Runs `body`, expecting exactly one recorded issue whose comment is `message`, in full.
@MainActor
private func expectWarning(_ message: String, _ body: @MainActor () async -> Void) async {
  let messages = LockedState<[String]>([])
  await withKnownIssue {
    await body()
  } matching: { issue in
    messages.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  #expect(messages.withLock { $0 } == [message])
}

/// A stack whose `.stack(` call's line the warning names.
private enum Pusher {
  struct State: Equatable { var path = StackState<NavScreen.State>() }
  enum Action: Equatable, Sendable { case path(StackAction<NavScreen.State, NavScreen.Action>) }
  static let line = #line + 2  // the `.stack(` call below
  static let reducer = Reducer<State, Action, TestClock> { _, _, _ in .none }
    .stack(state: \.path, action: Action.path, environment: { $0 }, element: NavScreen.reducer)
}

/// A reader that presents one document at a time; the document can switch to another by id.
private enum Reader {
  struct Document: Equatable, Identifiable, Sendable {
    var id: Int
    var text: String?
  }
  enum DocumentAction: Equatable, Sendable {
    case load
    case loaded(Int)
    case show(Int)
  }
  struct State: Equatable { var document: Document? }
  enum Action: Equatable, Sendable {
    case open(Int)
    case document(PresentationAction<DocumentAction>)
  }

  static let document = CasePath<Action, PresentationAction<DocumentAction>>(
    embed: Action.document, extract: { if case let .document(action) = $0 { action } else { nil } })

  static let line = #line + 5  // the `.presents(` call below
  static let reducer = Reducer<State, Action, TestClock> { state, action, _ in
    if case let .open(id) = action { state.document = Document(id: id) }
    return .none
  }
  .presents(
    state: \.document, action: document, environment: { $0 },
    then: Reducer<Document, DocumentAction, TestClock> { document, action, clock in
      switch action {
      case .load:
        let id = document.id
        return .run { send in
          try await clock.sleep(for: .seconds(2))
          await send(.loaded(id))
        }
      case let .loaded(id):
        document.text = "document \(id)"
        return .none
      case let .show(id):
        document.id = id
        return .none
      }
    })
}
