import Foundation
import LoopSessionFormat

/// A recorded session, read back: its header and one entry per reduced action.
///
/// ```swift
/// let log = try SessionLog<AppState, AppAction>(contentsOf: url)
/// let replay = try log.replay(reducer: appReducer, environment: .unimplemented)
/// if let divergence = replay.divergence { print(divergence) }
/// ```
///
/// Reading is strict and never crashes: a cut-off line, invalid JSON, an action the app does
/// not have, a newer format — each is a ``SessionLogError`` naming the line.
public struct SessionLog<State, Action> {
  /// The name the recorder gave.
  public var name: String
  /// The state recording began from, if the log holds states.
  public var initialState: State?
  /// The reduced actions, in order.
  public var entries: [Entry]
  /// The effects the store started, in the order they started (format 2; none in a log of
  /// format 1).
  public var effects: [SessionLogEffect] = []

  /// One reduced action.
  public struct Entry {
    /// The line of the log it is on (the header is line 1).
    public var line: Int
    /// Its number among the actions, from 1: what ``cause`` and ``SessionLogEffect/cause``
    /// name.
    public var number: Int
    /// Who sent it.
    public var origin: ActionOrigin
    /// For an action an effect sent: the number of the action whose reduce returned that
    /// effect. `nil` for an action sent from outside the store, and in a log of format 1.
    public var cause: Int?
    /// When it was reduced, from the start of the recording.
    public var offset: Duration
    /// The action.
    public var action: Action
    /// The state after it, if the log holds states.
    public var state: State?
  }

  /// Reads a log whose states decode as `Recorded`, kept as `keep` says.
  static func read<Recorded: Decodable>(
    _ text: String, action: Action.Type, state: Recorded.Type,
    keep: (Recorded?) -> State?
  ) throws(SessionLogError) -> SessionLog where Action: Decodable {
    let (lines, isTerminated) = SessionLogFormat.lines(of: text)
    guard !lines.isEmpty else { throw .empty }
    let decoder = JSONDecoder()
    func decode<T: Decodable>(_ type: T.Type, line index: Int) throws(SessionLogError) -> T {
      do {
        // NB: Each line's shared values with equal keys are one (see `SharedDecoding`).
        decoder.userInfo[SharedDecoding.key] = SharedDecoding()
        return try decoder.decode(type, from: Data(lines[index].utf8))
      } catch {
        throw classify(
          error, line: index + 1, text: lines[index],
          isCutOff: !isTerminated && index == lines.count - 1)
      }
    }
    _ = try SessionLogHeader(line: lines[0], isCutOff: lines.count == 1 && !isTerminated)
    let header = try decode(SessionLogFormat.Header<Recorded>.self, line: 0)
    var log = SessionLog(
      name: header.name ?? "", initialState: keep(header.initialState), entries: [])
    log.entries.reserveCapacity(lines.count - 1)
    var effectIndex: [Int: Int] = [:]
    for index in lines.indices.dropFirst() {
      let line = try decode(SessionLogFormat.Line<Action, Recorded>.self, line: index)
      // NB: A log may be edited by hand: a number out of range is an error naming the line,
      // never a trap (`Duration.seconds(1e300)` traps).
      guard (0...SessionLogFormat.maximumOffset).contains(line.offset) else {
        throw .invalidEntry(
          line: index + 1,
          detail: "offset: \(line.offset) is not a time in the recording (0 to 1e9 seconds)")
      }
      let offset = Duration.seconds(line.offset)
      if let cause = line.cause, cause < 1 || cause > log.entries.count {
        throw .invalidEntry(
          line: index + 1,
          detail: "cause: \(cause) names no action before this line (1 to \(log.entries.count))")
      }
      if let action = line.action {
        guard let origin = line.origin else {
          throw .invalidEntry(line: index + 1, detail: "origin: missing")
        }
        log.entries.append(
          Entry(
            line: index + 1, number: log.entries.count + 1, origin: origin, cause: line.cause,
            offset: offset, action: action, state: keep(line.state)))
      } else if let event = line.event, let id = line.effect {
        try log.add(event, of: id, cause: line.cause, at: offset, line: index + 1, &effectIndex)
      } else {
        throw .invalidEntry(line: index + 1, detail: "action: missing")
      }
    }
    return log
  }

