import Loop
import Testing

@testable import LoopTesting

@MainActor
@Suite("TestClock", .deterministicJobs, .hangBackstop)
struct TestClockTests {
  @Test("sleepers wake in deadline order, ties in the order they slept")
  func wakeOrder() async {
    let clock = TestClock()
    let order = LockedState<[String]>([])
    // NB: The sleepers run on the test executor, as a TestStore's effects do: `advance` lets
    // each woken one run on before it wakes the next. A task on the global pool would come
    // back whenever a thread is free, in an order that depends on the machine's load.
    let tasks = [("c", 3), ("a", 1), ("b1", 2), ("b2", 2)].map { name, seconds in
      DeterministicJobs.task {
        try await clock.sleep(for: .seconds(seconds))
        order.withLock { $0.append(name) }
      }
    }
    while clock.sleeperCount < 4 { await Task.yield() }
    await clock.advance(by: .seconds(3))
    for task in tasks { try? await task.value }
    let woken = order.withLock { $0 }
    #expect(woken == ["a", "b1", "b2", "c"])
    #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
  }

  @Test("a sleeper is not woken before its deadline")
  func notEarly() async {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    while clock.sleeperCount < 1 { await Task.yield() }
    await clock.advance(by: .milliseconds(999))
    #expect(clock.sleeperCount == 1)
    await clock.advance(to: TestClock.Instant(offset: .seconds(1)))
    #expect(clock.sleeperCount == 0)
    #expect((try? await task.value) != nil)
  }

  @Test("a cancelled sleeper throws CancellationError at once, without time moving")
  func cancellation() async {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(60)) }
    while clock.sleeperCount < 1 { await Task.yield() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == TestClock.Instant())
  }

  @Test(
    "a zero-length or past sleep suspends until the next advance, as swift-clocks' does",
    arguments: [Duration.zero, .seconds(-4)])
  func zeroLengthSleep(duration: Duration) async {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    let woke = LockedState(false)
    let task = DeterministicJobs.task {
      try await clock.sleep(for: duration)
      woke.withLock { $0 = true }
    }
    while clock.sleeperCount < 1 { await Task.yield() }
    #expect(!woke.withLock { $0 })
    await clock.advance()
    #expect((try? await task.value) != nil)
    #expect(woke.withLock { $0 })
    #expect(clock.now == TestClock.Instant(offset: .seconds(5)))
  }

  @Test("run advances until no sleeper is left, following sleepers that sleep again")
  func runToEnd() async {
    let clock = TestClock()
    let ticks = LockedState(0)
    // NB: On the test executor, so `run` sees each sleep again before it looks for the next
    // deadline (see `wakeOrder`).
    let task = DeterministicJobs.task {
      for _ in 0..<3 {
        try await clock.sleep(for: .seconds(10))
        ticks.withLock { $0 += 1 }
      }
    }
    while clock.sleeperCount < 1 { await Task.yield() }
    await clock.run()
    try? await task.value
    #expect(ticks.withLock { $0 } == 3)
    #expect(clock.now == TestClock.Instant(offset: .seconds(30)))
  }

  @Test("the state machine orders sleepers and never moves time back")
  func stateMachine() {
    var state = TestClockState<String>()
    _ = state.sleep(until: .seconds(2), waiter: "two")
    _ = state.sleep(until: .seconds(1), waiter: "one")
    #expect(state.nextWake(upTo: .seconds(5)) == "one")
    #expect(state.now == .seconds(1))
    #expect(state.nextWake(upTo: .seconds(5)) == "two")
    #expect(state.nextWake(upTo: .seconds(5)) == nil)
    #expect(state.now == .seconds(5))
    #expect(state.nextWake(upTo: .seconds(3)) == nil)
    #expect(state.now == .seconds(5))
    // A deadline already past still sleeps, and wakes at the next advance, without moving time.
    _ = state.sleep(until: .seconds(1), waiter: "past")
    #expect(state.sleeperCount == 1)
    #expect(state.nextWake(upTo: .seconds(5)) == "past")
    #expect(state.now == .seconds(5))
  }
}

@Suite("ImmediateClock")
struct ImmediateClockTests {
  @Test("sleeps return at once and move time to the deadline")
  func immediate() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(30))
    try await clock.sleep(for: .seconds(30))
    #expect(clock.now == ImmediateClock.Instant(offset: .seconds(60)))
  }

  @Test("a cancelled task's sleep throws CancellationError")
  func cancelled() async {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
