import Loop
import Testing

extension TestStore where State: Equatable {
  /// Waits for every effect to end, then checks that every received action was received.
  ///
  /// ```swift
  /// await store.send(.onAppear)
  /// await clock.run()
  /// await store.receive(.loaded) { … }
  /// await store.finish()
  /// ```
  ///
  /// In exhaustive mode an effect still running after `timeout`, or an action left unreceived,
  /// fails the test; the running effects are then cancelled.
  public func finish(
    timeout: Duration? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    // NB: A cancelled effect has ended (TCA's rule): its task may still be unwinding.
    let finished = await waitForEffects(
      during: "in finish()", timeout: timeout ?? self.timeout,
      givesUpWhenQuiet: { !self.parkedSleepers().isEmpty }
    ) {
      self.runningSends().isEmpty
    }
    if !finished {
      let running = runningSends()
      let sleepers = parkedSleepers()
      fail(
        sleepers.isEmpty
          ? FailureMessage.effectsStillRunning(running.map(origin))
          : FailureMessage.effectsAsleep(sleepers, running.map(origin)),
        at: sourceLocation, skippable: true)
      cancelEverything()
      await settle(during: "in finish(), cancelling what still ran")
    }
    dropUnreceivedActions(before: "before finish()", at: sourceLocation)
  }

  /// Drops the actions received and not yet asserted, accepting the state they led to.
  ///
  /// ```swift
  /// await store.send(.onAppear)
  /// await store.skipReceivedActions()   // the analytics pings don't matter here
  /// ```
  public func skipReceivedActions(sourceLocation: SourceLocation = #_sourceLocation) async {
    await settle(during: "in skipReceivedActions()")
    let skipped = acceptReceivedActions()
    if !skipped.isEmpty, case .off(showSkippedAssertions: true) = exhaustivity {
      fail(
        FailureMessage.unreceivedActions(skipped, before: "(skipped)"), at: sourceLocation,
        skippable: true)
    }
  }

  /// Cancels every effect still running, so the test can end without waiting for them.
  ///
  /// ```swift
  /// await store.send(.startTimer)
  /// await clock.advance(by: .seconds(3))
  /// await store.skipInFlightEffects()
  /// ```
  public func skipInFlightEffects(sourceLocation: SourceLocation = #_sourceLocation) async {
    await settle(during: "in skipInFlightEffects()")
    let running = runningSends()
    guard !running.isEmpty else { return }
    if case .off(showSkippedAssertions: true) = exhaustivity {
      fail(
        FailureMessage.effectsStillRunning(running.map(origin)), at: sourceLocation,
        skippable: true)
    }
    cancelEverything()
    _ = await waitForEffects(during: "in skipInFlightEffects()", timeout: timeout) {
      [store] in store.inFlightEffectCount == 0
    }
  }
}

extension TestStore where State: Equatable {
  /// Fails for actions received and not asserted (a known issue when exhaustivity is off and
  /// skipped assertions are shown), then accepts the state they led to.
  func dropUnreceivedActions(before step: @autoclosure () -> String, at location: SourceLocation) {
    let unreceived = acceptReceivedActions()
    guard !unreceived.isEmpty else { return }
    fail(
      FailureMessage.unreceivedActions(unreceived, before: step()), at: location,
      skippable: true)
  }

  /// Takes the actions received and not yet asserted out of the reduce log, and accepts the
  /// state the last one led to; returns them.
  func acceptReceivedActions() -> [Action] {
    guard !reduceLog.received.isEmpty else { return [] }
    let (actions, lastState) = reduceLog.received.removeAll()
    assertedState = lastState
    assertedShared = reduceLog.received.lastRemovedShared
    return actions
  }
}
