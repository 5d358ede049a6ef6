import Foundation

/// The lines of a session log, read a chunk at a time so that a long log is never held whole.
///
/// ```swift
/// var lines = try LogLines(contentsOf: "session.jsonl")
/// while let line = try lines.next() { … lines.number … }
/// ```
///
/// Lines end at `\n` alone, the one terminator a recorder writes between lines: a string
/// holding U+2028 or U+0085 stays on its line, and a `\r` before the `\n` (a log saved on
/// Windows) is whitespace to JSON. Blank lines at the end are not lines (an editor may add one);
/// a blank line before another line is returned, and is an error to whoever parses it.
struct LogLines {
  /// The next chunk of the file, `nil` at its end.
  private let read: () throws(InspectorError) -> [UInt8]?
  private var buffer: [UInt8] = []
  private var start = 0
  private var isAtEnd = false
  /// Blank lines read ahead, and the line after them, not yet returned.
  private var blanksAhead = 0
  private var afterBlanks: (bytes: ArraySlice<UInt8>, isTerminated: Bool)?
  /// The number of the line `next()` returned last (the first is 1).
  private(set) var number = 0
  /// Whether the line `next()` returned last had no `\n` after it: the log ends in it.
  private(set) var lastIsUnterminated = false

  /// The lines of the file at `path`.
  init(contentsOf path: String) throws(InspectorError) {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw .file(path: path, detail: exists ? "cannot be read" : "no such file")
    }
    read = { () throws(InspectorError) -> [UInt8]? in
      do {
        guard let data = try handle.read(upToCount: 1 << 20), !data.isEmpty else { return nil }
        return [UInt8](data)
      } catch {
        throw .file(path: path, detail: "cannot be read")
      }
    }
  }

  /// The lines of `text`.
  init(text: String) {
    var bytes: [UInt8]? = Array(text.utf8)
    read = { () throws(InspectorError) -> [UInt8]? in
      defer { bytes = nil }
      return bytes
    }
  }

  /// The next line, without its `\n`; `nil` after the last.
  mutating func next() throws(InspectorError) -> ArraySlice<UInt8>? {
    if blanksAhead > 0 {
      blanksAhead -= 1
      return returning([], isTerminated: true)
    }
    if let held = afterBlanks {
      afterBlanks = nil
      return returning(held.bytes, isTerminated: held.isTerminated)
    }
    guard let line = try nextRaw() else { return nil }
    guard Self.isBlank(line.bytes) else {
      return returning(line.bytes, isTerminated: line.isTerminated)
    }
    // NB: Blank to the end of the file: no more lines. Else the blank line is returned (the
    // caller's parser names it), and the ones after it in turn.
    while let following = try nextRaw() {
      if Self.isBlank(following.bytes) {
        blanksAhead += 1
      } else {
        afterBlanks = following
        return returning([], isTerminated: true)
      }
    }
    blanksAhead = 0
    return nil
  }

  private mutating func returning(_ bytes: ArraySlice<UInt8>, isTerminated: Bool)
    -> ArraySlice<UInt8>
  {
    number += 1
    lastIsUnterminated = !isTerminated
    return bytes
  }

  private static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  /// The next line as the file has it, blank or not.
  private mutating func nextRaw() throws(InspectorError) -> (
    bytes: ArraySlice<UInt8>, isTerminated: Bool
  )? {
    while true {
      if let end = buffer[start...].firstIndex(of: 0x0A) {
        defer { start = end + 1 }
        return (buffer[start..<end], true)
      }
      if isAtEnd {
        guard start < buffer.count else { return nil }
        defer { start = buffer.count }
        return (buffer[start...], false)
      }
      guard let chunk = try read() else {
        isAtEnd = true
        continue
      }
      buffer.removeFirst(start)
      start = 0
      buffer.append(contentsOf: chunk)
    }
  }
}
