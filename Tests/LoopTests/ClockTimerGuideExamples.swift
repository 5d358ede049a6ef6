// clock.timer(interval:) (Sources/Loop/Effects/ClockTimer.swift), with the Effects guide's example.
import Loop
import LoopTesting
import Testing

private enum Ticker {
  struct State: Equatable { var ticks: [Int] = [] }
  enum Action: Equatable, Sendable { case start, stop, tick(Int) }
  enum TimerID: Hashable, Sendable { case timer }

  static let reducer = Reducer<State, Action, any Clock<Duration>> { state, action, clock in
    switch action {
    case .start:
      return .run { send in
        for await tick in clock.timer(interval: .seconds(1)) { await send(.tick(tick)) }
      }
      .cancellable(id: TimerID.timer)
    case .stop:
      return .cancel(id: TimerID.timer)
    case let .tick(tick):
      state.ticks.append(tick)
      return .none
    }
  }
}

@MainActor
@Suite("clock.timer(interval:)", .deterministicJobs, .hangBackstop)
struct ClockTimerTests {
  @Test(
    "on a TestClock, advancing by three intervals gives exactly three ticks; cancelling ends it")
  func testClockTicks() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker.reducer, environment: clock)
    await store.send(.start)
    await clock.advance(by: .milliseconds(500))
    await clock.advance(by: .milliseconds(2_500))
    await store.receive(.tick(1)) { $0.ticks = [1] }
    await store.receive(.tick(2)) { $0.ticks = [1, 2] }
    await store.receive(.tick(3)) { $0.ticks = [1, 2, 3] }
    await store.send(.stop)
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test("deadlines are start + n × interval: a late tick does not push the next one back")
  func noDrift() async {
    let clock = TestClock()
    let start = clock.now
    let ticks = DeterministicJobs.task { () -> [Int] in
      var timer = clock.timer(interval: .seconds(2)).makeAsyncIterator()
      var ticks: [Int] = []
      while let tick = await timer.next() {
        ticks.append(tick)
        if tick == 3 { break }
      }
      return ticks
    }
    // The first tick is due at 2 s; time moves to 3 s before it is handled. The next ones are
    // still due at 4 s and 6 s, not at 5 s and 7 s.
    await clock.advance(by: .seconds(3))
    await clock.advance(by: .seconds(1))
    await clock.advance(by: .seconds(2))
    #expect((try? await ticks.value) == [1, 2, 3])
    #expect(clock.now == start.advanced(by: .seconds(6)))
  }

  @Test("on an ImmediateClock, ticks come at once; the sequence ends when its task is cancelled")
  func immediateClock() async {
    var ticks: [Int] = []
    for await tick in ImmediateClock().timer(interval: .seconds(60)) {
      ticks.append(tick)
      if tick == 3 { break }
    }
    #expect(ticks == [1, 2, 3])
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      var iterator = ImmediateClock().timer(interval: .seconds(1)).makeAsyncIterator()
      return await iterator.next()
    }
    #expect(await cancelled.value == nil)
  }
}
