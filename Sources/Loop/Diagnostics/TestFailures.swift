/// Where Loop reports a failure that belongs to a test — an `unimplemented` endpoint that was
/// called: through Swift Testing, by the ``TestSeam`` LoopTesting installs; otherwise as a
/// runtime warning. (Loop does not import Swift Testing: apps link Loop.)
package enum TestFailures {
  /// Records `message` as a failure of the test running now, at `place`.
  static func record(_ message: String, at place: SourcePlace) {
    guard let seam = TestSeam.installed else {
      return reportRuntimeWarning("\(message) (at \(place.fileID):\(place.line))")
    }
    seam.reportFailure(message, place)
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
