// The code Docs/Loop.docc/Composition.md shows for child lifetimes, compiled and run.
import Loop
import LoopTesting
import Testing

enum Stopwatch {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var seconds = 0
  }
  enum Action: Equatable, Sendable { case startTapped, tick }

  static let reducer = Reducer<State, Action, TestClock> { state, action, clock in
    switch action {
    case .startTapped:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.seconds += 1
      return .none
    }
  }
}

enum Stopwatches {
  struct State: Equatable {
    var watches: IdentifiedArrayOf<Stopwatch.State> = []
    var selected: Stopwatch.State?
  }
  enum Action: Equatable, Sendable {
    case add(Int)
    case delete(Int)
    case watch(Int, Stopwatch.Action)
    case select(Int)
    case dismiss
    case selected(Stopwatch.Action)
  }

  static let watch = CasePath<Action, (Int, Stopwatch.Action)>(
    embed: { Action.watch($0.0, $0.1) },
    extract: { if case let .watch(id, action) = $0 { (id, action) } else { nil } })
  static let selected = CasePath<Action, Stopwatch.Action>(
    embed: Action.selected,
    extract: { if case let .selected(action) = $0 { action } else { nil } })

  static let reducer = Reducer<State, Action, TestClock> { state, action, _ in
    switch action {
    case let .add(id):
      state.watches.append(Stopwatch.State(id: id))
      return .none
    case let .delete(id):
      state.watches.remove(id: id)  // its timer stops: no cancel by hand
      return .none
    case let .select(id):
      state.selected = state.watches[id: id]
      return .none
    case .dismiss:
      state.selected = nil  // the selected watch's timer stops too
      return .none
    case .watch, .selected:
      return .none
    }
  }
  .forEach(state: \.watches, action: watch, element: Stopwatch.reducer)
  .ifLet(state: \.selected, action: selected, then: Stopwatch.reducer)
}

enum Screen {
  enum State: Equatable {
    case list
    case stopwatch(Stopwatch.State)
  }
  enum Action: Equatable, Sendable {
    case open(Int)
    case back
    case stopwatch(Stopwatch.Action)
  }

  static let stopwatchCase = CasePath<State, Stopwatch.State>(
    embed: State.stopwatch,
    extract: { if case let .stopwatch(watch) = $0 { watch } else { nil } })
  static let stopwatchAction = CasePath<Action, Stopwatch.Action>(
    embed: Action.stopwatch,
    extract: { if case let .stopwatch(action) = $0 { action } else { nil } })

  static let reducer = Reducer<State, Action, TestClock> { state, action, _ in
    switch action {
    case let .open(id): state = .stopwatch(Stopwatch.State(id: id))
    case .back: state = .list  // the stopwatch's timer stops
    case .stopwatch: break
    }
    return .none
  }
  .ifCaseLet(
    state: stopwatchCase, action: stopwatchAction,
    then: Stopwatch.reducer)
}

@MainActor
@Suite("Composition guide: child lifetimes", .deterministicJobs)
struct LifetimeGuideExamples {
  @Test("deleting a stopwatch stops its timer; the test needs no cancel")
  func deletingStopsTheTimer() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Stopwatches.State(), reducer: Stopwatches.reducer, environment: clock)
    await store.send(.add(1)) { $0.watches = [Stopwatch.State(id: 1)] }
    await store.send(.watch(1, .startTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.watch(1, .tick)) { $0.watches[id: 1]?.seconds = 1 }
    await store.send(.delete(1)) { $0.watches = [] }
    await clock.advance(by: .seconds(10))
  }

  @Test("dismissing the selected stopwatch stops its timer")
  func dismissingStopsTheTimer() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Stopwatches.State(watches: [Stopwatch.State(id: 1)]),
      reducer: Stopwatches.reducer, environment: clock)
    await store.send(.select(1)) { $0.selected = Stopwatch.State(id: 1) }
    await store.send(.selected(.startTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.selected(.tick)) { $0.selected?.seconds = 1 }
    await store.send(.dismiss) { $0.selected = nil }
    await clock.advance(by: .seconds(10))
  }

  @Test("going back from an enum case stops the timer its child started")
  func leavingTheCaseStopsTheTimer() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Screen.State.list, reducer: Screen.reducer, environment: clock)
    await store.send(.open(1)) { $0 = .stopwatch(Stopwatch.State(id: 1)) }
    await store.send(.stopwatch(.startTapped))
    await store.send(.back) { $0 = .list }
    await clock.advance(by: .seconds(10))
  }
}
