import Foundation

/// The JSON Lines format of a recorded session, version 1.
///
/// Line 1 is the header; every further line is one reduced action:
///
/// ```text
/// {"format":"loop-session","initialState":{…},"name":"movies","states":true,"version":1}
/// {"action":{"queryChanged":{"_0":"batman"}},"offset":0.0004,"origin":"user","state":{…}}
/// ```
///
/// - `offset`: seconds since recording began, when the action was reduced.
/// - `origin`: `user` or `effect` (``ActionOrigin``).
/// - `action`, `state`, `initialState`: the values' own `Codable` encodings; the states are
///   there only when the recorder records them.
enum SessionLogFormat {
  static let name = "loop-session"
  static let version = 1

  /// Line 1. Read back after ``HeaderProbe`` has checked the format and version; a reader
  /// needs nothing else in it (a recorder writes every field).
  struct Header<State> {
    var format = SessionLogFormat.name
    var version = SessionLogFormat.version
    var name: String?
    var states: Bool?
    var initialState: State?
  }

  /// Every further line: one reduced action.
  struct Entry<Action, State> {
    var origin: ActionOrigin
    var offset: Double
    var action: Action
    var state: State?
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
extension SessionLogFormat.Entry: Decodable where Action: Decodable, State: Decodable {}

extension Duration {
  /// The duration in seconds, as a session log writes offsets.
  package var inSeconds: Double {
    // NB: `components` (macOS 13), not `Duration.attoseconds` (macOS 15).
    let (whole, fraction) = components
    return Double(whole) + Double(fraction) / 1e18
  }
}
