import Loop
import Testing

extension TestStore {
  /// Checks the shared values a step changed against what its assertion closure expected:
  /// each as the closure left it (`expected`, starting from `before`) against the value after
  /// the step. Returns whether the step changed any shared value.
  @discardableResult
  func checkShared(
    step: @autoclosure () -> String, before: SharedValues, expected: SharedOverlay,
    actual: SharedValues, asserted: Bool, at location: SourceLocation
  ) -> Bool {
    var changed = false
    for (id, after) in actual.sorted(by: {
      $0.value.slot.keyDescription < $1.value.slot.keyDescription
    }) {
      let previous = before[id]
      if previous?.changeCount != after.changeCount { changed = true }
      let expectedValue = expected.value(ofSlot: id) ?? previous?.value ?? after.value
      guard !Self.isSame(after.slot, expectedValue, after.value) else { continue }
      let key = after.slot.keyDescription
      if asserted {
        fail(
          FailureMessage.sharedMismatch(
            key: key, after: step(), expected: expectedValue, actual: after.value),
          at: location)
      } else {
        fail(
          FailureMessage.unassertedSharedChange(
            key: key, after: step(), before: expectedValue, after: after.value),
          at: location)
      }
    }
    return changed
  }

  /// Whether two values of `slot` are the same: `==` for `Equatable` values, else the same
  /// dump.
  private static func isSame(_ slot: any AnySharedSlot, _ lhs: Any, _ rhs: Any) -> Bool {
    slot.isEqual(lhs, rhs) || Dump.lines(of: lhs) == Dump.lines(of: rhs)
  }
}
