import Testing

/// The error an `unimplemented(_:)` endpoint throws after recording its
/// test failure.
public struct UnimplementedError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The endpoint that was called, e.g. `MovieService.details`.
  public let endpoint: String

  /// `"MovieService.details is unimplemented"`.
  public var description: String { "\(endpoint) is unimplemented" }

  /// Creates the error for `endpoint`.
  public init(endpoint: String) { self.endpoint = endpoint }
}

/// An endpoint for a test double that the test does not expect to be called: calling it
/// records a test failure naming it, and throws ``UnimplementedError``.
///
/// ```swift
/// let movies = MovieService(
///   search: { query, _ in .fixture(query) },
///   details: unimplemented("MovieService.details")
/// )
/// ```
public func unimplemented<Result>(
  _ endpoint: String, sourceLocation: SourceLocation = #_sourceLocation
) -> @Sendable () async throws -> Result {
  { throw unimplementedCall(endpoint, sourceLocation) }
}

/// An unimplemented endpoint taking one argument.
public func unimplemented<A, Result>(
  _ endpoint: String, sourceLocation: SourceLocation = #_sourceLocation
) -> @Sendable (A) async throws -> Result {
  { _ in throw unimplementedCall(endpoint, sourceLocation) }
}

/// An unimplemented endpoint taking two arguments.
public func unimplemented<A, B, Result>(
  _ endpoint: String, sourceLocation: SourceLocation = #_sourceLocation
) -> @Sendable (A, B) async throws -> Result {
  { _, _ in throw unimplementedCall(endpoint, sourceLocation) }
}

/// An unimplemented endpoint taking three arguments.
public func unimplemented<A, B, C, Result>(
  _ endpoint: String, sourceLocation: SourceLocation = #_sourceLocation
) -> @Sendable (A, B, C) async throws -> Result {
  { _, _, _ in throw unimplementedCall(endpoint, sourceLocation) }
}

private func unimplementedCall(_ endpoint: String, _ location: SourceLocation) -> UnimplementedError
{
  Issue.record(
    Comment(
      rawValue: """
        \(endpoint) was called but not implemented for this test.

        To fix, give the test double an implementation of \(endpoint), or change the feature so \
        it does not call it.
        """),
    sourceLocation: location)
  return UnimplementedError(endpoint: endpoint)
}
