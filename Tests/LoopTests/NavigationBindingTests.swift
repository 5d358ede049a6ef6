// The bindings a SwiftUI view presents and stacks with
// (Sources/Loop/Navigation/Store+NavigationBinding.swift, StackPath.swift): a sheet's
// isPresented and a NavigationStack's path, driven as SwiftUI drives them. The path's diff is
// checked against the plain computation (the stack becomes the path) on seeded random edits.
import Loop
import LoopTesting
import Observation
import Testing

private enum Pane {
  struct State: Equatable, Sendable {
    var title: String
    var count = 0
  }
  enum Action: Equatable, Sendable { case increment }
  static let reducer = Reducer<State, Action, Void> { state, _, _ in
    state.count += 1
    return .none
  }
}

private struct Shell: Equatable, Sendable {
  var sheet: Pane.State?
  var path = StackState<Pane.State>()
  var sent: [String] = []
}

private enum ShellAction: Equatable, Sendable {
  case present
  case sheet(PresentationAction<Pane.Action>)
  case path(StackAction<Pane.State, Pane.Action>)
}

private let shellReducer = Reducer<Shell, ShellAction, Void> { state, action, _ in
  switch action {
  case .present: state.sheet = Pane.State(title: "sheet")
  case .sheet(.dismiss): state.sent.append("dismiss")
  case .sheet: break
  case let .path(.popFrom(id)): state.sent.append("popFrom \(id)")
  case let .path(.push(id, screen)): state.sent.append("push \(id) \(screen.title)")
  case .path: break
  }
  return .none
}
.presents(state: \.sheet, action: ShellAction.sheet, environment: {}, then: Pane.reducer)
.stack(state: \.path, action: ShellAction.path, environment: {}, element: Pane.reducer)

@MainActor
private func makeStore(_ shell: Shell = Shell()) -> Store<Shell, ShellAction> {
  Store(initialState: shell, reducer: shellReducer, environment: ())
}

@MainActor
@Suite("Navigation bindings: isPresented and a NavigationStack's path")
struct NavigationBindingTests {
  @Test("isPresented reads whether the child is there; setting false dismisses it, once")
  func isPresented() {
    let warnings = WarningLog()
    RuntimeWarnings.withHandler({ warnings.append($0) }) {
      let store = makeStore()
      let presented = store.binding(isPresented: \.sheet, action: ShellAction.sheet)
      #expect(presented.wrappedValue == false)
      presented.wrappedValue = true  // a view cannot make the child: nothing is sent
      #expect(store.state.sheet == nil && store.state.sent.isEmpty)
      store.send(.present)
      #expect(presented.wrappedValue == true)
      presented.wrappedValue = false  // swiped down
      #expect(store.state.sheet == nil && store.state.sent == ["dismiss"])
      presented.wrappedValue = false  // already gone: nothing is sent, no warning
      #expect(store.state.sent == ["dismiss"])
    }
    #expect(warnings.all.isEmpty)
  }

  @Test("isPresented routed by a CasePath does the same")
  func isPresentedByCasePath() {
    let store = makeStore()
    store.send(.present)
    let presented = store.binding(isPresented: \.sheet, action: CasePath(ShellAction.sheet))
    presented.set(false)
    #expect(store.state.sheet == nil && store.state.sent == ["dismiss"])
  }

  @Test("reading isPresented observes whether the child is there, not the child's fields")
  func isPresentedObservation() {
    let store = makeStore()
    let presented = store.binding(isPresented: \.sheet, action: ShellAction.sheet)
    let told = Tally()
    withObservationTracking {
      _ = presented.get()
    } onChange: {
      told.increment()
    }
    store.send(.present)
    #expect(told.value == 1)
    withObservationTracking {
      _ = presented.get()
    } onChange: {
      told.increment()
    }
    store.send(.sheet(.presented(.increment)))
    #expect(told.value == 1)
    store.send(.sheet(.dismiss))
    #expect(told.value == 2)
  }

