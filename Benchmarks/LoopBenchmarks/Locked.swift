import Foundation

/// A value behind a lock, for the benchmarks' bookkeeping across threads.
///
/// NB: Not Loop's `LockedState`, which is `package`: the benchmarks use only Loop's public
/// API, so that `Benchmarks/Outside` builds these same sources as an app's package would.
/// `NSLock` is a pthread mutex on Linux, which ThreadSanitizer understands (the stress run is
/// also run under it).
final class Locked<Value>: @unchecked Sendable {  // NB: `lock` guards `value`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

/// The benchmarks' random numbers: splitmix64, fixed by its seed, so every run sends the same
/// actions (the same sequence as LoopTesting's `SeededRandom`).
struct SeededNumbers: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
