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
      var inspection = try SessionInspection(log: read(input), file: input)
      if let replay {
        inspection.compare(with: try SessionInspection(log: read(replay), file: replay))
      }
      let destination = output ?? defaultOutput(for: input)
      let html = InspectorPage.html(for: inspection)
      do {
        try Data(html.utf8).write(to: URL(fileURLWithPath: destination), options: .atomic)
      } catch {
        throw .file(path: destination, detail: "cannot be written (\(error.localizedDescription))")
      }
      var summary = "\(inspection.steps.count) actions, \(inspection.effects.count) effects"
      if let line = inspection.cutOffLine {
        summary += "; the recording ends in the middle of line \(line), shown up to the line before"
      }
      if let divergence = inspection.divergence {
        summary +=
          "; the replay differs from the recording "
          + (divergence.step == 0 ? "in its initial state" : "after action #\(divergence.step)")
      }
      print("Wrote \(destination) (\(summary)). Open it in a browser.")
      return 0
    } catch {
      return fail(error.description)
    }
  }

  /// `session.jsonl` → `session.html`, beside it.
  static func defaultOutput(for input: String) -> String {
    let url = URL(fileURLWithPath: input)
    return url.deletingPathExtension().appendingPathExtension("html").path
  }

  static func read(_ path: String) throws(InspectorError) -> String {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      let exists = FileManager.default.fileExists(atPath: path)
      throw .file(path: path, detail: exists ? "cannot be read" : "no such file")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw .file(path: path, detail: "not UTF-8 text, so not a session log")
    }
    return text
  }

  private static func fail(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("loop-inspect: \(message)\n".utf8))
    return 1
  }
}
