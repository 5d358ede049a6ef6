// swift-tools-version: 6.2
// Loop measured as an app's package sees it: a separate package that depends on Loop by path
// and uses only its public API. `swift run -c release --package-path Benchmarks/Outside`.
import PackageDescription

let package = Package(
  name: "LoopOutsideBenchmarks",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  dependencies: [.package(name: "Loop", path: "../..")],
  targets: [
    .executableTarget(
      name: "LoopOutsideBenchmarks",
      dependencies: [.product(name: "Loop", package: "Loop")])
  ],
  swiftLanguageModes: [.v6]
)
