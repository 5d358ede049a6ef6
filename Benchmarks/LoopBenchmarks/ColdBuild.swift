import Foundation

/// `--cold-build`: how long a fresh release build of Loop and LoopTesting takes — what an app
/// pays the first time it builds Loop, watched like a workload.
///
/// Builds the target `LoopTesting` (which builds Loop) of the package in the current directory
/// with `swift build -c release`, into a scratch folder made for the run and removed after, so
/// nothing is cached; reports the wall time against the budget.
enum ColdBuild {
  /// The most seconds the build may take.
  static let budget = 20.0

  /// Runs the build; returns whether it succeeded within the budget (a `--quick` run reports
  /// only).
  static func run(quick: Bool) -> Bool {
    let package = FileManager.default.currentDirectoryPath
    guard FileManager.default.fileExists(atPath: package + "/Package.swift") else {
      print("cold build: run from Loop's package folder (no Package.swift in \(package))")
      return false
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "loop-cold-build-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let build = Process()
    build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    build.arguments = [
      "swift", "build", "-c", "release", "--target", "LoopTesting", "--scratch-path", scratch.path,
    ]
    build.currentDirectoryURL = URL(fileURLWithPath: package)
    build.standardOutput = FileHandle.nullDevice
    let started = ContinuousClock.now
    do {
      try build.run()
    } catch {
      print("cold build: could not run swift build: \(error)")
      return false
    }
    build.waitUntilExit()
    let elapsed = started.duration(to: .now)
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    guard build.terminationStatus == 0 else {
      print("cold build: swift build failed (status \(build.terminationStatus))")
      return false
    }
    let within = seconds <= budget
    print(
      String(
        format: "cold build, Loop + LoopTesting, release: %.1f s, budget ≤ %.0f s ", seconds, budget
      )
        + (quick ? "(not checked)" : within ? "ok" : "OVER"))
    return within || quick
  }
}
