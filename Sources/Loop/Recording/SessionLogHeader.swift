import Foundation
import LoopSessionFormat

/// The first line of a session log, read on its own: which app recorded it, in which format,
/// and whether it holds states — for a tool that picks the reducer to replay by the log's name.
///
/// ```swift
/// switch try SessionLogHeader(text: text).name {
/// case "app.settings": try replaySettings(text)
/// default: try replayApp(text)
/// }
/// ```
public struct SessionLogHeader: Sendable, Equatable {
  /// The name the recorder gave.
  public var name: String
  /// The format version the log was written in.
  public var version: Int
  /// Whether the log holds the state after each action.
  public var recordsStates: Bool

  /// The text of the session log in the file at `url`: what to pass to `init(text:)`, or to
  /// a `SessionLog`. A missing file, one that cannot be read, and one that is not UTF-8 text
  /// each throw ``SessionLogError/file(path:detail:)`` saying which.
  ///
  /// ```swift
  /// let text = try SessionLogHeader.text(contentsOf: url)
  /// let header = try SessionLogHeader(text: text)
  /// ```
  public static func text(contentsOf url: URL) throws(SessionLogError) -> String {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      let exists = FileManager.default.fileExists(atPath: url.path)
      throw .file(path: url.path, detail: exists ? "cannot be read" : "no such file")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw .file(path: url.path, detail: "not UTF-8 text, so not a session log")
    }
    return text
  }

  /// Reads the header of the log `text`.
  ///
  /// - Throws: ``SessionLogError/empty``, ``SessionLogError/notASessionLog(line:)``,
  ///   ``SessionLogError/newerFormat(line:version:supported:)`` or
  ///   ``SessionLogError/truncatedLine(line:)``.
  public init(text: String) throws(SessionLogError) {
    guard !text.isEmpty else { throw .empty }
    // NB: Lines end at "\n" alone (see `SessionLogFormat.lines(of:)`); a "\r" before it, from
    // an editor on Windows, is whitespace to JSON.
    let end = text.utf8.firstIndex(of: 0x0A) ?? text.endIndex
    try self.init(line: text[..<end], isCutOff: end == text.endIndex)
  }

  /// Reads line 1, `line`; `isCutOff` when no newline followed it (the recording ended there).
  init(line: Substring, isCutOff: Bool) throws(SessionLogError) {
    guard
      let probe = try? JSONDecoder().decode(
        SessionLogFormat.HeaderProbe.self, from: Data(line.utf8))
    else {
      throw isCutOff ? .truncatedLine(line: 1) : .notASessionLog(line: 1)
    }
    guard probe.format == SessionLogFormat.name, let version = probe.version else {
      throw .notASessionLog(line: 1)
    }
    guard version <= SessionLogFormat.version else {
      throw .newerFormat(line: 1, version: version, supported: SessionLogFormat.version)
    }
    self.name = probe.name ?? ""
    self.version = version
    self.recordsStates = probe.states ?? false
  }
}
