import Loop
import Testing

extension TestStore where State: Equatable {
  /// Checks the shared values a step changed against what its assertion closure expected:
  /// each as the closure left it (`expected`, starting from `before`) against the value after
  /// the step. Returns whether the step changed any shared value.
  @discardableResult
  func checkShared(
    step: @autoclosure () -> String, before: SharedValues, expected: SharedOverlay?,
    actual: SharedValues, asserted: Bool, state: State, at location: SourceLocation
  ) -> Bool {
    guard let expected else { return false }
    var changed = false
    for (id, after) in actual.sorted(by: {
      $0.value.slot.keyDescription < $1.value.slot.keyDescription
    }) {
      let previous = before[id]
      if previous?.changeCount != after.changeCount { changed = true }
      let expectedValue = expected.value(ofSlot: id) ?? previous?.value ?? after.value
      guard !Self.isSame(after.slot, expectedValue, after.value) else { continue }
      let key = after.slot.keyDescription
      let inState = SharedReach.holds(state, slot: id)
      if asserted {
        fail(
          FailureMessage.sharedMismatch(
            key: key, after: step(), expected: expectedValue, actual: after.value,
            inState: inState),
          at: location)
      } else {
        fail(
          FailureMessage.unassertedSharedChange(
            key: key, after: step(), before: expectedValue, after: after.value,
            inState: inState),
          at: location)
      }
    }
    return changed
  }

  /// Fails for each shared value that changed since the last assertion where no step describes
  /// the change — an effect wrote it after the last action it sent, or code outside any send
  /// did — naming its key; then takes the values as they are, so each change fails once.
  ///
  /// - Parameter moment: Where the test is: "before sending .load".
  func checkSharedSinceLastAssertion(
    _ moment: @autoclosure () -> String, at location: SourceLocation
  ) {
    let now = reduceLog.sharedRegistry.snapshot()
    guard !now.isEmpty else { return }
    for message in Self.sharedChanges(since: assertedShared, now: now, moment: moment()) {
      fail(message, at: location, skippable: true)
    }
    assertedShared = now
  }

  /// The overlay an assertion closure runs in: the shared values as `snapshot` has them;
  /// `nil` when the test has none (before or after the step), so a test without shared values
  /// pays nothing for them.
  static func overlay(_ snapshot: SharedValues, _ after: SharedValues) -> SharedOverlay? {
    snapshot.isEmpty && after.isEmpty ? nil : SharedOverlay(snapshot)
  }

  /// Runs `body` in `overlay`, if there is one.
  static func with<Result>(_ overlay: SharedOverlay?, _ body: () -> Result) -> Result {
    guard let overlay else { return body() }
    return overlay.apply(body)
  }
}

extension TestStore {
  /// Whether two values of `slot` are the same: `==` for `Equatable` values, else the same
  /// dump.
  nonisolated private static func isSame(_ slot: any AnySharedSlot, _ lhs: Any, _ rhs: Any)
    -> Bool
  {
    slot.isEqual(lhs, rhs) || Dump.lines(of: lhs) == Dump.lines(of: rhs)
  }

  /// The failure for each shared value in `now` that changed since `asserted`, by key.
  nonisolated static func sharedChanges(
    since asserted: SharedValues, now: SharedValues, moment: @autoclosure () -> String
  ) -> [String] {
    var messages: [String] = []
    for (id, after) in now.sorted(by: {
      $0.value.slot.keyDescription < $1.value.slot.keyDescription
    }) {
      guard let before = asserted[id], before.changeCount != after.changeCount,
        !isSame(after.slot, before.value, after.value)
      else { continue }
      messages.append(
        FailureMessage.sharedChangedOutsideSteps(
          key: after.slot.keyDescription, moment: moment(), before: before.value,
          after: after.value))
    }
    return messages
  }
}