  @Test("the path: the back button pops, a NavigationLink's value pushes")
  func path() {
    let store = makeStore()
    let path = store.binding(path: \.path, action: ShellAction.path)
    #expect(path.get().isEmpty)
    path.wrappedValue.append(store.state.path.pushing(Pane.State(title: "a")))
    path.wrappedValue.append(store.state.path.pushing(Pane.State(title: "b")))
    #expect(store.state.path.ids == [0, 1] && store.state.path.map(\.title) == ["a", "b"])
    #expect(path.get().map(\.id) == [0, 1] && path.get().map(\.state.title) == ["a", "b"])
    path.wrappedValue.removeLast()  // back
    #expect(store.state.path.ids == [0])
    path.wrappedValue.removeLast()
    #expect(store.state.path.isEmpty)
    #expect(store.state.sent == ["push #0 a", "push #1 b", "popFrom #1", "popFrom #0"])
  }

  @Test("setting a path that differs in the middle pops from there and pushes the rest")
  func replaceInTheMiddle() {
    let store = makeStore()
    for title in ["a", "b", "c"] {
      store.send(.path(.push(id: store.state.path.nextID, state: Pane.State(title: title))))
    }
    let path = store.binding(path: \.path, action: ShellAction.path)
    var newPath = path.get()
    newPath.removeLast(2)
    newPath.append(StackPath.Element(id: 7, state: Pane.State(title: "x")))
    newPath.append(StackPath.Element(id: 8, state: Pane.State(title: "y")))
    store.send(.path(.popFrom(id: 99)))  // nothing: not on the stack
    path.set(newPath)
    #expect(store.state.path.ids == [0, 7, 8] && store.state.path.map(\.title) == ["a", "x", "y"])
    #expect(Array(store.state.sent.suffix(3)) == ["popFrom #1", "push #7 x", "push #8 y"])
    path.set(path.get())  // the same path: nothing is sent
    #expect(store.state.sent.count == 7)
  }

  @Test("a path element is equal to another by its id, whatever its state")
  func elementEquality() {
    let first = StackPath<Pane.State>.Element(id: 1, state: Pane.State(title: "a"))
    let same = StackPath<Pane.State>.Element(id: 1, state: Pane.State(title: "b"))
    let other = StackPath<Pane.State>.Element(id: 2, state: Pane.State(title: "a"))
    #expect(first == same && first.hashValue == same.hashValue && first != other)
  }

  @Test("a screen's store by id is the one scope(forEach:) gives, and nil off the stack")
  func screenStoreByID() {
    let store = makeStore()
    store.send(.path(.push(id: 0, state: Pane.State(title: "a"))))
    store.send(.path(.push(id: 1, state: Pane.State(title: "b"))))
    let screens = store.scope(forEach: \.path, action: ShellAction.path)
    let second = store.scope(forEach: \.path, id: 1, action: ShellAction.path)
    #expect(second === screens[1])
    #expect(store.scope(forEach: \.path, id: 5, action: CasePath(ShellAction.path)) == nil)
    second?.send(.increment)
    #expect(store.state.path[id: 1]?.count == 1)
  }

  @Test("screen stores made by id are released when nobody holds them")
  func screenStoresRelease() {
    let store = makeStore()
    weak var weakScreen: Store<Pane.State, Pane.Action>?
    for id in 0..<40 {
      store.send(
        .path(.push(id: StackElementID(rawValue: id), state: Pane.State(title: "\(id)"))))
      let screen = store.scope(
        forEach: \.path, id: StackElementID(rawValue: id), action: ShellAction.path)
      if id == 0 { weakScreen = screen }
      store.send(.path(.popFrom(id: StackElementID(rawValue: id))))
    }
    #expect(weakScreen == nil)
    weak var weakStore: Store<Shell, ShellAction>?
    do {
      let shell = makeStore()
      shell.send(.path(.push(id: 0, state: Pane.State(title: "a"))))
      _ = shell.scope(forEach: \.path, id: 0, action: ShellAction.path)
      weakStore = shell
    }
    #expect(weakStore == nil)
  }

