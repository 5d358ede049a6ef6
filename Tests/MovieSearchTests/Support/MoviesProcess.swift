import Foundation
import Testing

/// Runs the built `movies` executable, as a user would, and collects what it printed.
struct MoviesProcess {
  struct Output {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  /// The `movies` binary beside the test bundle in the build folder.
  static var executable: URL? {
    var folder = Bundle.main.executableURL?.deletingLastPathComponent()
    for _ in 0..<4 {
      guard let current = folder else { return nil }
      let candidate = current.appendingPathComponent("movies")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder = current.deletingLastPathComponent()
    }
    return nil
  }

  /// Runs `movies arguments…` with `environment` (and nothing else from this process's
  /// environment but PATH and HOME, and a fresh `MOVIES_STATE_DIR`), feeding it `input` on
  /// standard input.
  static func run(
    _ arguments: [String], environment: [String: String] = [:], input: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Output {
    guard let executable else {
      Issue.record(
        "The movies executable is not beside the test bundle. To fix, build it: swift build --build-tests.",
        sourceLocation: sourceLocation)
      return Output(status: -1, standardOutput: "", standardError: "")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var base = ProcessInfo.processInfo.environment.filter { ["PATH", "HOME"].contains($0.key) }
    // NB: The recent searches go to a folder of this run's own, never the user's home, unless
    // the test names one (to run the command again on the same list).
    let stateFolder = FileManager.default.temporaryDirectory
      .appendingPathComponent("movies-state-\(UUID().uuidString)")
    base["MOVIES_STATE_DIR"] = stateFolder.path
    // NB: Removed when the run ends; a folder the test named is the test's to remove.
    defer { try? FileManager.default.removeItem(at: stateFolder) }
    base.merge(environment) { $1 }
    process.environment = base
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    let finished = AsyncStream<Int32>.makeStream()
    process.terminationHandler = { finished.continuation.yield($0.terminationStatus) }
    try process.run()
    async let out = Self.readAll(stdout)
    async let err = Self.readAll(stderr)
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    var status: Int32 = -1
    for await code in finished.stream {
      status = code
      break
    }
    return Output(status: status, standardOutput: await out, standardError: await err)
  }

  private static func readAll(_ pipe: Pipe) async -> String {
    await withCheckedContinuation { continuation in
      Thread {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        continuation.resume(returning: String(decoding: data, as: UTF8.self))
      }.start()
    }
  }
}
