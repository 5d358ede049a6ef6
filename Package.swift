// swift-tools-version: 6.2
import PackageDescription

// CI's optimised suite (.ci/run) sets LOOP_UNOPTIMISED_TEST_CODE=1: Loop, LoopTesting,
// MovieSearch and LoopInspector are optimised as they ship, and the tests' own code is not.
// Optimising the tests' code (LoopTests alone is over 13,000 lines) took ten of CI's minutes on
// one core and tested nothing an app ships; an app's optimised code is what Benchmarks/Outside,
// the movies app and the stress runs exercise. `swift test -c release` run by hand optimises
// everything, as before.
let testCode: [SwiftSetting] =
  Context.environment["LOOP_UNOPTIMISED_TEST_CODE"] == "1" ? [.unsafeFlags(["-Onone"])] : []

let package = Package(
  name: "Loop",
  // The Observation floor; newer APIs are used behind `if #available` (see RuntimePath).
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "Loop", targets: ["Loop"]),
    .library(name: "LoopTesting", targets: ["LoopTesting"]),
    .library(name: "MovieSearch", targets: ["MovieSearch"]),
    .library(name: "LoopInspector", targets: ["LoopInspector"]),
    .executable(name: "movies", targets: ["movies"]),
    .executable(name: "loop-benchmarks", targets: ["LoopBenchmarks"]),
    .executable(name: "loop-inspect", targets: ["loop-inspect"]),
  ],
  targets: [
    .target(name: "Loop", dependencies: ["LoopAtomics", "LoopSessionFormat"]),
    // The session-log format's one definition: read by Loop's recorder and by loop-inspect.
    .target(name: "LoopSessionFormat"),
    // Atomic operations below `Synchronization.Atomic`'s floor (macOS 15, iOS 18).
    .target(name: "LoopAtomics"),
    .target(name: "LoopTesting", dependencies: ["Loop", "LoopTestingStartup"]),
    // Installs LoopTesting into Loop as the process loads (a C constructor).
    .target(name: "LoopTestingStartup"),
    .target(
      name: "MovieSearch", dependencies: ["Loop"], resources: [.copy("Resources/OMDb")]),
    .executableTarget(name: "movies", dependencies: ["Loop", "MovieSearch", "LoopInspector"]),
    // The inspector page, for recorded sessions (it reads a log's JSON and knows no app's
    // types) and for a running store (`store.inspect()`, served on 127.0.0.1).
    .target(name: "LoopInspector", dependencies: ["Loop", "LoopSessionFormat"]),
    .executableTarget(name: "loop-inspect", dependencies: ["LoopInspector"]),
    .executableTarget(
      name: "LoopBenchmarks",
      dependencies: ["Loop", "LoopTesting", "LoopInspector", "MovieSearch", "AllocationCounter"],
      path: "Benchmarks/LoopBenchmarks"
    ),
    // Counts the benchmark process's heap allocations (it replaces malloc on glibc).
    .target(name: "AllocationCounter", path: "Benchmarks/AllocationCounter"),
    .testTarget(
      name: "LoopTests",
      dependencies: ["Loop", "LoopTesting", "LoopSessionFormat", "LoopSharedFileWriter"],
      swiftSettings: testCode),
    // The crash test's child process: writes a shared file until it is killed.
    .executableTarget(
      name: "LoopSharedFileWriter", dependencies: ["Loop"], path: "Tests/SharedFileWriter"),
    .testTarget(
      name: "LoopTestingTests", dependencies: ["Loop", "LoopTesting"], swiftSettings: testCode),
    .testTarget(
      name: "LoopInspectorTests",
      dependencies: ["LoopInspector", "Loop", "LoopTesting", "MovieSearch"],
      swiftSettings: testCode),
    // The benchmark's reader of the compiler's statistics files (`--cold-build`), and the seeded
    // mutations LoopInspectorTests make of logs, compiled in by links: the benchmark executable
    // replaces malloc, so no test links it.
    .testTarget(
      name: "LoopBenchmarksTests", dependencies: ["LoopTesting"], swiftSettings: testCode),
    .testTarget(
      name: "MovieSearchTests",
      dependencies: ["MovieSearch", "LoopTesting", "LoopInspector", "movies"],
      resources: [.copy("Fixtures")], swiftSettings: testCode),
  ],
  swiftLanguageModes: [.v6]
)
