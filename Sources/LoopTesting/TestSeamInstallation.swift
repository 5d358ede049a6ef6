import Loop
import Testing

/// LoopTesting's one hold on Loop's runtime: the ``TestSeam`` it installs as the process loads
/// (`LoopTestingStartup`'s constructor calls ``loopTestingStart()``), and again, harmlessly, at
/// LoopTesting's entry points, should a platform skip constructors. Installed once.
enum TestSeamInstallation {
  /// Touch it to install the seam.
  static let installed: Void = TestSeam.install(
    TestSeam(
      // A plain store made in a test's task runs its effects in that test's context.
      effectContext: { GlobalJobRouting.tallyOfCurrentTask.map(DeterministicJobs.context) },
      sharedRegistry: { TestSharedRegistries.current },
      reportFailure: { message, place in
        Issue.record(
          Comment(rawValue: message),
          sourceLocation: SourceLocation(
            fileID: place.fileID, filePath: place.filePath, line: place.line,
            column: place.column))
      },
      routesCurrentTask: { GlobalJobRouting.routesCurrentTask }))
}

/// Called by `LoopTestingStartup`'s constructor as the process loads.
@_cdecl("loop_testing_start")
func loopTestingStart() {
  _ = TestSeamInstallation.installed
}
