// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Loop",
  platforms: [.macOS(.v26), .iOS(.v26), .tvOS(.v26), .watchOS(.v26), .visionOS(.v26)],
  products: [
    .library(name: "Loop", targets: ["Loop"]),
    .library(name: "LoopTesting", targets: ["LoopTesting"]),
    .library(name: "MovieSearch", targets: ["MovieSearch"]),
    .executable(name: "movies", targets: ["movies"]),
    .executable(name: "loop-benchmarks", targets: ["LoopBenchmarks"]),
  ],
  targets: [
    .target(name: "Loop"),
    .target(name: "LoopTesting", dependencies: ["Loop"]),
    .target(
      name: "MovieSearch", dependencies: ["Loop"], resources: [.copy("Resources/OMDb")]),
    .executableTarget(name: "movies", dependencies: ["Loop", "MovieSearch"]),
    .executableTarget(
      name: "LoopBenchmarks",
      dependencies: ["Loop", "LoopTesting", "AllocationCounter"],
      path: "Benchmarks/LoopBenchmarks"
    ),
    // Counts the benchmark process's heap allocations (it replaces malloc on glibc).
    .target(name: "AllocationCounter", path: "Benchmarks/AllocationCounter"),
    .testTarget(name: "LoopTests", dependencies: ["Loop", "LoopTesting"]),
    .testTarget(name: "LoopTestingTests", dependencies: ["Loop", "LoopTesting"]),
    .testTarget(
      name: "MovieSearchTests", dependencies: ["MovieSearch", "LoopTesting", "movies"],
      resources: [.copy("Fixtures")]),
  ],
  swiftLanguageModes: [.v6]
)
