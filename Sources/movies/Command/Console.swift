import Foundation

/// Where the app writes: standard output for results, standard error for notices and errors.
struct Console: Sendable {
  var write: @Sendable (String) -> Void
  var writeError: @Sendable (String) -> Void

  /// The process's standard output and error.
  static let standard = Console(
    write: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
    writeError: { text in FileHandle.standardError.write(Data(text.utf8)) })

  /// Writes a line of text; whatever in it came from outside is shown, never acted on by the
  /// terminal (``TerminalText``).
  func line(_ text: String) { write(TerminalText.inert(text) + "\n") }
  func errorLine(_ text: String) { writeError(TerminalText.inert(text) + "\n") }
}
