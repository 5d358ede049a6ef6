import Foundation

/// The JSON Lines format of a recorded session, version 2.
///
/// Line 1 is the header; every further line is one reduced action, or one event of an
/// effect's life:
///
/// ```text
/// {"format":"loop-session","initialState":{…},"name":"movies","states":true,"version":2}
/// {"action":{"queryChanged":{"_0":"batman"}},"offset":0.0004,"origin":"user","state":{…}}
/// {"cause":1,"effect":1,"event":"started","offset":0.0005}
/// {"action":{"searchResponse":{…}},"cause":1,"offset":0.31,"origin":"effect","state":{…}}
/// {"effect":1,"event":"finished","offset":0.31}
/// ```
///
/// - `offset`: seconds since recording began, when the action was reduced (or the event
///   happened).
/// - `origin`: `user` or `effect` (``ActionOrigin``).
/// - `cause`: on an action an effect sent, and on an effect's `started` event: the number of
///   the action (1 for the first after the header) whose reduce returned that effect.
/// - `effect`, `event`: an effect the store started as a task (a `.run`, or an effect built on
///   one), numbered from 1 in the order they start: `started`, then `finished` or `cancelled`.
/// - `action`, `state`, `initialState`: the values' own `Codable` encodings; the states are
///   there only when the recorder records them.
///
/// Version 1 (no `cause`, no effect lines) is read as it always was.
///
/// This is the format's one definition: the recorder and `SessionLog` write and read these
/// types, and `loop-inspect` (LoopInspector) reads the same names, version and limits from here.
package enum SessionLogFormat {
  package static let name = "loop-session"
  package static let version = 2
  /// The largest offset a log may give, in seconds: longer than any session runs.
  package static let maximumOffset = 1e9

  /// The field names of the lines, as the types below encode them (`SessionLogFormatTests`
  /// checks that they agree).
  package enum Field {
    package static let format = "format"
    package static let version = "version"
    package static let name = "name"
    package static let states = "states"
    package static let initialState = "initialState"
    package static let action = "action"
    package static let origin = "origin"
    package static let offset = "offset"
    package static let cause = "cause"
    package static let state = "state"
    package static let effect = "effect"
    package static let event = "event"
  }

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
