import Foundation

/// The bytes the user types, as chunks: standard input read on a thread of its own, so a
/// blocking `read` never holds the main actor.
struct KeyInput: Sendable {
  var chunks: @Sendable () -> AsyncStream<[UInt8]>
  var isTerminal: Bool

  static let standard = KeyInput(
    chunks: {
      AsyncStream { continuation in
        let thread = Thread {
          var buffer = [UInt8](repeating: 0, count: 1024)
          while true {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            continuation.yield(Array(buffer[0..<count]))
          }
          continuation.finish()
        }
        thread.start()
      }
    },
    isTerminal: isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1)
}
