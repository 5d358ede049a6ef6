import Foundation
import LoopSessionFormat

/// The types the recorder writes and `SessionLog` reads, one per kind of line of the session-log
/// format (`LoopSessionFormat`'s `SessionLogFormat` defines its names, version and limits).
extension SessionLogFormat {
  /// Line 1. Read back after ``HeaderProbe`` has checked the format and version; a reader
  /// needs nothing else in it (a recorder writes every field).
  struct Header<State> {
    var format = SessionLogFormat.name
    var version = SessionLogFormat.version
    var name: String?
    var states: Bool?
    var initialState: State?
  }

  /// A line for one reduced action.
  struct Entry<Action, State> {
    var origin: ActionOrigin
    var offset: Double
    var action: Action
    var cause: Int?
    /// The seconds the action's reduce took.
    var reduce: Double?
    var state: State?
  }

  /// A line for one event of an effect's life.
  struct EffectEvent: Codable {
    var effect: Int
    var event: SessionLogEffect.Event
    var cause: Int?
    var offset: Double
  }

  /// Any line after the header, as read: an action (`action` set) or an effect's event
  /// (`event` set).
  struct Line<Action, State> {
    var action: Action?
    var origin: ActionOrigin?
    var offset: Double
    var cause: Int?
    var state: State?
    var effect: Int?
    var event: SessionLogEffect.Event?
  }

  /// What a reader first checks on line 1, before it knows the log is one it can read.
  struct HeaderProbe: Decodable {
    var format: String?
    var version: Int?
    var name: String?
    var states: Bool?
  }

  /// Stands for the state in a log read without its states: decodes from anything.
  struct Skipped: Codable {
    init() {}
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {}
  }

  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// One line of a log: `value` as JSON, with every line terminator inside a string escaped.
  ///
  /// `JSONEncoder` escapes `\n`, `\r` and the other control characters, but writes U+0085,
  /// U+2028 and U+2029 as they are; a reader that splits lines on any of them (an editor, a
  /// browser's script, `Character.isNewline`) would cut a string in two. Outside a string,
  /// JSON has none of them, so each is escaped wherever it is.
  static func line(_ encoder: JSONEncoder, _ value: some Encodable) throws -> String {
    let data = try encoder.encode(value)
    // NB: In UTF-8 the three are C2 85, E2 80 A8 and E2 80 A9: a line with neither lead byte
    // (most lines) is returned as it is, without a second pass over its scalars.
    guard data.contains(where: { $0 == 0xC2 || $0 == 0xE2 }) else {
      return String(decoding: data, as: UTF8.self)
    }
    var escaped = ""
    escaped.reserveCapacity(data.count + 12)
    for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
      switch scalar {
      case "\u{85}": escaped += "\\u0085"
      case "\u{2028}": escaped += "\\u2028"
      case "\u{2029}": escaped += "\\u2029"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// The lines of a log's `text`, split on `\n` alone — the one terminator a recorder writes
  /// between lines — without the blank lines at its end (an editor may add one); and whether
  /// the text ended with a line terminator (a recording cut off mid-line does not).
  ///
  /// A line written on Windows ends in `\r\n`: the `\r` stays, and JSON reads it as
  /// whitespace.
  static func lines(of text: String) -> (lines: [Substring], isTerminated: Bool) {
    var lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map {
      Substring($0)
    }
    var isTerminated = false
    while let last = lines.last, last.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
      lines.removeLast()
      isTerminated = true
    }
    return (lines, isTerminated)
  }
}

extension SessionLogFormat.Header: Encodable where State: Encodable {}
extension SessionLogFormat.Header: Decodable where State: Decodable {}
extension SessionLogFormat.Entry: Encodable where Action: Encodable, State: Encodable {}
extension SessionLogFormat.Line: Decodable where Action: Decodable, State: Decodable {}

extension Duration {
  /// The duration in seconds, as a session log writes offsets.
  package var inSeconds: Double {
    // NB: `components` (macOS 13), not `Duration.attoseconds` (macOS 15).
    let (whole, fraction) = components
    return Double(whole) + Double(fraction) / 1e18
  }
}
