/// Text from outside — OMDb's answers, a session log, the recent-searches file — made inert for
/// a terminal: every character a terminal would act on rather than show is written as its
/// escape, the way `Dump` writes it (`\u{1B}`), so a title cannot recolour, retitle or clear the
/// screen, move the cursor, or break a line of the table.
///
/// ```swift
/// TerminalText.inert("\u{1B}[31mRED")   // "\\u{1B}[31mRED", shown as typed
/// ```
///
/// Kept: line feeds (the app's own lines) and tabs. Escaped: the other C0 controls and DEL,
/// the C1 controls (U+0080–U+009F, which include a one-character CSI), the line and paragraph
/// separators, and the bidirectional overrides and isolates (which reorder what follows).
enum TerminalText {
  static func inert(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isActive) else { return text }
    var shown = ""
    shown.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if isActive(scalar) {
        shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        shown.unicodeScalars.append(scalar)
      }
    }
    return shown
  }

  private static func isActive(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: false
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x2028, 0x2029: true
    case 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
