/// How strictly a ``TestStore`` checks a test.
///
/// ```swift
/// store.exhaustivity = .off                               // assert only what you name
/// store.exhaustivity = .off(showSkippedAssertions: true)  // …and list what was skipped
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change must be asserted, every received action received, and every effect
  /// finished by the end of the test. The default.
  case on
  /// Only what the test asserts is checked: state fields the assert closures set, the actions
  /// it receives. With `showSkippedAssertions`, what was not asserted is recorded as a known
  /// issue, so it shows in the results without failing the test.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without listing skipped assertions.
  public static let off = Self.off(showSkippedAssertions: false)
}
