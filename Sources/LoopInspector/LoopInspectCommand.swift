import Foundation

/// `loop-inspect`: reads a session log and writes its inspector page.
///
/// ```sh
/// swift run loop-inspect session.jsonl                            # writes session.html
/// swift run loop-inspect session.jsonl --replay replayed.jsonl    # opens where they differ
/// swift run loop-inspect session.jsonl --output /tmp/page.html
/// ```
public enum LoopInspectCommand {
  static let usage = """
    usage: loop-inspect <session.jsonl> [--replay <replayed.jsonl>] [--output <page.html>]

    Writes one self-contained HTML page (no network, no other file) showing the recorded
    session: every action, who sent it, what it changed, the state at each step, the effects.
    Given --replay, a log of the same session replayed (expectReplay writes one when a replay
    diverges), the page opens at the first step whose states differ, both side by side.
    """

  /// Runs the command with `arguments`; returns the exit status. Output goes to standard
  /// output, errors to standard error.
  public static func run(_ arguments: [String]) -> Int32 {
    var input: String?
    var replay: String?
    var output: String?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--replay", "--output":
        guard let value = remaining.popFirst() else {
          return fail("\(argument) needs a path\n\n\(usage)")
        }
        if argument == "--replay" { replay = value } else { output = value }
      case "-h", "--help":
        print(usage)
        return 0
      default:
        guard input == nil, !argument.hasPrefix("-") else {
          return fail("unexpected \(argument)\n\n\(usage)")
        }
        input = argument
      }
    }
    guard let input else { return fail(usage) }
    do throws(InspectorError) {
      let destination = output ?? defaultOutput(for: input)
      let (_, summary) = try writePage(of: input, replay: replay, to: destination)
      print("Wrote \(destination) (\(summary)). Open it in a browser.")
      return 0
    } catch {
      return fail(error.description)
    }
  }

  /// Reads the log at `input` (and the replay at `replay`) a line at a time and writes its page
  /// to `destination` as it goes: memory holds one state and the page's last megabyte, never
  /// the log. The page is written beside `destination` and moved there when whole, so a
  /// failure leaves no half page. Returns how many actions the page shows, and what it
  /// shows in a phrase.
  package static func writePage(of input: String, replay: String?, to destination: String)
    throws(InspectorError) -> (actions: Int, summary: String)
  {
    var reader = try SessionReader(lines: LogLines(contentsOf: input), file: input)
    var replayReader = try replay.map { path throws(InspectorError) in
      try SessionReader(lines: LogLines(contentsOf: path), file: path)
    }
    var comparison = replayReader.map {
      ReplayComparison(recorded: reader.initialState, replayed: $0.initialState)
    }
    /// The replay's next state, if it has one.
    func nextReplayed() throws(InspectorError) -> JSONValue? {
      while let _ = try replayReader?.nextStep() {
        if let state = replayReader?.lastState { return state }
      }
      return nil
    }
    let url = URL(fileURLWithPath: destination)
    let partial = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).partial")
    guard FileManager.default.createFile(atPath: partial.path, contents: nil),
      let handle = try? FileHandle(forWritingTo: partial)
    else {
      throw .file(path: destination, detail: "cannot be written")
    }
    var isWhole = false
    defer {
      try? handle.close()
      if !isWhole { try? FileManager.default.removeItem(at: partial) }
    }
    var steps = 0
    var page = ""
    page.reserveCapacity(1 << 21)
    try InspectorPage.write(
      file: input, name: reader.name, version: reader.version,
      initialState: reader.initialState,
      steps: { () throws(InspectorError) -> SessionReader.Step? in
        guard let step = try reader.nextStep() else { return nil }
        steps += 1
        if comparison != nil, let state = reader.lastState {
          let replayed = try nextReplayed()
          comparison?.next(recorded: state, replayed: replayed)
        }
        return step
      },
      ending: { () throws(InspectorError) -> InspectorPage.Ending in
        if comparison != nil {
          while let replayed = try nextReplayed() {
            comparison?.next(recorded: nil, replayed: replayed)
          }
          comparison?.end()
        }
        return InspectorPage.Ending(
          effects: reader.effects, cutOffLine: reader.cutOffLine,
          divergence: comparison?.divergence)
      }, to: &page,
      flush: { (text: String) throws(InspectorError) in
        do {
          try handle.write(contentsOf: Data(text.utf8))
        } catch {
          throw .file(
            path: destination, detail: "cannot be written (\(error.localizedDescription))")
        }
      })
    do {
      try handle.close()
    } catch {
      throw .file(path: destination, detail: "cannot be written (\(error.localizedDescription))")
    }
    // NB: rename(2) replaces a page already there in one step; Foundation's replaceItemAt
    // fails on Linux when the two are in one folder.
    guard rename(partial.path, destination) == 0 else {
      throw .file(
        path: destination, detail: "cannot be written (\(String(cString: strerror(errno))))")
    }
    isWhole = true
    var summary = "\(steps) actions, \(reader.effects.count) effects"
    if let line = reader.cutOffLine {
      summary += "; the recording ends in the middle of line \(line), shown up to the line before"
    }
    if let divergence = comparison?.divergence {
      summary +=
        "; the replay differs from the recording "
        + (divergence.step == 0 ? "in its initial state" : "after action #\(divergence.step)")
    }
    return (steps, summary)
  }

  /// `session.jsonl` → `session.html`, beside it.
  static func defaultOutput(for input: String) -> String {
    let url = URL(fileURLWithPath: input)
    return url.deletingPathExtension().appendingPathExtension("html").path
  }

  private static func fail(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("loop-inspect: \(message)\n".utf8))
    return 1
  }
}
