import Loop
import Testing

extension TestStore where State: Equatable {
  /// Asserts that an effect sent `expected` (next, in exhaustive mode), and how it changed the
  /// state.
  ///
  /// ```swift
  /// await store.send(.factTapped)
  /// await store.receive(.factLoaded("1 is odd.")) { $0.fact = "1 is odd." }
  /// ```
  ///
  /// - Parameters:
  ///   - expected: The action.
  ///   - timeout: How long to wait for effects doing real work; ``timeout`` by default. Effects
  ///     waiting on a ``TestClock`` need the clock advanced, not time.
  ///   - assert: Mutates a copy of the state before the action into the state expected after.
  ///   - sourceLocation: Where a failure is reported: the caller's line, by default.
  public func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async where Action: Equatable {
    await receive(
      description: Dump.oneLine(of: expected), expected: expected, timeout: timeout,
      assert: assert, at: sourceLocation, matching: { $0 == expected })
  }

  /// Asserts that an effect sent an action of the case `expected`, a case with no payload of an
  /// action that is not `Equatable`: TCA's `receive(\.done)`. Only the case is compared.
  ///
  /// ```swift
  /// await store.receive(.done) { $0.isFinished = true }
  /// ```
  ///
  /// A case with a payload cannot be compared this way, and fails the test saying so: give the
  /// case itself (`receive(Action.loaded)`), or make the action `Equatable`.
  @_disfavoredOverload
  public func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let description = Dump.oneLine(of: expected)
    guard Mirror(reflecting: expected).children.isEmpty else {
      fail(
        FailureMessage.payloadNotComparable(description, action: Action.self),
        at: sourceLocation)
      return
    }
    await receive(
      description: description, expected: expected, timeout: timeout, assert: assert,
      at: sourceLocation,
      matching: { isSameCase($0, expected) && Mirror(reflecting: $0).children.isEmpty })
  }

  /// Asserts that an effect sent an action for which `matching` returns `true`.
  ///
  /// ```swift
  /// await store.receive({ if case .response(.success) = $0 { true } else { false } }) {
  ///   $0.isLoading = false
  /// }
  /// ```
  public func receive(
    _ matching: (Action) -> Bool,
    timeout: Duration? = nil,
    assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      description: "an action matching the predicate", expected: nil, timeout: timeout,
      assert: assert, at: sourceLocation, matching: matching)
  }

  /// Asserts that an effect sent an action of the chain of cases `casePath` matches: TCA's
  /// `receive(\.rows[id: 1].delegate.closed)`. No payload is compared, so the actions need not
  /// be `Equatable`.
  ///
  /// ```swift
  /// await store.receive(CasePath(Action.rows)[id: 1].then(Row.Action.delegate).then(Delegate.closed))
  /// await store.receive(CasePath(Action.memo).then(Memo.Action.delegate))  // .presented left out
  /// ```
  ///
  /// A chain holds any number of links: cases with a payload or (the last) without, ids of rows
  /// and stack screens, `.presented` (entered on its own), `Result.success` and `.failure`, and
  /// hand-written `CasePath`s. Every link must match; a failure shows the action the chain
  /// describes beside the one received.
  public func receive<Value>(
    _ casePath: CasePath<Action, Value>,
    timeout: Duration? = nil,
    assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      description: casePath.description, expected: nil, timeout: timeout,
      assert: assert, at: sourceLocation, matching: { casePath.extract(from: $0) != nil },
      received: { FailureMessage.ExpectedDescription(text: Dump.cases(of: $0)) })
  }

  /// Asserts that an effect sent an action of `case`, given as the case itself: TCA's
  /// `receive(\.factLoaded)`.
  ///
  /// ```swift
  /// await store.receive(Feature.Action.factLoaded) { $0.fact = "1 is a good number." }
  /// ```
  ///
  /// For a case with one payload; the case's payload is not compared (receive the action
  /// itself for that).
  public func receive<Value>(
    _ case: @escaping @Sendable (Value) -> Action,
    timeout: Duration? = nil,
    assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      CasePath(`case`), timeout: timeout, assert: assert, sourceLocation: sourceLocation)
  }

  /// Asserts that an effect sent an action of `case`, a case with two payloads
  /// (`.row(id:action:)`), given as the case itself.
  public func receive<First, Second>(
    _ case: @escaping @Sendable (First, Second) -> Action,
    timeout: Duration? = nil,
    assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      CasePath(`case`), timeout: timeout, assert: assert, sourceLocation: sourceLocation)
  }

  /// Whether the action `receive` waits for has arrived: any action when exhaustive, else one
  /// `matching` accepts.
  private func hasArrived(exhaustive: Bool, _ matching: (Action) -> Bool) -> Bool {
    exhaustive
      ? !reduceLog.received.isEmpty : reduceLog.received.firstIndex(where: matching) != nil
  }

  func receive(
    description: @autoclosure () -> String, expected: Action?, timeout: Duration?,
    assert: ((inout State) throws -> Void)?, at location: SourceLocation,
    matching: (Action) -> Bool, received shown: (Action) -> Any = { $0 }
  ) async {
    let timeout = timeout ?? self.timeout
    let exhaustive = exhaustivity == .on
    // NB: With no effect in flight nothing more can arrive: stop waiting at once.
    // NB: The condition is looked at only while the wait lasts, so `matching` does not
    // outlive this call.
    _ = await withoutActuallyEscaping(matching) { matching in
      await waitForEffects(during: "waiting to receive \(description())", timeout: timeout) {
        self.hasArrived(exhaustive: exhaustive, matching) || self.store.inFlightEffectCount == 0
      }
    }
    guard hasArrived(exhaustive: exhaustive, matching) else {
      // Everything received so far was skipped looking for this one.
      if !exhaustive { _ = acceptReceivedActions() }
      fail(
        store.inFlightEffectCount == 0
          ? FailureMessage.nothingToReceive(expected: description())
          : FailureMessage.receiveTimedOut(
            expected: description(), timeout: timeout, running: runningSends().map(origin)),
        at: location)
      return
    }
    // NB: Then, as after a send, the work its arrival left ready runs until it waits again
    // (the ``SettleRule``): an effect that ends after sending its last action — its stream
    // finished — has ended when `receive` returns, on both runtime paths, so the end of the
    // test does not call it running.
    if store.inFlightEffectCount > 0 {
      await settle(
        during: "after receiving \(description())",
        until: { [store] in store.inFlightEffectCount == 0 })
    }
    // Exhaustive, the next action must match; otherwise the first that matches is received,
    // and the ones before it are skipped, their changes accepted.
    let index = exhaustive ? 0 : reduceLog.received.firstIndex(where: matching) ?? 0
    if index > 0 {
      let (skipped, skippedState) = reduceLog.received.removeFirst(index)
      fail(
        FailureMessage.unreceivedActions(skipped, before: "before receiving \(description())"),
        at: location, skippable: true)
      assertedState = skippedState
      assertedShared = reduceLog.received.lastRemovedShared
    }
    let (action, state) = reduceLog.received.removeFirst()
    if !matching(action) {
      fail(
        FailureMessage.unexpectedAction(
          expected: expected.map { $0 as Any }
            ?? FailureMessage.ExpectedDescription(text: description()),
          received: shown(action)),
        at: location)
      assertedState = state
      assertedShared = reduceLog.received.lastRemovedShared
      return
    }
    let shared = reduceLog.received.lastRemovedShared
    check(
      step: "receiving \(Dump.oneLine(of: action))", before: assertedState,
      actual: state, shared: (assertedShared, shared), assert: assert, at: location)
    assertedState = state
    assertedShared = shared
  }
}
