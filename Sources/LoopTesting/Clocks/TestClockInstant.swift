/// A point in a test clock's time: the duration since the clock was made. Shared by
/// ``TestClock`` and ``ImmediateClock``.
public struct TestClockInstant: InstantProtocol, Hashable, Sendable {
  /// The time since the clock was made.
  public var offset: Duration

  /// Creates an instant `offset` after the clock was made.
  public init(offset: Duration = .zero) { self.offset = offset }

  /// The instant `duration` later.
  public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }

  /// The duration from this instant to `other`.
  public func duration(to other: Self) -> Duration { other.offset - offset }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
}
