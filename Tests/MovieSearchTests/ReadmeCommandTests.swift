import Foundation
import LoopTesting
import Testing

/// Every `movies` command the README shows runs as printed, offline, and succeeds; the
/// messages for a search that finds nothing say what was asked and what to try.
@Suite("The README's movies commands, run as printed", .hangBackstop)
struct ReadmeCommandTests {
  static let readme = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("README.md")

  /// The command lines in the README's backticks that start with `movies` or `swift run
  /// movies`, as argument lists: all but the interactive one (no arguments) and the ones that
  /// need a key.
  static func commands() throws -> [[String]] {
    let text = try String(contentsOf: readme, encoding: .utf8)
    var commands: [[String]] = []
    for piece in text.split(separator: "`", omittingEmptySubsequences: false).map(String.init) {
      var words = piece.split(separator: " ").map(String.init)
      if words.starts(with: ["swift", "run"]) { words.removeFirst(2) }
      guard words.first == "movies", words.count > 1, !piece.contains("OMDB_API_KEY"),
        !piece.contains("…"), !piece.contains("<")
      else { continue }
      commands.append(Array(words.dropFirst()))
    }
    return commands
  }

  @Test("the README shows the commands this test runs")
  func found() throws {
    let commands = try Self.commands()
    #expect(commands.contains(["batman"]))
    #expect(commands.contains(["batman", "--page", "2", "--type", "movie"]))
    #expect(commands.contains(["--details", "tt0372784"]))
    #expect(commands.contains(["--replay", "session.jsonl"]))
  }

  @Test("each exits 0 offline; --record comes before --replay, in a folder of its own")
  func eachRuns() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("readme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let all = try Self.commands()
    let commands = all.filter { $0.contains("--record") } + all.filter { !$0.contains("--record") }
    for command in commands {
      let arguments = command.map {
        $0 == "session.jsonl" ? folder.appendingPathComponent($0).path : $0
      }
      let output = try await MoviesProcess.run(arguments)
      #expect(
        output.status == 0, "movies \(command.joined(separator: " ")): \(output.standardError)")
    }
  }

  @Test(
    "a search that finds nothing names the filter, and the pages there are",
    arguments: [
      (
        ["batman", "--page", "2", "--type", "series"],
        #"movies: no page 2 for "batman" (series only): it has 1 page (2 results); try --page 1"#
      ),
      (
        ["batman", "--page", "9"],
        #"movies: no page 9 for "batman": it has 2 pages (20 results); try --page 1"#
      ),
      (
        ["batman", "--type", "episode"], #"movies: no episode matches "batman"; try without --type"#
      ),
      (["zzzzqqq"], #"movies: no title matches "zzzzqqq""#),
    ])
  func notFound(arguments: [String], message: String) async throws {
    let output = try await MoviesProcess.run(arguments)
    #expect(output.status == 1)
    #expect(
      output.standardError
        == "movies: searching the offline catalog (OMDB_API_KEY is not set)\n\(message)\n")
  }
}