  @Test("on 1,000 seeded random edits of the path, the stack becomes the path")
  func modelBased() async {
    for await seed in SeededRandom.seeds(1_000) {
      var random = SeededRandom(seed: seed + 1)
      let store = makeStore()
      let path = store.binding(path: \.path, action: ShellAction.path)
      for step in 0..<12 {
        var newPath = path.get()
        switch random.next() % 4 {
        case 0:
          if !newPath.isEmpty { newPath.removeLast(Int(random.next() % UInt64(newPath.count)) + 1) }
        case 1, 2:
          // A fresh id: the next one, or one further on (a link's value computed earlier).
          let id = store.state.path.nextID.rawValue + Int(random.next() % 3)
          newPath.append(
            StackPath.Element(
              id: StackElementID(rawValue: id), state: Pane.State(title: "\(step)")))
        default:
          if !newPath.isEmpty {
            let at = Int(random.next() % UInt64(newPath.count))
            let id = store.state.path.nextID.rawValue + 5
            newPath[at] = StackPath.Element(
              id: StackElementID(rawValue: id), state: Pane.State(title: "r\(step)"))
          }
        }
        path.set(newPath)
        #expect(store.state.path.ids == newPath.map(\.id), "seed \(seed), step \(step)")
        #expect(
          store.state.path.map(\.title) == newPath.map(\.state.title), "seed \(seed), step \(step)")
      }
    }
  }
}

/// A sheet keyed by its child's store: `.sheet(item:)`.
private enum Inbox {
  struct Message: Equatable, Identifiable, Sendable {
    let id: Int
    var draft = ""
  }
  struct State: Equatable, Sendable {
    var title = ""
    var open: Message?
  }
  enum MessageAction: Equatable, Sendable { case type(String) }
  enum Action: Equatable, Sendable {
    case openMessage(Int), retitle(String)
    case open(PresentationAction<MessageAction>)
  }
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case let .openMessage(id): state.open = Message(id: id)
    case let .retitle(title): state.title = title
    case .open: break
    }
    return .none
  }
  .presents(
    state: \.open, action: Action.open, environment: {},
    then: Reducer<Message, MessageAction, Void> { message, action, _ in
      guard case let .type(text) = action else { return .none }
      message.draft += text
      return .none
    })
}

@MainActor
@Suite("Navigation bindings: a sheet's item")
struct ItemBindingTests {
  @Test("item gives the presented child's store, the same object while the same child is there")
  func sameStoreWhileTheSameChild() {
    let store = Store(initialState: Inbox.State(), reducer: Inbox.reducer, environment: ())
    let item = store.binding(item: \.open, action: Inbox.Action.open)
    #expect(item.wrappedValue == nil)
    store.send(.openMessage(1))
    let first = item.wrappedValue
    #expect(first?.id == 1)
    first?.send(.type("hi"))
    #expect(store.state.open?.draft == "hi")
    #expect(item.wrappedValue === first)
    store.send(.openMessage(2))
    #expect(item.wrappedValue?.id == 2)
    #expect(item.wrappedValue !== first)
  }

  @Test("reading item observes presence and id; setting nil dismisses, once")
  func observesPresenceAndDismisses() {
    let store = Store(initialState: Inbox.State(), reducer: Inbox.reducer, environment: ())
    let item = store.binding(item: \.open, action: Inbox.Action.open)
    let told = LockIsolated(0)
    func watch() {
      withObservationTracking {
        _ = item.wrappedValue
      } onChange: {
        told.withValue { $0 += 1 }
      }
    }
    watch()
    store.send(.openMessage(1))
    #expect(told.value == 1)
    watch()
    item.wrappedValue?.send(.type("x"))
    store.send(.retitle("inbox"))
    #expect(told.value == 1)
    item.wrappedValue = nil  // swiped down: sends .open(.dismiss)
    #expect(store.state.open == nil)
    #expect(told.value == 2)
    let warnings = WarningLog()
    RuntimeWarnings.withHandler({ warnings.append($0) }) {
      item.wrappedValue = nil  // nothing presented: sends nothing
    }
    #expect(warnings.all.isEmpty)
  }

  @Test("a store of Identifiable state is Identifiable by that state's id, observed as a field")
  func storeIdentity() {
    let store = Store(
      initialState: Inbox.Message(id: 7),
      reducer: Reducer<Inbox.Message, Inbox.MessageAction, Void> { message, action, _ in
        guard case let .type(text) = action else { return .none }
        message.draft += text
        return .none
      }, environment: ())
    #expect(store.id == 7)
    let told = LockIsolated(0)
    withObservationTracking {
      _ = store.id
    } onChange: {
      told.withValue { $0 += 1 }
    }
    store.send(.type("a"))  // the draft changed, not the id
    #expect(told.value == 0)
    #expect(store.draft == "a")
  }
}
