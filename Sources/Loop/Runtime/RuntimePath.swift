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

  /// Whether LoopTesting routes the current task's jobs from the global executor to its
  /// counted main-queue jobs: the task is a test's work, on the portable path (see
  /// LoopTesting's `GlobalJobRouting`).
  ///
  /// Then a child task it starts on the main actor starts with a job of the global executor,
  /// which is routed and counted, rather than as a job of the main actor's own, which nothing
  /// counts. Costs one atomic load where nothing is routed.
  @usableFromInline
  package static var routesCurrentTask: Bool {
    guard routing.load(0) != 0 else { return false }
    return isRouted()
  }

  @usableFromInline
  static func isRouted() -> Bool {
    routedTask.withLock { $0 }?.isRouted() ?? false
  }

  /// Installs LoopTesting's answer to ``routesCurrentTask`` while it routes jobs, or removes it
  /// (`nil`) when it stops.
  package static func setRouting(_ routesCurrentTask: (@Sendable () -> Bool)?) {
    routedTask.withLock { $0 = routesCurrentTask.map(RoutedTask.init) }
    routing.store(routesCurrentTask == nil ? 0 : 1, at: 0)
  }

  // NB: The closure is boxed: a closure stored in a `LockedState` as an optional function is
  // reabstracted on every `withLock` that reads it through `inout`, one thunk deeper each time,
  // until a call overflows the stack (Swift 6.3.1).
  private static let routedTask = LockedState<RoutedTask?>(nil)

  private final class RoutedTask: Sendable {
    let isRouted: @Sendable () -> Bool
    init(_ isRouted: @escaping @Sendable () -> Bool) { self.isRouted = isRouted }
  }
  private static let routing = AtomicWords(count: 1)
}
