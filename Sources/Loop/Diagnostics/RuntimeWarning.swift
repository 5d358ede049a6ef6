#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(os)
  import os
#endif

/// Where Loop sends a runtime warning: a misuse that is not fatal, such as an action for a
/// child whose state is gone, or an error an effect threw with no `catch:` handler.
///
/// By default a warning is written to standard error (and, on Apple platforms, logged as a
/// fault). Inside a `TestStore` it is a test failure. An app or a test that wants warnings
/// elsewhere sets a handler around the sends whose warnings it wants:
///
/// ```swift
/// await RuntimeWarnings.withHandler({ message in logger.warning("\(message)") }) {
///   await store.send(.load).finish()
/// }
/// ```
///
/// The handler in scope when an action is sent receives every warning that action leads to:
/// from its reduce, from the effects it starts, and from the actions those effects send back,
/// however much later they run. It is bound to the current task (a task-local value), so
/// concurrent tests never share one.
public enum RuntimeWarnings {
  /// Runs `operation` with `handler` receiving the runtime warnings of everything it sends.
  ///
  /// - Parameters:
  ///   - handler: Receives each warning's text; `nil` restores standard error.
  ///   - operation: The work whose warnings `handler` receives.
  public static func withHandler<Result>(
    _ handler: (@Sendable (String) -> Void)?, operation: () throws -> Result
  ) rethrows -> Result {
    try $current.withValue(Handler(handler), operation: operation)
  }

  /// Runs the async `operation` with `handler` receiving the runtime warnings of everything it
  /// sends, including from effects that outlive `operation`.
  public static func withHandler<Result>(
    _ handler: (@Sendable (String) -> Void)?,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await $current.withValue(Handler(handler), operation: operation)
  }

  /// Runs `operation` with `handler`, made once and kept, as the current task's handler: a
  /// test store binds one per line that sends, not one per send.
  package static func withHandler<Result>(
    _ handler: Handler, operation: () throws -> Result
  ) rethrows -> Result {
    try $current.withValue(handler, operation: operation)
  }

  /// Where a warning goes: a handler, or standard error (`report` is `nil`).
  @usableFromInline
  package final class Handler: Sendable {
    let report: (@Sendable (String) -> Void)?
    package init(_ report: (@Sendable (String) -> Void)?) { self.report = report }

    /// Standard error, shared.
    static let standardError = Handler(nil)

    /// Where warnings go in the current task: a handler bound with `withHandler` (or by Loop),
    /// else standard error.
    static var current: Handler { RuntimeWarnings.current ?? .standardError }

    /// Whether warnings go to standard error.
    @usableFromInline var isStandardError: Bool { report == nil }

    /// Runs `body` with this handler as the current task's.
    @usableFromInline
    func bind(isolation: isolated (any Actor)? = #isolation, _ body: () async -> Void) async {
      await RuntimeWarnings.$current.withValue(self, operation: body)
    }
  }

  // NB: A class, never a function: a task-local of function type crashes optimised builds
  // when bound (Swift 6.3.1, Linux; `swift_task_localValuePush` is handed no type metadata).
  // That is why the public `$handler` task-local Loop once had is gone.
  /// The handler bound by ``withHandler(_:operation:)-(_,()->Result)`` or by Loop itself.
  @TaskLocal static var current: Handler?
}

/// Reports a runtime warning to `handler` if given, else where the current task's warnings go.
@usableFromInline
package func reportRuntimeWarning(handler: RuntimeWarnings.Handler? = nil, _ message: String) {
  if let report = (handler ?? .current).report {
    report(message)
    return
  }
  var line = "[Loop] warning: \(message)\n"
  line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  #if canImport(os)
    // NB: `Logger` (macOS 11, iOS 14), within Loop's floor; `os_log` would need `String` as a
    // `CVarArg`, which only Foundation's overlay provides. Reviewed, not built here.
    Logger(subsystem: "Loop", category: "runtime-warning").fault("\(message, privacy: .public)")
  #endif
}
