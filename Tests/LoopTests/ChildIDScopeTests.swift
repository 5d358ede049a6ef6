import LoopTesting
import Testing

@testable import Loop

// Cancellation ids belong to the child feature that uses them, as in TCA: two rows (or two
// screens) using the same id never cancel each other's effects, and a parent's ids are its own.

/// A stopwatch that starts and stops its own timer by one id, as a TCA row would.
private enum RowTimer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var ticks = 0
  }

  enum Action: Equatable, Sendable { case start, stop, tick, throttled, ping }

  struct TimerID: Hashable, Sendable {}
  struct PingID: Hashable, Sendable {}

  static let reducer = Reducer<State, Action, TestClock> { state, action, clock in
    switch action {
    case .start:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: TimerID(), cancelInFlight: true)
    case .stop:
      return .cancel(id: TimerID())
    case .tick:
      state.ticks += 1
      return .none
    case .throttled:
      return .send(.ping).throttle(id: PingID(), for: .seconds(10), clock: clock, latest: false)
    case .ping:
      return .none
    }
  }
}

private enum Rows {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<RowTimer.State> = [.init(id: 1), .init(id: 2)]
    var path = StackState<RowTimer.State>()
    var ownTicks = 0
  }

  enum Action: Equatable, Sendable {
    case row(Int, RowTimer.Action)
    case path(StackAction<RowTimer.State, RowTimer.Action>)
    case startOwn, stopAll, ownTick, push(Int)
  }

  static let row = CasePath<Action, (Int, RowTimer.Action)>(
    embed: { Action.row($0.0, $0.1) },
    extract: { if case let .row(id, action) = $0 { (id, action) } else { nil } })
  static let path = CasePath<Action, StackAction<RowTimer.State, RowTimer.Action>>(
    embed: Action.path, extract: { if case let .path(action) = $0 { action } else { nil } })

  static let reducer = Reducer<State, Action, TestClock> { state, action, clock in
    switch action {
    case .startOwn:
      // NB: The same id type the rows use: the parent's is its own.
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.ownTick) }
      }
      .cancellable(id: RowTimer.TimerID(), cancelInFlight: true)
    case .stopAll:
      return .cancel(id: RowTimer.TimerID())
    case .ownTick:
      state.ownTicks += 1
      return .none
    case let .push(id):
      state.path.append(RowTimer.State(id: id))
      return .none
    case .row, .path:
      return .none
    }
  }
  .forEach(state: \.rows, action: row, environment: { $0 }, element: RowTimer.reducer)
  .stack(state: \.path, action: path, environment: { $0 }, element: RowTimer.reducer)
}

@MainActor
@Suite("Cancellation ids belong to the child that uses them", .hangBackstop)
struct ChildIDScopeTests {
  private func makeStore() -> (TestStore<Rows.State, Rows.Action, TestClock>, TestClock) {
    let clock = TestClock()
    return (TestStore(initialState: Rows.State(), reducer: Rows.reducer, environment: clock), clock)
  }

  @Test("row 2's cancelInFlight leaves row 1's timer running; row 1's cancel stops only its own")
  func rowsOwnTheirIDs() async {
    let (store, clock) = makeStore()
    await store.send(.row(1, .start))
    await store.send(.row(2, .start))
    await clock.advance(by: .seconds(1))
    await store.receive(.row(1, .tick)) { $0.rows[id: 1]?.ticks = 1 }
    await store.receive(.row(2, .tick)) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.row(1, .stop))
    await clock.advance(by: .seconds(1))
    await store.receive(.row(2, .tick)) { $0.rows[id: 2]?.ticks = 2 }
    await store.send(.row(2, .stop))
    await store.finish()
  }

  @Test("a parent's id is its own: its cancel leaves the rows' timers, theirs leave its own")
  func parentOwnsItsIDs() async {
    let (store, clock) = makeStore()
    await store.send(.startOwn)
    await store.send(.row(1, .start))
    await store.send(.row(1, .stop))
    await clock.advance(by: .seconds(1))
    await store.receive(.ownTick) { $0.ownTicks = 1 }
    await store.send(.row(2, .start))
    await store.send(.stopAll)
    await clock.advance(by: .seconds(1))
    await store.receive(.row(2, .tick)) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.row(2, .stop))
    await store.finish()
  }

  @Test("one stack screen's cancel leaves its sibling's effect running")
  func screensOwnTheirIDs() async {
    let (store, clock) = makeStore()
    await store.send(.push(10)) { $0.path.append(RowTimer.State(id: 10)) }
    await store.send(.push(20)) { $0.path.append(RowTimer.State(id: 20)) }
    await store.send(.path(.element(id: 0, action: .start)))
    await store.send(.path(.element(id: 1, action: .start)))
    await store.send(.path(.element(id: 0, action: .stop)))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 1, action: .tick))) { $0.path[id: 1]?.ticks = 1 }
    await store.send(.path(.popFrom(id: 1))) { $0.path.popLast() }
    await store.finish()
  }

  @Test("a throttle's window is its row's own: another row's first ping goes through at once")
  func throttleWindowsPerRow() async {
    let (store, _) = makeStore()
    await store.send(.row(1, .throttled))
    await store.receive(.row(1, .ping))
    await store.send(.row(2, .throttled))
    await store.receive(.row(2, .ping))
    await store.finish()
  }
}
