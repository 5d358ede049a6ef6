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

    typealias CodingKeys = EntryCodingKeys
  }

  /// The keys of an entry's members, what `Codable` would make: named so that
  /// ``SessionLineEncoder/entryLine(origin:offset:action:cause:reduce:state:includingState:)``
  /// gives the action and the state the coding paths an entry's own encoding gives them. Not
  /// nested in the generic ``Entry``: its keys would then be generic too, and a recorded line
  /// would look up their metadata and witness table (about 700 instructions a line).
  enum EntryCodingKeys: String, CodingKey {
    case origin, offset, action, cause, reduce, state
  }

  /// A line for a jump a live inspector made: the store set to the state after action `jump`.
  struct Jump<State> {
    var jump: Int
    var offset: Double
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
extension SessionLogFormat.Jump: Encodable where State: Encodable {}
extension SessionLogFormat.Line: Decodable where Action: Decodable, State: Decodable {}

extension Duration {
  /// The duration in seconds, as a session log writes offsets.
  package var inSeconds: Double {
    // NB: `components` (macOS 13), not `Duration.attoseconds` (macOS 15).
    let (whole, fraction) = components
    return Double(whole) + Double(fraction) / 1e18
  }
}
