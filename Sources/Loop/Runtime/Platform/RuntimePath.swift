#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which of Loop's three runtime paths this process takes, by what the operating system has:
///
/// - **fast** (macOS, iOS, tvOS, watchOS and visionOS 26): effects start as immediate child
///   tasks, and a store's own waits prefer ``MainActorTaskExecutor``;
/// - **executor** (macOS 15.4, iOS 18.4, tvOS 18.4, watchOS 11.4, visionOS 2.4, up to 26): a
///   store's own waits prefer ``MainActorTaskExecutor``, and effects start as ordinary
///   main-actor child tasks;
/// - **portable** (down to the Observation floor: macOS 14, iOS 17, tvOS 17, watchOS 10,
///   visionOS 1): neither.
///
/// Every path keeps every documented behaviour; the faster ones save thread hops. The
/// environment variable `LOOP_RUNTIME_PATH` (`portable`, `executor` or `fast`) forces a path
/// no faster than the OS allows, so the test suite and the benchmarks can run each on one
/// machine; `LOOP_PORTABLE_RUNTIME=1` is `LOOP_RUNTIME_PATH=portable`. They are read once, the
/// first time a store asks.
///
/// Every use of a newer API is spelled `if #available(macOS 26, iOS 26, tvOS 26, watchOS 26,
/// visionOS 26, *), RuntimePath.isFast` or `if #available(macOS 15.4, iOS 18.4, tvOS 18.4,
/// watchOS 11.4, visionOS 2.4, *), RuntimePath.prefersMainActorExecutor`, so
/// `scripts/check-availability` sees the guard.
@usableFromInline
package enum RuntimePath {
  /// A runtime path, fastest first.
  @usableFromInline
  package enum Choice: Sendable {
    case fast, executor, portable
  }

  /// The path the environment asks for: the fastest the OS allows (`fast`) unless a variable
  /// slows it.
  @usableFromInline
  static let asked: Choice = asked(
    portableRuntime: getenv("LOOP_PORTABLE_RUNTIME").map { String(cString: $0) },
    runtimePath: getenv("LOOP_RUNTIME_PATH").map { String(cString: $0) })

  /// The path the variables `LOOP_PORTABLE_RUNTIME` and `LOOP_RUNTIME_PATH` ask for:
  /// `LOOP_PORTABLE_RUNTIME=1` is the portable path, whatever the other says; an unknown path
  /// is reported on standard error and ignored.
  static func asked(portableRuntime: String?, runtimePath: String?) -> Choice {
    if portableRuntime == "1" { return .portable }
    switch runtimePath {
    case nil, "", "fast": return .fast
    case "executor": return .executor
    case "portable": return .portable
    case let other?:
      reportRuntimeWarning(
        handler: .standardError,
        "LOOP_RUNTIME_PATH=\(other) is not a runtime path (portable, executor or fast): ignored")
      return .fast
    }
  }

  /// Whether the portable path was asked for (`LOOP_RUNTIME_PATH=portable` or
  /// `LOOP_PORTABLE_RUNTIME=1`).
  package static var isForcedPortable: Bool { asked == .portable }

  /// Whether the fast path's APIs may be used, once `#available(… 26 …)` has said they exist.
  @inlinable
  package static var isFast: Bool { asked == .fast }

  /// Whether a store's own waits may prefer ``MainActorTaskExecutor``, once
  /// `#available(macOS 15.4, …)` has said task executor preferences exist: the executor path
  /// and the fast path.
  @inlinable
  package static var prefersMainActorExecutor: Bool { asked != .portable }

  /// Whether this process takes the fast path: the OS has its APIs and it was not forced off.
  package static var isFastPathAvailable: Bool {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), isFast {
      return true
    }
    return false
  }

  /// The path this process takes, for diagnostics and the benchmarks' header.
  package static var name: String {
    if isFastPathAvailable { return "fast" }
    if #available(macOS 15.4, iOS 18.4, tvOS 18.4, watchOS 11.4, visionOS 2.4, *),
      prefersMainActorExecutor
    {
      return "executor"
    }
    return "portable"
  }
}
