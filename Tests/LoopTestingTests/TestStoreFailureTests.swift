import Loop
import LoopTesting
import Testing

/// Pins the exact text of every failure the TestStore records.
@MainActor
@Suite("TestStore failure messages")
struct TestStoreFailureTests {
  private func makeStore(_ clock: TestClock = TestClock()) -> TestStore<
    Feature.State, Feature.Action, Feature.Environment
  > {
    TestStore(
      initialState: Feature.State(), reducer: Feature.reducer,
      environment: Feature.environment(clock: clock))
  }

  @Test("the state differs from what the assert closure produced")
  func stateMismatch() async {
    let store = makeStore()
    await expectFailure(
      """
      The state after sending Feature.Action.increment does not match the assert closure.

        Feature.State(
      −   count: 2,
      +   count: 1,
          … (3 fields unchanged)
        )

      (Expected: −, Actual: +)

      To fix, make the assert closure set the values marked +, or change the reducer so it \
      produces the values marked −.
      """
    ) {
      await store.send(.increment) { $0.count = 2 }
    }
  }

  @Test("the state changed and no assert closure was given")
  func unassertedChange() async {
    let store = makeStore()
    await expectFailure(
      """
      The state changed after sending Feature.Action.increment, but no assert closure described the change.

        Feature.State(
      −   count: 0,
      +   count: 1,
          … (3 fields unchanged)
        )

      (Expected: −, Actual: +)

      To fix, pass an assert closure that sets the values marked +, e.g. `{ $0.field = newValue }`.
      """
    ) {
      await store.send(.increment)
    }
  }

