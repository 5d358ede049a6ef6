import Foundation

/// Why a recorded session could not be written or read. Each case that comes from a line of
/// the log names it (1 is the header).
///
/// ```swift
/// do {
///   let log = try SessionLog<AppState, AppAction>(contentsOf: url)
/// } catch {
///   print("replay: \(error)")   // "line 7: the action is not one this app has: …"
/// }
/// ```
public enum SessionLogError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The log has no lines at all.
  case empty
  /// The first line is not a Loop session header.
  case notASessionLog(line: Int)
  /// The log was written by a newer Loop, in a format this one does not read.
  case newerFormat(line: Int, version: Int, supported: Int)
  /// The last line ends before its JSON does: the recording was cut off.
  case truncatedLine(line: Int)
  /// The line is not valid JSON.
  case invalidJSON(line: Int, detail: String)
  /// The line's action does not decode as one of the app's actions: a case it does not have,
  /// or a payload of another shape.
  case unknownAction(line: Int, detail: String)
  /// The line's state does not decode as the app's state.
  case invalidState(line: Int, detail: String)
  /// The line is JSON but not an entry: a field is missing or of the wrong type.
  case invalidEntry(line: Int, detail: String)
  /// Replay needs a state to start from: the log recorded no states and none was given.
  case noInitialState
  /// The file could not be read or written.
  case file(path: String, detail: String)
  /// An action or state could not be encoded while recording.
  case encoding(entry: Int, detail: String)

  /// The line the error is about, if it is about one.
  public var line: Int? {
    switch self {
    case let .notASessionLog(line), let .newerFormat(line, _, _), let .truncatedLine(line),
      let .invalidJSON(line, _), let .unknownAction(line, _), let .invalidState(line, _),
      let .invalidEntry(line, _):
      line
    case .empty, .noInitialState, .file, .encoding: nil
    }
  }

  /// One line for people: `line 7: the action is not one this app has (…)`.
  public var description: String {
    switch self {
    case .empty:
      "the log is empty: a session log starts with a header line"
    case let .notASessionLog(line):
      "line \(line): not a Loop session log (the header line is missing)"
    case let .newerFormat(line, version, supported):
      "line \(line): format version \(version) is newer than this Loop reads (\(supported));"
        + " replay it with a newer Loop"
    case let .truncatedLine(line):
      "line \(line): the line is cut off (the recording ended mid-line)"
    case let .invalidJSON(line, detail):
      "line \(line): not valid JSON (\(detail))"
    case let .unknownAction(line, detail):
      "line \(line): the action is not one this app has (\(detail))"
    case let .invalidState(line, detail):
      "line \(line): the state does not decode as this app's state (\(detail))"
    case let .invalidEntry(line, detail):
      "line \(line): not a session entry (\(detail))"
    case .noInitialState:
      "the log holds no states, so replay needs the state to start from (initialState:)"
    case let .file(path, detail):
      "\(path): \(detail)"
    case let .encoding(entry, detail):
      "entry \(entry) could not be recorded (\(detail))"
    }
  }
}
