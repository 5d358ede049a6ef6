import Foundation

/// A seeded random number generator (SplitMix64), for model-based tests and benchmarks: the
/// same seed gives the same numbers on every run and platform, so a failing sequence can be
/// replayed from its seed.
///
/// ```swift
/// var random = SeededRandom(seed: 42)
/// let step = Int.random(in: 0..<6, using: &random)
/// ```
package struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// The seeds a model test runs: `0..<count`, or the first tenth of them when the environment
  /// variable `LOOP_SEEDED_RUNS` is `tenth` (any other value but `all` is reported on standard
  /// error and runs them all).
  ///
  /// CI runs the whole suite once with every seed, then again on the other runtime paths and
  /// under ThreadSanitizer with a tenth: those runs look for what a path or a race changes, and
  /// a model test spends its time replaying sequences on one thread.
  ///
  /// ```swift
  /// for seed in SeededRandom.seeds(2_000) {
  ///   var random = SeededRandom(seed: seed)
  ///   // … a random sequence, checked against the plain computation
  /// }
  /// ```
  package static func seeds(_ count: Int) -> Range<UInt64> {
    0..<UInt64(runsATenth ? max(1, count / 10) : count)
  }

  /// Whether `LOOP_SEEDED_RUNS` asks for a tenth of the seeds, read once.
  private static let runsATenth: Bool = {
    switch ProcessInfo.processInfo.environment["LOOP_SEEDED_RUNS"] {
    case nil, "", "all": return false
    case "tenth": return true
    case let other?:
      FileHandle.standardError.write(
        Data("LOOP_SEEDED_RUNS=\(other) is not tenth or all: every seed runs\n".utf8))
      return false
    }
  }()

  /// A generator whose numbers are fixed by `seed`.
  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
