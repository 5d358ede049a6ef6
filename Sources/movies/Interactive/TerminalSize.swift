import Foundation

/// The terminal's size in character cells, which the interactive screen is laid out to fit.
struct TerminalSize: Equatable, Sendable, Codable {
  var columns: Int
  var rows: Int

  /// The size of the terminal on standard output, or `nil` when it is not a terminal.
  static func current() -> TerminalSize? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return nil }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }
}
