// The code Docs/Loop.docc/Composition.md shows, compiled and run: an app made of a counter,
// settings and a list of todos.
import Loop
import Testing

enum Settings {
  struct State: Equatable, Sendable { var isDarkMode = false }
  enum Action: Equatable, Sendable { case darkModeToggled }
  struct Environment: Sendable {}

  static let reducer = Reducer<State, Action, Environment> { state, action, _ in
    switch action {
    case .darkModeToggled:
      state.isDarkMode.toggle()
      return .none
    }
  }
}

enum Todo {
  struct State: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var isDone = false
  }
  enum Action: Equatable, Sendable { case toggled }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .toggled:
      state.isDone.toggle()
      return .none
    }
  }
}

struct AppState: Equatable, Sendable {
  var counter = Counter.State()
  var settings = Settings.State()
  var todos: IdentifiedArrayOf<Todo.State> = []
  var actionCount = 0
}

enum AppAction: Sendable {
  case counter(Counter.Action)
  case settings(Settings.Action)
  case todo(Todo.State.ID, Todo.Action)
}

/// The guide's same path, written by hand.
extension AppAction {
  static let counterByHand = CasePath<AppAction, Counter.Action>(
    embed: AppAction.counter,
    extract: { if case let .counter(action) = $0 { action } else { nil } }
  )
}

struct Analytics: Sendable {
  var track: @Sendable (String) async -> Void
}

struct AppEnvironment: Sendable {
  var counter: Counter.Environment
  var settings: Settings.Environment
  var analytics: Analytics
}

/// Builds the guide's app store, step by step as the guide does.
@MainActor func compositionGuideStore(
  environment: AppEnvironment, todos: IdentifiedArrayOf<Todo.State>
) -> Store<AppState, AppAction> {
  let counterReducer = Counter.reducer
  let settingsReducer = Settings.reducer
  let appCoreReducer = Reducer<AppState, AppAction, AppEnvironment> { state, _, _ in
    state.actionCount += 1
    return .none
  }

  let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
    counterReducer.pullback(
      state: \.counter, action: AppAction.counter, environment: { $0.counter }),
    settingsReducer.pullback(
      state: \.settings, action: AppAction.settings, environment: { $0.settings }),
    appCoreReducer
  )

  let todosReducer = Todo.reducer.forEach(
    state: \AppState.todos,
    action: AppAction.todo,
    environment: { (_: AppEnvironment) in () }
  )

  let tracked = appReducer.middleware { state, action, environment in
    .run { _ in await environment.analytics.track("\(action)") }
  }

  return Store(
    initialState: AppState(todos: todos),
    reducer: .combine(tracked, todosReducer),
    environment: environment
  )
}

@Suite("Guide examples: composition")
struct CompositionGuideExamples {
  @Test("onChange clears the fact when the count moves")
  @MainActor func onChange() {
    let counterWithFreshFacts = Counter.reducer.onChange(of: \.count) { _, _, state, _, _ in
      state.fact = nil
      return .none
    }
    let store = Store(
      initialState: Counter.State(count: 1, fact: "1 is odd."), reducer: counterWithFreshFacts,
      environment: Counter.Environment(fact: { "\($0)" }))
    store.send(.factLoaded("1 is the loneliest number."))
    #expect(store.state.fact == "1 is the loneliest number.")
    store.send(.increment)
    #expect(store.state.fact == nil)
  }

  @Test("the scoped counter store sends through the app, and the middleware tracks each action")
  @MainActor func scopedCounter() async {
    let (events, tracker) = AsyncStream.makeStream(of: String.self)
    let appStore = compositionGuideStore(
      environment: AppEnvironment(
        counter: Counter.Environment(fact: { "\($0)" }),
        settings: Settings.Environment(),
        analytics: Analytics(track: { tracker.yield($0) })
      ),
      todos: [Todo.State(id: 1, title: "Write the guide")]
    )

    let counterStore = appStore.scope(state: \.counter, action: AppAction.counter)
    counterStore.send(.increment)  // appStore receives .counter(.increment)

    #expect(appStore.state.counter.count == 1)
    #expect(counterStore.state.count == 1)
    #expect(appStore.state.actionCount == 1)
    var tracked = events.makeAsyncIterator()
    #expect(await tracked.next() == "counter(LoopTests.Counter.Action.increment)")

    appStore.send(.settings(.darkModeToggled))
    #expect(appStore.state.settings.isDarkMode)
    #expect(await tracked.next() == "settings(LoopTests.Settings.Action.darkModeToggled)")

    appStore.send(.todo(1, .toggled))
    #expect(appStore.state.todos[id: 1]?.isDone == true)
    #expect(appStore.state.actionCount == 3)
  }
}
