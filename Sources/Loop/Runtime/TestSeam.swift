/// Everything LoopTesting changes in Loop's runtime, in one value: the runtime reads it here,
/// in one place, and knows nothing else of tests.
///
/// LoopTesting installs one as the process loads (``install(_:)``, once; a later one is
/// ignored). In an app nothing is installed: each question below is answered by one atomic
/// load that finds nothing, and the runtime does what it does without tests.
///
/// ```swift
/// TestSeam.install(TestSeam(
///   effectContext: { currentTest?.effectContext },     // where a store made now runs its effects
///   sharedRegistry: { currentTest?.registry },          // the current test's shared values
///   reportFailure: { message, place in Issue.record(…) },
///   routesCurrentTask: { routing.owns(currentTask) }))  // counted jobs, below the fast path
/// ```
///
/// A test store also passes its store an ``EffectContext`` explicitly, as it makes it; the seam
/// answers for a plain `Store` made inside a test.
@usableFromInline
package final class TestSeam: Sendable {
  /// The context of the test the current task runs, for a store made now (see
  /// ``EffectContext``); `nil` outside a test's task.
  package let effectContext: @Sendable () -> EffectContext?
  /// The registry of the current test's shared values (see ``SharedRegistry``); `nil` outside
  /// a test.
  package let sharedRegistry: @Sendable () -> SharedRegistry?
  /// Records a failure of the test running now, at a place (an `unimplemented` endpoint
  /// called).
  package let reportFailure: @Sendable (String, SourcePlace) -> Void
  /// Whether the current task's jobs are routed to counted main-queue jobs: the task is a
  /// test's work, on the portable or executor path (see `startsAsCountedJob`).
  package let routesCurrentTask: @Sendable () -> Bool
  /// While a test store runs an assertion closure, the values its shared values have there
  /// (``SharedOverlay``); main thread only, set for the span of one synchronous closure.
  @usableFromInline nonisolated(unsafe) var sharedOverlay: SharedOverlay?

  package init(
    effectContext: @escaping @Sendable () -> EffectContext?,
    sharedRegistry: @escaping @Sendable () -> SharedRegistry?,
    reportFailure: @escaping @Sendable (String, SourcePlace) -> Void,
    routesCurrentTask: @escaping @Sendable () -> Bool
  ) {
    self.effectContext = effectContext
    self.sharedRegistry = sharedRegistry
    self.reportFailure = reportFailure
    self.routesCurrentTask = routesCurrentTask
  }

  /// Installs `seam` for the life of the process, unless one is installed (then nothing
  /// changes: the seam is installed once).
  package static func install(_ seam: TestSeam) {
    let bits = Int(bitPattern: Unmanaged.passRetained(seam).toOpaque())
    guard !word.compareExchange(at: 0, expected: 0, desired: bits).exchanged else { return }
    Unmanaged.passUnretained(seam).release()
  }

  /// The installed seam; `nil` in an app.
  @usableFromInline
  static var installed: TestSeam? {
    // NB: Retained once by `install` and never released: the seam lives as long as the
    // process, so an unretained reference to it is always valid.
    guard let pointer = UnsafeRawPointer(bitPattern: word.load(0)) else { return nil }
    return Unmanaged<TestSeam>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// The overlay in place, if a test store runs an assertion closure now; main thread only.
  @usableFromInline
  static var overlay: SharedOverlay? { installed?.sharedOverlay }

  /// Where the installed seam is, as an `Unmanaged` pointer's bits: 0 until installed.
  private static let word = AtomicWords(count: 1)
}
