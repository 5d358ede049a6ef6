import Loop
import Testing

/// Reports Loop's test failures (an `unimplemented` endpoint called) with Swift Testing, at
/// the line they name: installed into Loop as the process loads (`LoopTestingStartup`'s
/// constructor calls ``loopTestingStart()``), and again, harmlessly, at LoopTesting's entry
/// points, should a platform skip constructors.
enum TestFailureReporting {
  /// Touch it to install the reporter; installing is done once.
  static let installed: Void = TestFailures.install { message, place in
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: place.fileID, filePath: place.filePath, line: place.line, column: place.column))
  }
}

/// Called by `LoopTestingStartup`'s constructor as the process loads.
@_cdecl("loop_testing_start")
func loopTestingStart() {
  _ = TestFailureReporting.installed
  _ = TestSharedRegistries.installed
}
