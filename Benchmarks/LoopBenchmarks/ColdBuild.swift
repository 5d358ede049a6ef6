import Foundation

/// `--cold-build`: how long a fresh release build of Loop and LoopTesting takes — what an app
/// pays the first time it builds Loop, watched like a workload.
///
/// Builds the target `LoopTesting` (which builds Loop) of the package in the current directory
/// with `swift build -c release`, into a scratch folder made for the run and removed after, so
/// nothing is cached, and reports the wall time against the budget. Then builds it once more,
/// fresh, with the compiler's statistics on (`-stats-output-dir`), and reports per module where
/// the frontend's time went and how much code it made. That second build is not timed: its
/// timers cost 2–4 s here. The wall time moves with the host; the counts (SIL functions, LLVM
/// instructions) do not, so they show what a change did to the build on any host.
enum ColdBuild {
  /// The most seconds the build may take.
  static let budget = 20.0

  /// Runs the builds; returns whether they succeeded and the first was within the budget (a
  /// `--quick` run reports only). With `json`, also writes the figures there.
  static func run(quick: Bool, json: String?) -> Bool {
    let package = FileManager.default.currentDirectoryPath
    guard FileManager.default.fileExists(atPath: package + "/Package.swift") else {
      print("cold build: run from Loop's package folder (no Package.swift in \(package))")
      return false
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "loop-cold-build-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let stats = scratch.appendingPathComponent("stats")
    do {
      try FileManager.default.createDirectory(at: stats, withIntermediateDirectories: true)
    } catch {
      print("cold build: cannot make the scratch folder \(scratch.path): \(error)")
      return false
    }
    guard let seconds = build(package, into: scratch.appendingPathComponent("timed")) else {
      return false
    }
    let within = seconds <= budget
    print(
      String(
        format: "cold build, Loop + LoopTesting, release: %.1f s, budget ≤ %.0f s ", seconds, budget
      )
        + (quick ? "(not checked)" : within ? "ok" : "OVER"))
    guard
      build(
        package, into: scratch.appendingPathComponent("counted"),
        adding: ["-Xswiftc", "-stats-output-dir", "-Xswiftc", stats.path]) != nil
    else { return false }
    let modules = CompilerStatistics.all(in: stats).filter {
      ["Loop", "LoopTesting"].contains($0.module)
    }
    print("  the same build with the compiler's statistics on (its timers add to its times):")
    for module in modules { print("  " + module.summary) }
    if modules.count < 2 {
      print("  (the compiler's statistics for Loop and LoopTesting were not all found)")
    }
    if let json {
      do {
        try report(seconds: seconds, modules: modules).write(to: URL(fileURLWithPath: json))
      } catch {
        print("cold build: cannot write \(json): \(error)")
        return false
      }
    }
    return within || quick
  }

  /// Builds `LoopTesting` of `package`, release, into the empty folder `scratch`, with
  /// `arguments` added; returns the wall time in seconds, or `nil` (having said why) if the
  /// build did not run or failed.
  static func build(_ package: String, into scratch: URL, adding arguments: [String] = [])
    -> Double?
  {
    let build = Process()
    build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    build.arguments =
      [
        "swift", "build", "-c", "release", "--target", "LoopTesting", "--scratch-path",
        scratch.path,
      ] + arguments
    build.currentDirectoryURL = URL(fileURLWithPath: package)
    build.standardOutput = FileHandle.nullDevice
    let started = ContinuousClock.now
    do {
      try build.run()
    } catch {
      print("cold build: could not run swift build: \(error)")
      return nil
    }
    build.waitUntilExit()
    let elapsed = started.duration(to: .now)
    guard build.terminationStatus == 0 else {
      print("cold build: swift build failed (status \(build.terminationStatus))")
      return nil
    }
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  /// The figures as JSON, for `--json`: the timed build's seconds, and each module's
  /// statistics from the counted one.
  static func report(seconds: Double, modules: [CompilerStatistics]) throws -> Data {
    let object: [String: Any] = [
      "cold_build": [
        "seconds": seconds, "budget_seconds": budget, "modules": modules.map(\.jsonObject),
      ] as [String: Any]
    ]
    return try JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
  }
}
