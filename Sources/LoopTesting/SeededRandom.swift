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
  /// error and runs them all); one at a time, with a yield before each (see ``Seeds``).
  ///
  /// CI runs the whole suite once with every seed, then again on the other runtime paths and
  /// under ThreadSanitizer with a tenth: those runs look for what a path or a race changes, and
  /// a model test spends its time replaying sequences on one thread.
  ///
  /// ```swift
  /// for await seed in SeededRandom.seeds(2_000) {
  ///   var random = SeededRandom(seed: seed)
  ///   // … a random sequence, checked against the plain computation
  /// }
  /// ```
  package static func seeds(_ count: Int) -> Seeds {
    Seeds(0..<UInt64(runsATenth ? max(1, count / 10) : count))
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

/// The seeds of a model test, given one at a time: before each, the test gives way with
/// `Task.yield()`, so the work of the other tests that share its actor or its threads runs
/// between seeds.
///
/// Tests run in parallel, and a `@MainActor` test shares one main actor with every other: a
/// run of thousands of seeds without a suspension holds it for minutes under ThreadSanitizer on
/// a loaded machine, and every test waiting on an effect's hop back to the main actor waits that
/// long — long enough for their time limits to fail them. So a loop over seeds is a `for await`,
/// and a model test is `async`.
///
/// ```swift
/// for await seed in SeededRandom.seeds(500) { … }
/// ```
package struct Seeds: AsyncSequence, Sendable {
  package typealias Element = UInt64
  package typealias Failure = Never

  private let range: Range<UInt64>

  init(_ range: Range<UInt64>) { self.range = range }

  /// How many seeds there are.
  package var count: Int { range.count }

  package func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(next: range.lowerBound, end: range.upperBound)
  }

  /// Gives the seeds in order, yielding on the caller's actor before each.
  package struct AsyncIterator: AsyncIteratorProtocol {
    var next: UInt64
    let end: UInt64

    package mutating func next(isolation actor: isolated (any Actor)?) async -> UInt64? {
      guard next < end else { return nil }
      await Task.yield()
      defer { next += 1 }
      return next
    }

    package mutating func next() async -> UInt64? { await next(isolation: nil) }
  }
}
