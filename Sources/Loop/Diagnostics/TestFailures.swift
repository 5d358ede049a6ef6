/// Where Loop reports a failure that belongs to a test — an `unimplemented` endpoint that was
/// called: through Swift Testing, once LoopTesting has installed its reporter; otherwise as a
/// runtime warning.
///
/// Loop does not import Swift Testing (apps link Loop). LoopTesting installs the reporter the
/// first time a test uses it (a `TestStore`, a `TestClock`, an `ImmediateClock`, a test double).
package enum TestFailures {
  /// Installs LoopTesting's reporter of a failure at a place.
  package static func install(_ report: @escaping @Sendable (String, SourcePlace) -> Void) {
    reporter.withLock { $0 = Reporter(report: report) }
  }

  /// Records `message` as a failure of the test running now, at `place`.
  static func record(_ message: String, at place: SourcePlace) {
    guard let reporter = reporter.withLock({ $0 }) else {
      return reportRuntimeWarning("\(message) (at \(place.fileID):\(place.line))")
    }
    reporter.report(message, place)
  }

  // NB: Boxed: an optional closure stored in a `LockedState` gains a reabstraction thunk at
  // every `withLock` that reads it (see `RuntimePath`).
  private static let reporter = LockedState<Reporter?>(nil)

  private final class Reporter: Sendable {
    let report: @Sendable (String, SourcePlace) -> Void
    init(report: @escaping @Sendable (String, SourcePlace) -> Void) { self.report = report }
  }
}

/// A place in the source, as Swift Testing's `SourceLocation` names one, without importing it.
package struct SourcePlace: Sendable {
  package let fileID: String
  package let filePath: String
  package let line: Int
  package let column: Int

  init(_ fileID: StaticString, _ filePath: StaticString, _ line: UInt, _ column: UInt) {
    self.fileID = "\(fileID)"
    self.filePath = "\(filePath)"
    self.line = Int(line)
    self.column = Int(column)
  }
}
