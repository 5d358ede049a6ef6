#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where Loop sends a runtime warning: a misuse that is not fatal, such as an action for a
/// child whose state is gone, or an error an effect threw with no `catch:` handler.
///
/// By default a warning is written to standard error. A test (or an app that wants warnings in
/// its own log) can route them for the duration of an operation:
///
/// ```swift
/// await RuntimeWarnings.$handler.withValue({ message in logger.warning("\(message)") }) {
///   await store.send(.load).finish()
/// }
/// ```
public enum RuntimeWarnings {
  /// The function that receives runtime warnings in the current task; `nil` writes them to
  /// standard error.
  @TaskLocal public static var handler: (@Sendable (String) -> Void)?
}

/// Reports a runtime warning through ``RuntimeWarnings/handler``.
@usableFromInline
package func reportRuntimeWarning(_ message: String) {
  if let handler = RuntimeWarnings.handler {
    handler(message)
  } else {
    var line = "[Loop] warning: \(message)\n"
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  }
}
