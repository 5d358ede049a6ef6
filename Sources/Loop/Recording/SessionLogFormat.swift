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
enum SessionLogFormat {
  static let name = "loop-session"
  static let version = 2

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