  /// Adds an effect's `event` to ``effects``.
  private mutating func add(
    _ event: SessionLogEffect.Event, of id: Int, cause: Int?, at offset: Duration, line: Int,
    _ index: inout [Int: Int]
  ) throws(SessionLogError) {
    switch (event, index[id]) {
    case (.started, nil):
      guard let cause else { throw .invalidEntry(line: line, detail: "cause: missing") }
      index[id] = effects.count
      effects.append(SessionLogEffect(id: id, cause: cause, started: offset))
    case (.started, _?):
      throw .invalidEntry(line: line, detail: "effect \(id) started twice")
    case (_, let position?) where effects[position].outcome == nil:
      effects[position].ended = offset
      effects[position].outcome = event
    case (_, _?):
      throw .invalidEntry(line: line, detail: "effect \(id) ended twice")
    case (_, nil):
      throw .invalidEntry(line: line, detail: "effect \(id) ended but never started")
    }
  }

  /// The error for a line that did not decode, named by where in the line it failed.
  private static func classify(
    _ error: any Error, line: Int, text: Substring, isCutOff: Bool
  ) -> SessionLogError {
    guard let error = error as? DecodingError else {
      return .invalidEntry(line: line, detail: "\(error)")
    }
    let context: DecodingError.Context
    switch error {
    case let .dataCorrupted(found), let .keyNotFound(_, found), let .typeMismatch(_, found),
      let .valueNotFound(_, found):
      context = found
    @unknown default:
      return .invalidEntry(line: line, detail: "\(error)")
    }
    let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    if case .dataCorrupted = error, path.isEmpty {
      return isCutOff
        ? .truncatedLine(line: line)
        : .invalidJSON(line: line, detail: context.debugDescription)
    }
    let detail: String
    if case let .keyNotFound(key, _) = error {
      detail = "\((path + [key.stringValue]).joined(separator: ".")): missing"
    } else {
      detail = "\(path.joined(separator: ".")): \(context.debugDescription)"
    }
    switch path.first {
    case "action":
      if let unknown = unknownCase(in: text, at: context.codingPath) {
        return .unknownAction(
          line: line, detail: "\(path.joined(separator: ".")): no case \(unknown)")
      }
      return .unknownAction(line: line, detail: detail)
    case "state", "initialState": return .invalidState(line: line, detail: detail)
    default: return .invalidEntry(line: line, detail: detail)
    }
  }

  /// The case names an enum's synthesized `Codable` found at `codingPath` in the line — the
  /// keys of the object there — when that is why it failed: the app has no such case.
  private static func unknownCase(in text: Substring, at codingPath: [any CodingKey]) -> String? {
    guard var value = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { return nil }
    for key in codingPath {
      if let index = key.intValue, let array = value as? [Any], array.indices.contains(index) {
        value = array[index]
      } else if let object = value as? [String: Any], let next = object[key.stringValue] {
        value = next
      } else {
        return nil
      }
    }
    guard let object = value as? [String: Any], !object.isEmpty else { return nil }
    return object.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
  }
}

extension SessionLog where State: Decodable, Action: Decodable {
  /// Reads a log from its JSON Lines text, states included.
  ///
  /// - Throws: ``SessionLogError``, naming the line.
  public init(text: String) throws(SessionLogError) {
    self = try Self.read(text, action: Action.self, state: State.self, keep: { $0 })
  }

  /// Reads the log in the file at `url`, states included.
  public init(contentsOf url: URL) throws(SessionLogError) {
    try self.init(text: SessionLogHeader.text(contentsOf: url))
  }
}

extension SessionLog where Action: Decodable {
  /// Reads a log's actions only, for a state that is not `Decodable`.
  @_disfavoredOverload
  public init(text: String) throws(SessionLogError) {
    self = try Self.read(
      text, action: Action.self, state: SessionLogFormat.Skipped.self, keep: { _ in nil })
  }

  /// Reads the actions of the log in the file at `url`.
  @_disfavoredOverload
  public init(contentsOf url: URL) throws(SessionLogError) {
    try self.init(text: SessionLogHeader.text(contentsOf: url))
  }
}

extension SessionLog: Sendable where State: Sendable, Action: Sendable {}
extension SessionLog.Entry: Sendable where State: Sendable, Action: Sendable {}
extension SessionLog: Equatable where State: Equatable, Action: Equatable {}
extension SessionLog.Entry: Equatable where State: Equatable, Action: Equatable {}
