/// The error an `unimplemented(_:)` endpoint throws after reporting its test failure.
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
/// It is in Loop, not LoopTesting, so a client module can ship its own failing test value
/// (`MovieService.unimplemented`) without importing Swift Testing into the app. In a test that
/// uses LoopTesting, the failure is recorded in the test, at the line that made the endpoint;
/// elsewhere it is a runtime warning (see ``RuntimeWarnings``).
///
/// The endpoint takes any number of arguments, of any types: its type comes from where it is
/// used.
///
/// ```swift
/// let movies = MovieService(
///   search: { query, _ in .fixture(query) },
///   details: unimplemented("MovieService.details")
/// )
/// ```
public func unimplemented<each Argument, Result>(
  _ endpoint: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  { (_: repeat each Argument) in
    throw unimplementedCall(endpoint, SourcePlace(fileID, filePath, line, column))
  }
}

/// An unimplemented synchronous throwing endpoint: calling it records a test failure naming
/// it, and throws ``UnimplementedError``. It takes any number of arguments.
///
/// ```swift
/// let storage = Storage(load: unimplemented("Storage.load"))   // () throws -> Data
/// ```
public func unimplemented<each Argument, Result>(
  _ endpoint: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  { (_: repeat each Argument) in
    throw unimplementedCall(endpoint, SourcePlace(fileID, filePath, line, column))
  }
}

// MARK: - Non-throwing, with a placeholder

/// An unimplemented endpoint that cannot throw: calling it records a test failure naming it,
/// then returns `placeholder` so the code under test can go on. It takes any number of
/// arguments.
///
/// ```swift
/// let analytics = Analytics(track: unimplemented("Analytics.track", placeholder: ()))
/// let uuid = UUIDGenerator(next: unimplemented("UUIDGenerator.next", placeholder: UUID()))
/// ```
public func unimplemented<each Argument, Result>(
  _ endpoint: String, placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  { (_: repeat each Argument) in
    unimplementedValue(endpoint, SourcePlace(fileID, filePath, line, column), placeholder)
  }
}

/// An unimplemented async endpoint that cannot throw: records a test failure naming it, then
/// returns `placeholder`. It takes any number of arguments.
///
/// ```swift
/// let search = Search(suggest: unimplemented("Search.suggest", placeholder: []))
/// ```
public func unimplemented<each Argument, Result>(
  _ endpoint: String, placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
  { (_: repeat each Argument) in
    unimplementedValue(endpoint, SourcePlace(fileID, filePath, line, column), placeholder)
  }
}

private func unimplementedValue<Result>(
  _ endpoint: String, _ location: SourcePlace, _ placeholder: () -> Result
) -> Result {
  _ = unimplementedCall(endpoint, location)
  return placeholder()
}

private func unimplementedCall(_ endpoint: String, _ location: SourcePlace) -> UnimplementedError {
  TestFailures.record(
    """
    \(endpoint) was called but not implemented for this test.

    To fix, give the test double an implementation of \(endpoint), or change the feature so it \
    does not call it.
    """,
    at: location)
  return UnimplementedError(endpoint: endpoint)
}
