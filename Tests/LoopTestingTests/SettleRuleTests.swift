// The rule that decides when a test store's effects are settled (Sources/LoopTesting/Executors/
// SettleRule.swift, MainQueueJobs.swift): its steps alone, its waits' ends, and — on thousands
// of seeded random flows — its agreement with the plain computation it replaced, letting the
// main queue go round many times and seeing that nothing more happens.
import Dispatch
import Loop
import Testing

@testable import LoopTesting

@Suite("SettleRule: its steps")
struct SettleRuleStepTests {
  @Test("quiet is confirmed by a barrier, and only if no job ran meanwhile")
  func confirmation() {
    var rule = SettleRule(ran: 10, endsWhenQuiet: true, jobLimit: 100)
    #expect(rule.look(pending: 2, ran: 10, isDone: false) == .wait)
    #expect(rule.look(pending: 0, ran: 12, isDone: false) == .confirm)
    // A second look before the barrier comes round queues no second barrier.
    #expect(rule.look(pending: 0, ran: 12, isDone: false) == .wait)
    // A job ran meanwhile (uncounted work ahead of the barrier queued it): look again.
    #expect(rule.confirm(pending: 0, ran: 13, isDone: false) == .confirm)
    #expect(rule.confirm(pending: 0, ran: 13, isDone: false) == .end(.quiet))
  }

  @Test("a barrier that finds a job queued keeps waiting for that job")
  func confirmationFindsWork() {
    var rule = SettleRule(ran: 0, endsWhenQuiet: true, jobLimit: 100)
    #expect(rule.look(pending: 0, ran: 0, isDone: false) == .confirm)
    #expect(rule.confirm(pending: 1, ran: 0, isDone: false) == .wait)
    #expect(rule.look(pending: 0, ran: 1, isDone: false) == .confirm)
    #expect(rule.confirm(pending: 0, ran: 1, isDone: false) == .end(.quiet))
  }

  @Test("the condition ends the wait at once, quiet or not; the limit ends busy work")
  func doneAndLimit() {
    var rule = SettleRule(ran: 5, endsWhenQuiet: true, jobLimit: 3)
    #expect(rule.look(pending: 4, ran: 5, isDone: true) == .end(.done))
    #expect(rule.look(pending: 4, ran: 7, isDone: false) == .wait)
    #expect(rule.look(pending: 4, ran: 8, isDone: false) == .end(.neverQuiet))
    var barrier = SettleRule(ran: 0, endsWhenQuiet: true, jobLimit: 3)
    #expect(barrier.look(pending: 0, ran: 0, isDone: false) == .confirm)
    #expect(barrier.confirm(pending: 0, ran: 0, isDone: true) == .end(.done))
  }

  @Test("a wait that does not end when quiet waits for its condition")
  func notEndingWhenQuiet() {
    var rule = SettleRule(ran: 0, endsWhenQuiet: false, jobLimit: 100)
    #expect(rule.look(pending: 0, ran: 0, isDone: false) == .wait)
    #expect(rule.look(pending: 0, ran: 3, isDone: false) == .wait)
    #expect(rule.look(pending: 0, ran: 4, isDone: true) == .end(.done))
  }
}

@MainActor
@Suite("MainQueueJobs: waits end", .hangBackstop)
struct MainQueueJobsWaitTests {
  @Test(
    "a backstop that runs out before its wait is published still ends it",
    arguments: [Duration.zero, .microseconds(1), .milliseconds(1)])
  func earlyBackstop(timeout: Duration) async {
    // NB: Found as a hang on 2026-11-24: the backstop's task could end the wait before the
    // waiter was published (entering the wait is itself a trip through the main queue), and
    // the wait then waited for ever.
    let jobs = MainQueueJobs.shared
    for _ in 0..<50 {
      let outcome = await jobs.wait(
        for: JobTally(), endsWhenQuiet: false, timeout: timeout)
      #expect(outcome == .timedOut)
    }
  }

  @Test("a wait on work with nothing queued ends quiet; one whose condition holds ends done")
  func idleWork() async {
    let jobs = MainQueueJobs.shared
    #expect(await jobs.wait(for: JobTally()) == .quiet)
    #expect(await jobs.wait(for: JobTally(), until: { true }) == .done)
  }
}

