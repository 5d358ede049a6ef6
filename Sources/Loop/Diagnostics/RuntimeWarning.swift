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
/// await RuntimeWarnings.$handler.withValue({ message in logger.warning("\(message)") }) {
///   await store.send(.load).finish()
/// }
/// ```
///
/// The handler in scope when an action is sent receives every warning that action leads to:
/// from its reduce, from the effects it starts, and from the actions those effects send back,
/// however much later they run.
public enum RuntimeWarnings {
  /// The function that receives runtime warnings raised by what is sent in the current task;
  /// `nil` writes them to standard error.
  @TaskLocal public static var handler: (@Sendable (String) -> Void)?
}

/// Reports a runtime warning through `handler` if given, else ``RuntimeWarnings/handler``,
/// else to standard error.
@usableFromInline
package func reportRuntimeWarning(
  handler: (@Sendable (String) -> Void)? = nil, _ message: String
) {
  if let handler = handler ?? RuntimeWarnings.handler {
    handler(message)
    return
  }
  var line = "[Loop] warning: \(message)\n"
  line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  #if canImport(os)
    os_log(.fault, "%{public}@", message)
  #endif
}
