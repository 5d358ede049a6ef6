/// A clock a test does not expect the feature to sleep on: a sleep records a test failure
/// naming it and throws ``UnimplementedError``, as TCA's `UnimplementedClock`. Reading its time
/// is harmless (it never moves), so `sleep(for:)`, which reads it first, fails once.
///
/// In Loop, so a client module can ship it in its failing test value:
///
/// ```swift
/// extension Search.Environment {
///   static let unimplemented = Self(
///     movies: .unimplemented, clock: UnimplementedClock("Search.clock"))
/// }
/// ```
public struct UnimplementedClock: Clock, Sendable {
  /// A point in the clock's time (it never moves).
  public struct Instant: InstantProtocol, Sendable {
    /// The duration since the clock's start.
    public var offset: Duration

    /// An instant `offset` after the start.
    public init(offset: Duration = .zero) { self.offset = offset }

    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    public func duration(to other: Self) -> Duration { other.offset - offset }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private let name: String
  private let place: SourcePlace

  /// A clock named `name` in its failures.
  public init(
    _ name: String = "Clock", fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.name = name
    self.place = SourcePlace(fileID, filePath, line, column)
  }

  /// The start: the clock never moves.
  public var now: Instant { Instant() }

  /// None.
  public var minimumResolution: Duration { .zero }

  /// Records a test failure and throws ``UnimplementedError``.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    TestFailures.record(message("\(name).sleep"), at: place)
    throw UnimplementedError(endpoint: "\(name).sleep")
  }

  private func message(_ endpoint: String) -> String {
    """
    \(endpoint) was called but not implemented for this test.

    To fix, give the feature a clock it may use (a TestClock, an ImmediateClock), or change \
    it so it does not use one.
    """
  }
}