/// Features whose effects take every path a step of an effect can take: a send before any
/// suspension, a TestClock sleep, a `@concurrent` call, `Task.yield()`, a call through a
/// main-actor async closure, merged and concatenated effects, cancellation, and chains of
/// actions whose reduce starts more effects. Every step of an effect bumps `steps`.
private enum Churn {
  struct State: Equatable { var pings = 0 }
  enum Action: Equatable, Sendable { case start(Int, depth: Int), cancelSleepers, ping }
  enum SleeperID: Hashable, Sendable { case sleepers }

  struct Environment: Sendable {
    let clock: TestClock
    let steps: LockedState<Int>
  }

  @concurrent static func offMainActor(_ value: Int) async -> Int { value &* 31 }

  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case let .start(kind, depth):
      return effect(kind, depth: depth, environment)
    case .cancelSleepers:
      return .cancel(id: SleeperID.sleepers)
    case .ping:
      state.pings += 1
      return .none
    }
  }

  static func effect(_ kind: Int, depth: Int, _ environment: Environment) -> Effect<Action> {
    let steps = environment.steps
    let clock = environment.clock
    let step: @Sendable () -> Void = { steps.withLock { $0 += 1 } }
    let hop: @MainActor () async -> Void = { step() }
    switch kind % 8 {
    case 0:
      return .run { send in
        step()
        await send(.ping)
      }
    case 1:
      return .run { send in
        step()
        try await clock.sleep(for: .seconds(kind % 3 + 1))
        step()
        await send(.ping)
      }
      .cancellable(id: SleeperID.sleepers)
    case 2:
      return .run { send in
        _ = await offMainActor(kind)
        step()
        await send(.ping)
      }
    case 3:
      return .run { send in
        await Task.yield()
        step()
        await Task.yield()
        await send(.ping)
      }
    case 4:
      return .run { send in
        await hop()
        await hop()
        await send(.ping)
      }
    case 5 where depth < 2:
      return .merge(
        effect(kind / 8, depth: depth + 1, environment),
        effect(kind / 8 + 1, depth: depth + 1, environment))
    case 6 where depth < 2:
      return .concatenate(
        effect(kind / 8 + 2, depth: depth + 1, environment),
        effect(kind / 8 + 3, depth: depth + 1, environment))
    case 7 where depth < 2:
      return .run { send in
        step()
        await send(.start(kind / 8, depth: depth + 1))
      }
    default:
      return .send(.ping)
    }
  }
}

@MainActor
@Suite("SettleRule agrees with the plain computation", .deterministicJobs, .hangBackstop)
struct SettleRuleAgreementTests {
  /// Lets the main queue go round `rounds` times: whatever was still to run by then, has.
  func letMainQueueGoRound(_ rounds: Int) async {
    let goRound = { @MainActor in
      for _ in 0..<rounds {
        await withUnsafeContinuation { continuation in
          DispatchQueue.main.async { continuation.resume() }
        }
      }
    }
    // NB: Resumed preferring the main actor's task executor, a round is one main-queue job,
    // not a trip through the global pool: the same order, a fraction of the time.
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), RuntimePath.isFast {
      await withTaskExecutorPreference(MainActorTaskExecutor.shared) { @MainActor in
        await goRound()
      }
    } else {
      await goRound()
    }
  }

  @Test(
    "after every settled send and advance, 32 more rounds of the main queue change nothing")
  func agreement() async {
    var disagreements: [String] = []
    for await seed in SeededRandom.seeds(2_000) {
      var random = SeededRandom(seed: seed)
      let clock = TestClock()
      let steps = LockedState(0)
      let store = TestStore(
        initialState: Churn.State(), reducer: Churn.reducer,
        environment: Churn.Environment(clock: clock, steps: steps))
      store.exhaustivity = .off
      for index in 0..<Int.random(in: 2...6, using: &random) {
        let move = Int.random(in: 0..<10, using: &random)
        switch move {
        case 0..<6:
          await store.send(.start(Int.random(in: 0..<512, using: &random), depth: 0))
        case 6..<9:
          await clock.advance(by: .seconds(Int.random(in: 0...3, using: &random)))
        default:
          await store.send(.cancelSleepers)
        }
        // The plain computation: let the queue go round, and see that nothing more ran.
        let settled = (steps: steps.withLock { $0 }, state: store.state)
        await letMainQueueGoRound(32)
        let after = (steps: steps.withLock { $0 }, state: store.state)
        if settled != after {
          disagreements.append(
            "seed \(seed), step \(index) (move \(move)): settled at \(settled), then \(after)")
        }
      }
      await clock.run()
      await store.skipInFlightEffects()
      await store.skipReceivedActions()
    }
    #expect(disagreements == [])
  }
}
