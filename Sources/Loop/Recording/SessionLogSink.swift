import Foundation

/// Where a ``SessionRecorder`` writes its lines: a file, memory, or any function.
///
/// ```swift
/// let recorder = SessionRecorder<State, Action>(to: try .file(url))
/// let buffer = SessionLogBuffer()
/// let inMemory = SessionRecorder<State, Action>(to: .buffer(buffer))
/// ```
@MainActor
public struct SessionLogSink {
  let write: @MainActor (String) throws -> Void

  /// A sink that hands each line (without its newline) to `write`.
  public init(_ write: @escaping @MainActor (String) throws -> Void) {
    self.write = write
  }

  /// A sink that writes to the file at `url`, created or emptied now; each line is written as
  /// it is recorded, so a session cut short keeps every line before the cut.
  public static func file(_ url: URL) throws(SessionLogError) -> SessionLogSink {
    guard FileManager.default.createFile(atPath: url.path, contents: nil),
      let handle = try? FileHandle(forWritingTo: url)
    else {
      throw .file(path: url.path, detail: "cannot be created for writing")
    }
    return SessionLogSink { line in
      try handle.write(contentsOf: Data((line + "\n").utf8))
    }
  }

  /// A sink that keeps the lines in `buffer`.
  public static func buffer(_ buffer: SessionLogBuffer) -> SessionLogSink {
    SessionLogSink { buffer.lines.append($0) }
  }
}

/// A session log kept in memory, for a live history or a test.
///
/// ```swift
/// let buffer = SessionLogBuffer()
/// store.record(to: SessionRecorder(to: .buffer(buffer)))
/// store.send(.increment)
/// let log = try SessionLog<State, Action>(text: buffer.text)
/// ```
@MainActor
public final class SessionLogBuffer {
  /// The lines written so far, header first.
  public internal(set) var lines: [String] = []

  /// Creates an empty buffer.
  public init() {}

  /// The log as JSON Lines text.
  public var text: String { lines.map { $0 + "\n" }.joined() }
}
