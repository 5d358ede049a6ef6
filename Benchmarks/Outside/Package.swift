// swift-tools-version: 6.2
// Loop measured as an app's package sees it: a separate package that depends on Loop by path
// and uses only its public API.
//
//   swift run -c release --package-path Benchmarks/Outside outside-loop-benchmarks
//   swift run -c release --package-path Benchmarks/Outside LoopOutsideBenchmarks
//
// The first is every loop-benchmarks workload: `Sources/OutsideLoopBenchmarks` and
// `Sources/OutsideAllocationCounter` are links to `Benchmarks/LoopBenchmarks` and
// `Benchmarks/AllocationCounter`, built here as an app builds them (under other names: target
// names are unique across a package graph). The second is #29's comparisons: the parent-level
// forEach against the routing-only one, and per-row optional stores.
import PackageDescription

let package = Package(
  name: "LoopOutsideBenchmarks",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .executable(name: "outside-loop-benchmarks", targets: ["OutsideLoopBenchmarks"]),
    .executable(name: "LoopOutsideBenchmarks", targets: ["LoopOutsideBenchmarks"]),
  ],
  dependencies: [.package(name: "Loop", path: "../..")],
  targets: [
    .executableTarget(
      name: "LoopOutsideBenchmarks",
      dependencies: [.product(name: "Loop", package: "Loop")]),
    .executableTarget(
      name: "OutsideLoopBenchmarks",
      dependencies: [
        .product(name: "Loop", package: "Loop"),
        .product(name: "LoopTesting", package: "Loop"),
        "OutsideAllocationCounter",
      ],
      swiftSettings: [.define("LOOP_OUTSIDE_PACKAGE")]),
    .target(name: "OutsideAllocationCounter"),
  ],
  swiftLanguageModes: [.v6]
)
