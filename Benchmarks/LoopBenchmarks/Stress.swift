import Foundation
import Loop
import LoopTesting
import Testing  // the TestStore's default source-location arguments

/// `--stress`: many stores at once, for a fixed time, doing every kind of effect work, while a
/// watchdog thread checks that every effect's action arrives (or its effect was cancelled)
/// within a backstop. Finds lost wake-ups; see Docs/Loop.docc/Architecture.md.
@MainActor
enum Stress {
  /// Runs the lanes for `seconds`; returns whether nothing was lost or broken.
  static func run(seconds: Int, backstop: Duration = .seconds(5)) async -> Bool {
    let ledger = StressLedger(backstop: backstop)
    let kinds = StressLane.Kind.allCases + StressLane.Kind.allCases
    say(
      """
      stress: \(seconds) s, \(kinds.count) lanes (\(kinds.map(\.rawValue).joined(separator: ", "))); \
      an effect whose action is \(backstop) overdue, or a lane stuck that long, fails the run
      """)
    let watchdog = Watchdog(ledger: ledger)
    watchdog.start()
    let deadline = ContinuousClock.now + .seconds(seconds)
    let start = ContinuousClock.now
    let lanes = kinds.map { kind in
      Task { @MainActor in await StressLane(kind: kind, ledger: ledger).run(until: deadline) }
    }
    let samples = Locked<[MemorySample]>([])
    let memory = Task { @MainActor in
      // Resident memory every tenth of the run, to show it stays flat.
      for tenth in 1...10 {
        try? await Task.sleep(until: start + .seconds(seconds) * tenth / 10)
        let sample = MemorySample(
          resident: ProcessMemory.resident, heap: Allocations.inUse,
          started: ledger.counts.started)
        samples.withLock { $0.append(sample) }
        say(
          "  \(seconds * tenth / 10) s: RSS \(ProcessMemory.mebibytes(sample.resident)),"
            + (sample.heap.map { " heap in use \(ProcessMemory.mebibytes($0))," } ?? "")
            + " \(sample.started) effects started")
      }
    }
    for lane in lanes { await lane.value }
    memory.cancel()
    // NB: Every lane has settled: no effect is in flight, so the heap holds what is kept.
    let end = MemorySample(
      resident: ProcessMemory.resident, heap: Allocations.inUse, started: ledger.counts.started)
    if let growth = MemorySample.growth(from: samples.withLock { $0 }, to: end) {
      ledger.fail(growth)
    }
    let rounds = StressLane.rounds
    watchdog.stop()
    let elapsed = ContinuousClock.now - start
    let counts = ledger.counts
    let perSecond = Double(counts.started) / (Double(elapsed.components.seconds) + 1e-9)
    let lost = ledger.lostCount()
    let problems = ledger.problems()
    say(
      """
      effects started \(counts.started) (\(Int(perSecond))/s), actions delivered \
      \(counts.delivered), cancelled \(counts.cancelled), lost \(lost); \(rounds) rounds
      peak memory \(ProcessMemory.mebibytes(ProcessMemory.processPeak))
      """)
    if let problems {
      say("stress: FAILED\n\(problems)")
      return false
    }
    say("stress: ok")
    return true
  }
}

/// The memory at one tenth of a stress run, and the effects started by then.
struct MemorySample: Sendable {
  var resident: Int
  /// The heap's bytes in use (`nil` where allocations are not counted: under a sanitizer).
  var heap: Int?
  var started: Int

  /// What a run whose heap grew like a leak reports, or `nil`: from the least of the second to
  /// fifth tenths (the first is warming up) to `end`, taken once every lane has settled, more
  /// than 4 MiB and more than 4 bytes per effect started in between. A sample in the run holds
  /// the effects in flight (up to a fan-out's 1,000 in each lane, about 1.7 KB each), which is
  /// why the start is the least of four and the end a settled one. The heap in use, not the
  /// resident memory: glibc's arenas grow the latter by steps of 10–15 MiB that nothing holds.
  /// Until 2026-12-03 a test's routing kept an entry per task it routed: with it put back, the
  /// test-store lanes grow the heap about 8 bytes per effect started (of all lanes'); a run that
  /// keeps nothing per effect grows it about a byte per effect (the ledger's record of cancelled
  /// effects).
  static func growth(from samples: [MemorySample], to end: MemorySample) -> String? {
    guard samples.count >= 2,
      let base = samples[1..<min(5, samples.count)].min(by: { ($0.heap ?? 0) < ($1.heap ?? 0) }),
      let baseHeap = base.heap, let endHeap = end.heap
    else { return nil }
    let grown = endHeap - baseHeap
    let effects = end.started - base.started
    guard grown > 4 << 20, effects > 0, grown > 4 * effects else { return nil }
    return """
      the heap in use grew \(ProcessMemory.mebibytes(grown)) over \(effects) effects \
      (\(grown / effects) bytes each) after the first tenth of the run, its effects all ended: \
      something is kept per effect (a leak); a run that keeps nothing grows it about a byte per \
      effect (Performance.md)
      """
  }
}