  @Test("a different action came than the one the test receives")
  func unexpectedAction() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.factTapped)
    await clock.advance(by: .seconds(1))
    await expectFailure(
      """
      The store received a different action than the one expected.

      − Feature.Action.tick
      + Feature.Action.factLoaded("0 is a good number.")

      (Expected: −, Actual: +)

      To fix, receive the actions in the order the effects send them, or change the expected action.
      """
    ) {
      await store.receive(.tick)
    }
  }

  @Test("an action of another case came than the case the test receives")
  func unexpectedCase() async {
    let store = makeStore()
    await store.send(.chain) { $0.log = ["chain"] }
    await expectFailure(
      """
      The store received a different action than the one expected.

      − .factLoaded(…)
      + .increment

      (Expected: −, Actual: +)

      To fix, receive the actions in the order the effects send them, or change the expected action.
      """
    ) {
      await store.receive(Feature.Action.factLoaded)
    }
    await store.skipReceivedActions()
  }

  @Test("receive waited for an action that never came")
  func receiveTimeout() async {
    let clock = TestClock()
    let store = makeStore(clock)
    let location: SourceLocation = #_sourceLocation
    await store.send(.factTapped, sourceLocation: location)
    await expectFailure(
      """
      Expected to receive Feature.Action.factLoaded("0 is a good number."), but no action arrived within 10 ms; 1 effect is still running, all waiting on something outside the test store:

        started by sending Feature.Action.factTapped at TestStoreFailureTests.swift:\(location.line)

      To fix, make sure an effect sends this action: if it waits on a TestClock, advance the clock first; if it does slow real work, pass a longer timeout.
      """
    ) {
      await store.receive(.factLoaded("0 is a good number."), timeout: .milliseconds(10))
    }
    await store.skipInFlightEffects()
  }

  @Test("receive with nothing running fails at once, whatever its timeout")
  func nothingToReceive() async {
    let store = makeStore()
    await store.send(.factTapped)
    await store.send(.stopTimer)  // nothing to cancel: the fact's effect keeps running
    await store.skipInFlightEffects()
    // NB: The timeout is an hour; the race's 60 s backstop only turns a wait into a failure.
    let returnedFirst = await returnsBeforeBackstop {
      await expectFailure(
        """
        Expected to receive Feature.Action.tick, but no action was received and no effect is running.

        To fix, check that the reducer returns an effect that sends this action.
        """
      ) {
        await store.receive(.tick, timeout: .seconds(3_600))
      }
    }
    #expect(returnedFirst, "receive waited for its timeout though no effect was running")
  }

  @Test("an assert closure for an action that changed nothing", arguments: [false, true])
  func noChange(settingSameValue: Bool) async {
    let store = makeStore()
    await expectFailure(
      """
      Expected the state to change after sending Feature.Action.noop, but it did not change.

      The assert closure made no change to the state it was given.

      To fix, omit the assert closure: without one, the test store asserts that the state did not change.
      """
    ) {
      await store.send(.noop) { if settingSameValue { $0.count = 0 } }
    }
  }

  @Test("an assert closure for a received action that changed nothing")
  func noChangeReceived() async {
    let reducer = Reducer<Feature.State, Feature.Action, Void> { _, action, _ in
      action == .chain ? .send(.noop) : .none
    }
    let store = TestStore(initialState: Feature.State(), reducer: reducer, environment: ())
    await store.send(.chain)
    await expectFailure(
      """
      Expected the state to change after receiving Feature.Action.noop, but it did not change.

      The assert closure made no change to the state it was given.

      To fix, omit the assert closure: without one, the test store asserts that the state did not change.
      """
    ) {
      await store.receive(.noop) { _ in }
    }
  }

  @Test("effects still running at finish name the send that started them and its line")
  func effectsStillRunning() async {
    let store = makeStore()
    let line = #line + 1
    await store.send(.startTimer)
    await expectFailure(
      """
      An effect is still running at the end of the test: it sleeps on a TestClock that nothing advances while finish() waits.

        asleep until 1 second on a TestClock at 0 seconds
        started by sending Feature.Action.startTimer at TestStoreFailureTests.swift:\(line)

      To fix, advance the clock past that time before finish() (`await clock.advance(by: .seconds(1))`, or `await clock.run()`), cancel the effect from the feature (`.cancel(id:)`), or call `await store.skipInFlightEffects()`.
      """
    ) {
      await store.finish(timeout: .milliseconds(10))
    }
  }

  @Test("actions left unreceived fail finish()")
  func unreceivedAtFinish() async {
    let store = makeStore()
    await store.send(.chain) { $0.log = ["chain"] }
    await expectFailure(
      """
      The store received 2 actions that the test did not receive before finish():

        Feature.Action.increment
        Feature.Action.increment

      To fix, receive each with `await store.receive(…)`, or call `await store.skipReceivedActions()` if they do not matter to this test.
      """
    ) {
      await store.finish()
    }
  }

  @Test("actions left unreceived fail the next send")
  func unreceivedAtSend() async {
    let store = makeStore()
    await store.send(.chain) { $0.log = ["chain"] }
    await expectFailure(
      """
      The store received 2 actions that the test did not receive before sending Feature.Action.noop:

        Feature.Action.increment
        Feature.Action.increment

      To fix, receive each with `await store.receive(…)`, or call `await store.skipReceivedActions()` if they do not matter to this test.
      """
    ) {
      await store.send(.noop)
    }
  }

  @Test("a test that ends with effects running fails, at the send that started them")
  func endOfTestWithRunningEffect() async {
    let line = #line + 11
    await expectFailure(
      """
      An effect is still running at the end of the test:

        started by sending Feature.Action.startTimer at TestStoreFailureTests.swift:\(line)

      To fix, let each finish (advance the TestClock, or `await store.finish()`), cancel it from the feature (`.cancel(id:)`), or call `await store.skipInFlightEffects()`.
      """
    ) {
      let store = makeStore()
      await store.send(.startTimer)
    }
  }

  @Test("a test that ends with actions unreceived fails, at its last send")
  func endOfTestWithUnreceivedActions() async {
    await expectFailure(
      """
      The store received 2 actions that the test did not receive before the test ended:

        Feature.Action.increment
        Feature.Action.increment

      To fix, receive each with `await store.receive(…)`, or call `await store.skipReceivedActions()` if they do not matter to this test.
      """
    ) {
      let store = makeStore()
      await store.send(.chain) { $0.log = ["chain"] }
    }
  }

  @Test("an unimplemented endpoint names itself when called")
  func unimplementedEndpoint() async {
    let fact: @Sendable (Int) async throws -> String = unimplemented("Feature.fact")
    await expectFailure(
      """
      Feature.fact was called but not implemented for this test.

      To fix, give the test double an implementation of Feature.fact, or change the feature so it does not call it.
      """
    ) {
      await #expect(throws: UnimplementedError(endpoint: "Feature.fact")) { try await fact(1) }
    }
  }
}

/// Runs `body`, expecting exactly one recorded issue whose comment is `message`, in full.
@MainActor
func expectFailure(
  _ message: String, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @MainActor () async -> Void
) async {
  let messages = LockedState<[String]>([])
  await withKnownIssue(sourceLocation: sourceLocation) {
    await body()
  } matching: { issue in
    messages.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  #expect(messages.withLock { $0 } == [message], sourceLocation: sourceLocation)
}

/// Whether `body` returns before a backstop on the real clock, as long as the suites'
/// `.hangBackstop`; the backstop cancels it. It can only turn a wait into a failure, never make
/// a test pass, and only a hang reaches it: the main actor `body` runs on is shared with every
/// other test, so a run on a loaded machine can wait minutes for it.
@MainActor
func returnsBeforeBackstop(_ body: @escaping @MainActor @Sendable () async -> Void) async -> Bool {
  let backstopFired = LockedState(false)
  let work = Task { @MainActor in await body() }
  let backstop = Task {
    try await ContinuousClock().sleep(for: .hangBackstop)
    backstopFired.withLock { $0 = true }
    work.cancel()
  }
  await work.value
  backstop.cancel()
  return !backstopFired.withLock { $0 }
}
