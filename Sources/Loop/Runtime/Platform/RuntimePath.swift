#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which of Loop's two runtime paths this process takes: the **fast** one, on operating systems
/// that have immediate child tasks and task executor preferences (macOS, iOS, tvOS, watchOS and
/// visionOS 26), or the **portable** one everywhere else down to the Observation floor (macOS 14,
/// iOS 17, tvOS 17, watchOS 10, visionOS 1).
///
/// Both paths keep every documented behaviour; the fast one saves thread hops. Setting the
/// environment variable `LOOP_PORTABLE_RUNTIME=1` forces the portable path where the fast one
/// is available, so the test suite and the benchmarks can run both on one machine. It is read
/// once, the first time a store starts an effect.
///
/// Every use of a newer API is spelled `if #available(macOS 26, iOS 26, tvOS 26, watchOS 26,
/// visionOS 26, *), RuntimePath.isFast`, so `scripts/check-availability` sees the guard.
@usableFromInline
package enum RuntimePath {
  /// Whether the portable path was asked for (`LOOP_PORTABLE_RUNTIME=1`).
  @usableFromInline
  package static let isForcedPortable: Bool = {
    guard let value = getenv("LOOP_PORTABLE_RUNTIME") else { return false }
    return String(cString: value) == "1"
  }()

  /// Whether newer APIs may be used, once `#available` has said they exist.
  @inlinable
  package static var isFast: Bool { !isForcedPortable }

  /// Whether this process takes the fast path: the OS has its APIs and it was not forced off.
  package static var isFastPathAvailable: Bool {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), isFast {
      return true
    }
    return false
  }

  /// The path this process takes, for diagnostics and the benchmarks' header.
  package static var name: String { isFastPathAvailable ? "fast" : "portable" }
}