/// A thread that polls the ledger; on a problem it prints it and ends the process. It is not a
/// task: a lost wake-up can leave the main actor and the pool idle, and it must still run.
final class Watchdog: Sendable {
  private let ledger: StressLedger
  private let stopped = Locked(false)

  init(ledger: StressLedger) { self.ledger = ledger }

  func start() {
    let thread = Thread { [self] in
      while !stopped.withLock({ $0 }) {
        Thread.sleep(forTimeInterval: 0.25)
        if let problems = ledger.problems() {
          let counts = ledger.counts
          FileHandle.standardError.write(
            Data(
              """
              stress: FAILED after \(counts.started) effects started, \(counts.delivered) \
              delivered, \(counts.cancelled) cancelled
              \(problems)

              """.utf8))
          exit(1)
        }
      }
    }
    thread.start()
  }

  func stop() { stopped.withLock { $0 = true } }
}

/// One lane: a store of one kind, doing every scenario in turn until the deadline.
@MainActor
final class StressLane {
  enum Kind: String, CaseIterable, Sendable {
    case plain, scoped, middleware
    case testStore = "test store"
  }

  static var rounds = 0

  let kind: Kind
  let ledger: StressLedger
  let lane: Int
  let clock: TestClock
  var store: StressStore

  init(kind: Kind, ledger: StressLedger) {
    self.kind = kind
    self.ledger = ledger
    self.lane = ledger.addLane(kind.rawValue)
    // NB: A `TestClock` made in a task makes that task's work a test's: on the portable and
    // executor paths every job of it, and of the stores it makes, would then be routed to the
    // main queue and counted, as in a test. The other lanes' stores must run as an app's do,
    // so their clock is made on no task, and owns none.
    self.clock = kind == .testStore ? TestClock() : Self.clockOwningNoTask()
    self.store = StressStore(kind: kind, ledger: ledger, clock: clock)
  }

