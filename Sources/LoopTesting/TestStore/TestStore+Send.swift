import Loop
import Testing

extension TestStore where State: Equatable {
  /// Sends an action and asserts how it changes the state.
  ///
  /// ```swift
  /// await store.send(.increment) { $0.count = 1 }
  /// await store.send(.noop)                        // asserts the state did not change
  /// ```
  ///
  /// Effects the action starts run until they wait (on a ``TestClock``, on I/O) before this
  /// returns; actions they send must then be received with `receive(_:)`.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - assert: Mutates a copy of the state before the action into the state you expect after
  ///     it. Omit it to assert that nothing changed.
  ///   - sourceLocation: Where a failure is reported: the caller's line, by default.
  /// - Returns: The action's effects, to `finish()` or `cancel()`.
  @discardableResult
  public func send(
    _ action: Action,
    assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> TestStoreTask {
    // NB: A local function, not a closure: nothing is allocated for it (it is described
    // only when a failure message needs it).
    func step() -> String { "sending \(Dump.oneLine(of: action))" }
    guard !isDismissed else {
      Issue.record(
        Comment(rawValue: FailureMessage.sentToDismissed(Dump.oneLine(of: action))),
        sourceLocation: sourceLocation)
      return TestStoreTask(rawValue: StoreTask.none, timeout: timeout, tally: tally)
    }
    dropUnreceivedActions(before: "before \(step())", at: sourceLocation)
    checkSharedSinceLastAssertion("before \(step())", at: sourceLocation)
    let before = assertedState
    let sharedBefore = assertedShared
    reduceLog.expectingSentAction = true
    // NB: Every runtime warning this action leads to — from its reduce, its effects, and the
    // actions they send back — fails the test at this line. A task-local, so tests running in
    // parallel never see each other's.
    let task = RuntimeWarnings.withHandler(warningHandler(at: sourceLocation)) {
      store.send(action)
    }
    reduceLog.expectingSentAction = false
    let after = reduceLog.sentState ?? store.state
    let sharedAfter = reduceLog.sentShared ?? reduceLog.sharedRegistry.snapshot()
    reduceLog.sentState = nil
    reduceLog.sentShared = nil
    check(
      step: step(), before: before, actual: after, shared: (sharedBefore, sharedAfter),
      assert: assert, at: sourceLocation)
    assertedState = after
    assertedShared = sharedAfter
    record(SendRecord(task: task, action: action, location: sourceLocation))
    await settle(during: "after \(step())", until: { [store] in store.inFlightEffectCount == 0 })
    return TestStoreTask(rawValue: task, timeout: timeout, tally: tally)
  }

  /// A runtime-warning handler that records each warning as a test failure at `location`.
  ///
  /// The last one is kept: a loop that sends from one line makes one.
  func warningHandler(at location: SourceLocation) -> RuntimeWarnings.Handler {
    if let last = lastWarningHandler, last.location == location { return last.handler }
    // NB: Queued, not recorded here: the warning may come from an effect's task, which carries
    // none of the test's task-locals (the store's runner is detached), so Swift Testing could
    // not tell which test it belongs to. The test store records it from the test's own task
    // (`recordWarnings()`), when the call that is waiting finishes settling, or at the end.
    let warnings = self.warnings
    let handler = RuntimeWarnings.Handler { message in
      warnings.withLock { $0.append((message, location)) }
    }
    lastWarningHandler = (location, handler)
    return handler
  }

  /// Asserts the current state, with no action.
  ///
  /// ```swift
  /// store.assert { $0.isLoading = false }
  /// ```
  public func assert(
    _ update: (inout State) throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    withoutActuallyEscaping(update) { update in
      check(
        step: "the last action", before: assertedState, actual: store.state,
        shared: (assertedShared, reduceLog.sharedRegistry.snapshot()), assert: update,
        requiresChange: false, at: sourceLocation)
    }
    assertedState = store.state
    assertedShared = reduceLog.sharedRegistry.snapshot()
  }

  /// Checks `actual` against `before` changed by `assert`, as exhaustivity says.
  ///
  /// - Parameter requiresChange: Whether an assert closure claims a change, so that a state
  ///   that did not change fails (as for an action; not for ``assert(_:sourceLocation:)``).
  func check(
    step: @autoclosure () -> String, before: State, actual: State,
    shared: (before: SharedValues, actual: SharedValues),
    assert: ((inout State) throws -> Void)?, requiresChange: Bool = true,
    at location: SourceLocation
  ) {
    switch exhaustivity {
    case .on:
      var expected = before
      // NB: The closure sees the shared values as they were before, and changes copies.
      let overlay = Self.overlay(shared.before, shared.actual)
      guard
        Self.with(overlay, { apply(assert, to: &expected, step: step(), at: location) })
      else {
        return
      }
      let sharedChanged = checkShared(
        step: step(), before: shared.before, expected: overlay, actual: shared.actual,
        asserted: assert != nil, state: actual, at: location)
      guard expected != actual else {
        if assert != nil, requiresChange, actual == before, !sharedChanged {
          fail(FailureMessage.noChange(after: step()), at: location)
        }
        return
      }
      if assert == nil {
        fail(
          FailureMessage.unassertedChange(after: step(), before: before, after: actual),
          at: location)
      } else {
        fail(
          FailureMessage.stateMismatch(after: step(), expected: expected, actual: actual),
          at: location)
      }
    case let .off(showSkippedAssertions):
      // Only what the closure sets is checked: apply it to the actual state and see that it
      // changes nothing. The closure runs once, on the state after the action, as in TCA: an
      // `#expect` or an index inside it sees that state only.
      var expected = actual
      let overlay = Self.overlay(shared.actual, shared.actual)
      guard
        Self.with(overlay, { apply(assert, to: &expected, step: step(), at: location) })
      else {
        return
      }
      checkShared(
        step: step(), before: shared.actual, expected: overlay, actual: shared.actual,
        asserted: true, state: actual, at: location)
      if expected != actual {
        fail(
          FailureMessage.stateMismatch(after: step(), expected: expected, actual: actual),
          at: location)
        return
      }
      // NB: Only to show what an exhaustive assertion would have missed does it run a second
      // time, on the state before (TCA's `showSkippedAssertions`).
      guard showSkippedAssertions else { return }
      var exhaustive = before
      guard
        Self.with(
          Self.overlay(shared.before, shared.actual),
          { apply(assert, to: &exhaustive, step: step(), at: location) }),
        exhaustive != actual
      else {
        return
      }
      fail(
        FailureMessage.unassertedChange(after: step(), before: exhaustive, after: actual),
        at: location, skippable: true)
    }
  }

  private func apply(
    _ assert: ((inout State) throws -> Void)?, to state: inout State,
    step: @autoclosure () -> String,
    at location: SourceLocation
  ) -> Bool {
    guard let assert else { return true }
    do {
      // NB: A runtime warning the closure raises (a `modify` of a case the state is not in)
      // fails the test at the line of the assertion.
      try RuntimeWarnings.withHandler({
        Issue.record(Comment(rawValue: $0), sourceLocation: location)
      }) {
        try assert(&state)
      }
      return true
    } catch {
      fail("The assert closure for \(step()) threw an error: \(error)", at: location)
      return false
    }
  }
}
