import Foundation

/// Puts the terminal in a mode where each key arrives at once, unechoed, with Control-C as a
/// byte, and restores it afterwards.
struct TerminalMode {
  private var saved = termios()
  private var isActive = false

  /// Switches standard input to key-at-a-time mode and the screen to the alternate buffer.
  mutating func enter() {
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(ICRNL | IXON)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return }
    isActive = true
    FileHandle.standardOutput.write(Data("\u{1B}[?1049h".utf8))
  }

  /// Restores what ``enter()`` changed.
  mutating func leave() {
    guard isActive else { return }
    isActive = false
    FileHandle.standardOutput.write(Data("\u{1B}[?1049l".utf8))
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
  }
}