  /// A `TestClock` made on a thread of its own, where no task runs, so that it owns none.
  /// (`DispatchQueue.sync` would run it on this thread, in this task.)
  nonisolated static func clockOwningNoTask() -> TestClock {
    let made = Locked<TestClock?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
      made.withLock { $0 = TestClock() }
      done.signal()
    }.start()
    done.wait()
    // NB: Set before the signal the wait returned on.
    return made.withLock { $0! }
  }

  func run(until deadline: ContinuousClock.Instant) async {
    var round = 0
    while ContinuousClock.now < deadline {
      await roundTrips()
      await chain()
      await finishWaits()
      if round % 4 == 0 { await fanOut() }
      await timer()
      await replace()
      await cancelByID()
      await releaseMidFlight()
      round += 1
      Self.rounds += 1
    }
    ledger.step(lane, "done")
  }

  /// Waits for every awaited action of the lane, as `step`.
  func settle(_ step: String) async {
    ledger.step(lane, step)
    await ledger.settled(lane: lane)
    await store.forgetReceived()
  }

  func roundTrips() async {
    for _ in 0..<10 {
      let id = ledger.expect(lane: lane, "a round trip")
      if kind == .middleware {
        ledger.expectCompanion(of: id, lane: lane, "the middleware's effect")
      }
      await store.send(.roundTrip(id))
      await store.receive(.arrived(id))
      let offMain = ledger.expect(lane: lane, "a round trip through the pool")
      await store.send(.offMain(offMain))
    }
    await settle("round trips")
  }

  func chain() async {
    let ids = (0..<3).map { ledger.expect(lane: lane, ".concatenate part \($0 + 1)") }
    await store.send(.chain(ids[0], ids[1], ids[2]))
    await settle(".concatenate")
  }

  func finishWaits() async {
    let id = ledger.expect(lane: lane, "an effect awaited by StoreTask.finish()")
    ledger.step(lane, "StoreTask.finish()")
    await store.sendAndFinish(.offMain(id))
    if !ledger.isDelivered(id) {
      ledger.fail("lane \(lane) (\(kind.rawValue)): finish() returned before its effect's action")
    }
    await settle("finish")
  }

  func fanOut() async {
    let ids = (0..<1_000).map { _ in ledger.expect(lane: lane, "one of a 1,000-effect fan-out") }
    await store.send(.fanOut(ids))
    await settle("a 1,000-effect fan-out")
  }

  func timer() async {
    let ids = (1...3).map { ledger.expect(lane: lane, "tick \($0) of a timer on a TestClock") }
    await store.send(.timer(ids))
    for _ in ids {
      await asleep(1, "the timer to sleep on the TestClock")
      await clock.advance(by: .seconds(1))
    }
    await settle("a timer")
  }

  func replace() async {
    var ids: [Int] = []
    for attempt in 1...3 {
      // NB: `cancelInFlight` cancels the previous one in this very send.
      ledger.cancel(ids)
      let id = ledger.expect(lane: lane, "cancelInFlight attempt \(attempt)")
      ids = [id]
      await store.send(.replace(id))
    }
    await asleep(1, "the last cancelInFlight effect to sleep")
    await clock.advance(by: .seconds(1))
    await settle("cancelInFlight")
  }

  func cancelByID() async {
    let ids = (1...3).map { ledger.expect(lane: lane, "tick \($0) of a timer cancelled by id") }
    await store.send(.timer(ids))
    await asleep(1, "the timer to sleep before .cancel(id:)")
    ledger.cancel(ids)
    await store.send(.stopTimer)
    await clock.advance(by: .seconds(5))
    await settle(".cancel(id:)")
  }

  func releaseMidFlight() async {
    var doomed: StressStore? = StressStore(kind: kind, ledger: ledger, clock: clock)
    let ticks = (1...3).map { ledger.expect(lane: lane, "tick \($0) of a released store's timer") }
    let trip = ledger.expect(lane: lane, "a released store's round trip")
    let task = await doomed?.send(.timer(ticks))
    await doomed?.send(.offMain(trip))
    await asleep(1, "the doomed store's timer to sleep")
    // NB: The round trip may have arrived already; whatever has not must never arrive now.
    ledger.cancel(ticks + [trip])
    doomed = nil
    ledger.step(lane, "finish() of a released store's task")
    await task?.finish()
    await clock.advance(by: .seconds(5))
    await settle("a store released mid-flight")
  }

  /// Waits until `count` effects sleep on the lane's clock.
  func asleep(_ count: Int, _ what: String) async {
    ledger.step(lane, "waiting for \(what)")
    while clock.sleeperCount < count { await Task.yield() }
  }
}

/// One store of any kind, with one way to send to it.
@MainActor
struct StressStore {
  private var store: Store<StressFeature.State, StressFeature.Action>?
  private var parent: Store<StressFeature.Parent, StressFeature.Action>?
  private var testStore:
    TestStore<StressFeature.State, StressFeature.Action, StressFeature.Environment>?

  init(kind: StressLane.Kind, ledger: StressLedger, clock: TestClock) {
    let environment = StressFeature.Environment(ledger: ledger, clock: clock)
    switch kind {
    case .plain:
      store = Store(
        initialState: StressFeature.State(), reducer: StressFeature.reducer,
        environment: environment)
    case .middleware:
      store = Store(
        initialState: StressFeature.State(), reducer: StressFeature.withMiddleware,
        environment: environment)
    case .scoped:
      let parent = Store(
        initialState: StressFeature.Parent(), reducer: StressFeature.parentReducer,
        environment: environment)
      self.parent = parent
      store = parent.scope(state: \.child, action: { $0 })
    case .testStore:
      let testStore = TestStore(
        initialState: StressFeature.State(), reducer: StressFeature.reducer,
        environment: environment)
      testStore.exhaustivity = .off(showSkippedAssertions: false)
      testStore.timeout = .seconds(30)  // the ledger's backstop decides, not this
      self.testStore = testStore
    }
  }

  @discardableResult
  func send(_ action: StressFeature.Action) async -> StoreTask? {
    if let testStore { return await testStore.send(action).rawValue }
    return store?.send(action)
  }

  /// For a test store, `receive`s the action; other stores need nothing.
  func receive(_ action: StressFeature.Action) async {
    await testStore?.receive(action)
  }

  /// For a test store, drops the actions received and not asserted, so a long run does not
  /// keep them all.
  func forgetReceived() async {
    await testStore?.skipReceivedActions()
  }

  func sendAndFinish(_ action: StressFeature.Action) async {
    if let testStore {
      await testStore.send(action).finish()
    } else {
      await store?.send(action).finish()
    }
  }
}

/// Prints a line at once, unbuffered: progress shows as it comes, in a CI log too, and nothing
/// is lost if the watchdog ends the process.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
