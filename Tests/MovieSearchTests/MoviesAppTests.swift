import Foundation
import LoopTesting
import Testing

@Suite("The movies app, run as a process", .hangBackstop)
struct MoviesAppTests {
  static let key = "APP-SECRET-9931"

  func liveEnvironment(_ server: LoopbackServer) -> [String: String] {
    ["OMDB_API_KEY": Self.key, "OMDB_BASE_URL": server.baseURL.absoluteString]
  }

  @Test("movies batman, offline: ten rows, Batman Begins first, the page line, the credit")
  func offlineSearch() async throws {
    let output = try await MoviesProcess.run(["batman"])
    #expect(output.status == 0)
    let lines = output.standardOutput.split(separator: "\n")
    #expect(lines.count == 13)  // ten rows, a header, the page line, the credit
    #expect(
      lines.first
        == "  #  Title                                           Year       Type     IMDb ID")
    #expect(
      lines[1]
        == "  1  Batman Begins                                   2005       movie    tt0372784")
    #expect(lines.contains("page 1 of 2 (20 results)"))
    #expect(lines.last == "Data: OMDb API (omdbapi.com)")
    #expect(
      output.standardError == "movies: searching the offline catalog (OMDB_API_KEY is not set)\n")
  }

  @Test("searches are kept between runs, offline too: movies --recent lists them, newest first")
  func recentSearchesKept() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("movies-recent-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let state = ["MOVIES_STATE_DIR": folder.path]
    let none = try await MoviesProcess.run(["--recent"], environment: state)
    #expect(none.standardOutput == "No recent searches.\n")
    _ = try await MoviesProcess.run(["batman"], environment: state)
    _ = try await MoviesProcess.run(["--offline", "star", "wars"], environment: state)
    _ = try await MoviesProcess.run(["batman"], environment: state)
    let recent = try await MoviesProcess.run(["--recent"], environment: state)
    #expect(recent.status == 0)
    #expect(recent.standardOutput == "1. batman\n2. star wars\n")
    let file = try String(
      contentsOf: folder.appendingPathComponent("recent-searches.json"), encoding: .utf8)
    #expect(file == "[\n  \"batman\",\n  \"star wars\"\n]")
  }

  @Test("movies --details tt0372784, offline, shows Christopher Nolan")
  func offlineDetails() async throws {
    let output = try await MoviesProcess.run(["--details", "tt0372784"])
    #expect(output.status == 0)
    #expect(
      output.standardOutput.hasPrefix(
        "Batman Begins (2005)\nmovie · PG-13 · 2 h 20 min · Action, Crime, Drama\n"))
    #expect(output.standardOutput.contains("\nDirector: Christopher Nolan\n"))
  }

  @Test("live: --page and --type reach OMDb, with the key, and the page line counts OMDb's results")
  func liveSearch() async throws {
    let server = try LoopbackServer { _ in .json(200, Fixtures.batmanPage2) }
    defer { server.stop() }
    let output = try await MoviesProcess.run(
      ["batman", "--page", "2", "--type", "movie"], environment: liveEnvironment(server))
    #expect(output.status == 0)
    #expect(
      server.requests.map(\.parameters) == [
        ["s": "batman", "page": "2", "type": "movie", "apikey": Self.key]
      ])
    #expect(output.standardOutput.contains(" 11  Batman: The Killing Joke "))
    #expect(output.standardOutput.contains("\npage 2 of 34 (338 results)\n"))
    #expect(output.standardError == "movies: searching OMDb at \(server.baseURL.absoluteString)\n")
  }

  @Test(
    "live failures: one clear line on stderr, exit status 1, never the key",
    arguments: [
      (
        LoopbackServer.Reply.json(401, #"{"Response":"False","Error":"Invalid API key!"}"#),
        "movies: OMDb rejected the API key: check OMDB_API_KEY"
      ),
      (
        .json(200, #"{"Response":"False","Error":"Movie not found!"}"#),
        #"movies: no title matches "batman""#
      ),
      (
        .json(200, #"{"Response":"False","Error":"Request limit reached!"}"#),
        "movies: the API key's daily request limit is reached (a free key allows 1,000 a day)"
      ),
      (.json(500, "oops"), "movies: the server answered with HTTP status 500"),
      (
        .json(200, "<html>\(key)</html>"),
        #"movies: the response is not OMDb's shape: the body is not JSON (28 bytes, starting "<html>•••</h")"#
      ),
      (
        .truncated(status: 200, body: Data(#"{"Search":[]}"#.utf8), sentBytes: 5),
        "movies: the connection closed before the whole response arrived"
      ),
    ])
  func liveFailures(reply: LoopbackServer.Reply, message: String) async throws {
    let server = try LoopbackServer { _ in reply }
    defer { server.stop() }
    let output = try await MoviesProcess.run(["batman"], environment: liveEnvironment(server))
    #expect(output.status == 1)
    #expect(output.standardOutput == "")
    let lines = output.standardError.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.last == message)
    #expect(!output.standardError.contains(Self.key))
  }

  @Test("a title holding terminal controls is shown, never acted on: the table and the replay")
  func hostileTitles() async throws {
    let hostile = #"\u001b[31mRED\u001b]0;pwned\u0007\u009b2J\u2028\u202eevil"#
    let body =
      #"{"Search":[{"Title":""# + hostile
      + #"","Year":"2005","imdbID":"tt0372784","Type":"movie","Poster":"N/A"}],"totalResults":"1","Response":"True"}"#
    let server = try LoopbackServer { _ in .json(200, body) }
    defer { server.stop() }
    let folder = try TemporaryFolder()
    let log = folder.url.appendingPathComponent("hostile.jsonl").path
    let live = try await MoviesProcess.run(
      ["--record", log, "batman"], environment: liveEnvironment(server))
    #expect(live.status == 0)
    let replayed = try await MoviesProcess.run(["--replay", log])
    #expect(replayed.status == 0)
    for output in [live.standardOutput, replayed.standardOutput] {
      for active in ["\u{1B}", "\u{07}", "\u{9B}", "\u{2028}", "\u{202E}"] {
        #expect(!output.contains(active))
      }
      #expect(output.contains(#"\u{1B}[31mRED\u{1B}]0;pwned\u{7}\u{9B}2J\u{2028}\u{202E}evil"#))
    }
  }

  @Test("an unknown id is one line and status 1")
  func unknownID() async throws {
    let output = try await MoviesProcess.run(["--details", "tt0000000"])
    #expect(output.status == 1)
    #expect(output.standardError.hasSuffix("movies: no title has the IMDb id \"tt0000000\"\n"))
  }

  @Test(
    "a bad command line is one line and status 2",
    arguments: [
      (
        ["--page", "0", "batman"],
        #"movies: --page must be a number from 1 to 100, not "0" (see movies --help)"#
      ),
      (
        ["--type", "podcast", "x"],
        #"movies: --type must be movie, series or episode, not "podcast" (see movies --help)"#
      ),
      (["--frobnicate"], "movies: unknown option --frobnicate (see movies --help)"),
      (["--details"], "movies: --details needs a value (see movies --help)"),
      (
        ["--details", "tt1", "batman"],
        "movies: --details takes an IMDb id and no search words (see movies --help)"
      ),
      (
        ["--replay", "s.jsonl", "batman"],
        "movies: --replay takes a session file and nothing else to do (see movies --help)"
      ),
      (["--record"], "movies: --record needs a value (see movies --help)"),
      (
        ["--inspect", "batman"],
        "movies: --inspect watches the interactive mode: give no search words (see movies --help)"
      ),
      (
        ["--inspect=80x"],
        #"movies: --inspect=PORT needs a port from 0 to 65535, not "80x" (see movies --help)"#
      ),
      (
        ["--inspect", "--record", "s.jsonl"],
        "movies: --inspect records the session itself: use --record or --inspect (see movies --help)"
      ),
    ])
  func usageErrors(arguments: [String], message: String) async throws {
    let output = try await MoviesProcess.run(arguments)
    #expect(output.status == 2)
    #expect(output.standardError == message + "\n")
  }

  @Test("OMDB_BASE_URL must be an http address")
  func badBaseURL() async throws {
    let output = try await MoviesProcess.run(
      ["batman"], environment: ["OMDB_API_KEY": Self.key, "OMDB_BASE_URL": "ftp://mirror"])
    #expect(output.status == 2)
    #expect(
      output.standardError
        == #"movies: OMDB_BASE_URL must be an http or https address, not "ftp://mirror" (see movies --help)"#
        + "\n")
  }

  @Test("--offline wins over a key")
  func offlineFlag() async throws {
    let server = try LoopbackServer { _ in .json(500, "") }
    defer { server.stop() }
    let output = try await MoviesProcess.run(
      ["batman", "--offline"], environment: liveEnvironment(server))
    #expect(output.status == 0)
    #expect(server.requests.isEmpty)
    #expect(output.standardError == "movies: searching the offline catalog (--offline)\n")
  }

  @Test("--help documents the commands, the environment and the credit")
  func help() async throws {
    let output = try await MoviesProcess.run(["--help"])
    #expect(output.status == 0)
    for text in [
      "--page N", "--type", "--details", "--offline", "OMDB_API_KEY", "OMDB_BASE_URL", "q to quit",
      "Data: OMDb API (omdbapi.com)",
    ] {
      #expect(output.standardOutput.contains(text), "\(text)")
    }
  }

  @Test("--inspect prints its address on 127.0.0.1, with a token, and the app runs as before")
  func inspect() async throws {
    let output = try await MoviesProcess.run(["--inspect"], input: "batman\nq\n")
    #expect(output.status == 0)
    let address = output.standardError.split(separator: "\n").first {
      $0.hasPrefix("Loop inspector: ")
    }
    #expect(address?.hasPrefix("Loop inspector: http://127.0.0.1:") == true)
    #expect(
      address?.wholeMatch(of: /Loop inspector: http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{32}/)
        != nil)
    #expect(output.standardOutput.contains("  1  Batman Begins "))
  }

  @Test("interactive, from a pipe: search, page, open a row, go back, quit")
  func interactiveFromPipe() async throws {
    let output = try await MoviesProcess.run([], input: "batman\nn\n7\n\np\nq\n")
    #expect(output.status == 0)
    let screens = output.standardOutput.components(
      separatedBy: "movies · offline catalog · Data: OMDb API (omdbapi.com)\n"
    )
    .filter { !$0.isEmpty }
    #expect(screens.count == 6)
    #expect(screens[0].contains("Type a title to search."))
    #expect(screens[1].contains("  1  Batman Begins "))
    #expect(screens[1].contains("page 1 of 2 (20 results) · results 1–10"))
    #expect(screens[2].contains("  7  Batman: Gotham Knight "))
    #expect(screens[3].contains("Batman: Gotham Knight (2008)"))
    #expect(screens[4].contains("page 2 of 2 (20 results) · results 11–20"))
    #expect(screens[5].contains("page 1 of 2 (20 results)"))
  }

  @Test("the interactive mode keeps its searches, and lists them before the first key")
  func interactiveRecentSearches() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("movies-recent-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let state = ["MOVIES_STATE_DIR": folder.path]
    _ = try await MoviesProcess.run(["star", "wars"], environment: state)
    let typed = try await MoviesProcess.run([], environment: state, input: "batman\nq\n")
    #expect(typed.status == 0)
    let recent = try await MoviesProcess.run(["--recent"], environment: state)
    #expect(recent.standardOutput == "1. batman\n2. star wars\n")
    // Before the first key the screen lists them; a number picks one and searches it.
    let picked = try await MoviesProcess.run([], environment: state, input: "2\nq\n")
    let screens = picked.standardOutput.components(
      separatedBy: "movies · offline catalog · Data: OMDb API (omdbapi.com)\n"
    )
    .filter { !$0.isEmpty }
    #expect(
      screens.first?.contains(
        "Type a title to search, or a number for a recent search:\n  1. batman\n  2. star wars\n")
        == true)
    #expect(screens.last?.contains("Search: star wars\n") == true)
    #expect(screens.last?.contains("Star Wars") == true)
    let after = try await MoviesProcess.run(["--recent"], environment: state)
    #expect(after.standardOutput == "1. star wars\n2. batman\n")
  }

  @Test("--record then --replay: the replay prints each step and shows the same results")
  func recordThenReplay() async throws {
    let folder = try TemporaryFolder()
    let log = folder.url.appendingPathComponent("batman.jsonl").path
    let recorded = try await MoviesProcess.run(["--record", log, "batman"])
    #expect(recorded.status == 0)
    let replayed = try await MoviesProcess.run(["--replay", log])
    #expect(replayed.status == 0)
    #expect(replayed.standardError == "")
    let output = replayed.standardOutput
    #expect(
      output.hasPrefix(
        "Replaying a movies search session: 2 actions, no network, no clock. "
          + "(Before: −, After: +)\n\n#1 · line 2 · user · "))
    #expect(output.contains(" s · MoviesFeature.Action.searchSubmitted(page: 1)\n"))
    #expect(output.contains("\n#2 · line 4 · effect of #1 · "))
    #expect(output.contains("\n+   isLoading: true,\n"))
    #expect(output.hasSuffix(recorded.standardOutput))
  }

  @Test(
    "replaying a missing log, a renamed action or Windows line endings: each says what it is")
  func replayMessages() async throws {
    let folder = try TemporaryFolder()
    let missing = folder.url.appendingPathComponent("missing.jsonl")
    let absent = try await MoviesProcess.run(["--replay", missing.path])
    #expect(absent.status == 1)
    #expect(absent.standardError == "movies: \(missing.path): no such file\n")

    let log = folder.url.appendingPathComponent("batman.jsonl")
    #expect(try await MoviesProcess.run(["--record", log.path, "batman"]).status == 0)
    let text = try String(contentsOf: log, encoding: .utf8)
    let recorded = try await MoviesProcess.run(["--replay", log.path])

    let windows = folder.url.appendingPathComponent("windows.jsonl")
    try Data(text.replacing("\n", with: "\r\n").appending("\r\n").utf8).write(to: windows)
    let crlf = try await MoviesProcess.run(["--replay", windows.path])
    #expect(crlf.status == 0)
    #expect(crlf.standardOutput == recorded.standardOutput)

    let renamed = folder.url.appendingPathComponent("renamed.jsonl")
    try Data(text.replacing("\"searchSubmitted\"", with: "\"searchSent\"").utf8).write(to: renamed)
    let unknown = try await MoviesProcess.run(["--replay", renamed.path])
    #expect(unknown.status == 1)
    #expect(
      unknown.standardError
        == "movies: \(renamed.path): line 2: the action is not one this app has (action: no case \"searchSent\")\n"
    )
  }

  @Test("a corrupted session log: exit status 1 and one line naming the line")
  func corruptedReplay() async throws {
    let folder = try TemporaryFolder()
    let log = folder.url.appendingPathComponent("batman.jsonl")
    #expect(try await MoviesProcess.run(["--record", log.path, "batman"]).status == 0)
    var lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
    lines[1] = lines[1].dropLast(7)
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: log)
    let replayed = try await MoviesProcess.run(["--replay", log.path])
    #expect(replayed.status == 1)
    #expect(replayed.standardOutput == "")
    #expect(
      replayed.standardError
        == "movies: \(log.path): line 2: not valid JSON (The given data was not valid JSON.)\n")

    try Data((lines.dropLast().joined(separator: "\n") + "\n" + lines[2].prefix(40)).utf8)
      .write(to: log)
    let cut = try await MoviesProcess.run(["--replay", log.path])
    #expect(cut.status == 1)
    #expect(cut.standardError.hasPrefix("movies: \(log.path): line 2: "))
    #expect(cut.standardError.split(separator: "\n").count == 1)
  }

  @Test("--record to a place that cannot be written: one line, status 1, nothing searched")
  func unwritableRecording() async throws {
    let output = try await MoviesProcess.run(["--record", "/nonexistent/folder/s.jsonl", "batman"])
    #expect(output.status == 1)
    #expect(output.standardOutput == "")
    #expect(
      output.standardError.hasSuffix(
        "movies: /nonexistent/folder/s.jsonl: cannot be created for writing\n"))
  }

  @Test("a live session's recording holds the results and never the API key, even searched for")
  func liveRecordingHoldsNoKey() async throws {
    let server = try LoopbackServer { request in
      request.parameters["i"] != nil
        ? .json(200, #"{"Response":"False","Error":"Incorrect IMDb ID."}"#)
        : .json(200, Fixtures.batmanPage2)
    }
    defer { server.stop() }
    let folder = try TemporaryFolder()
    // The search: header, submit, response. The details: header, select, load, response.
    for (name, arguments, lines) in [
      ("search", ["batman"], 3), ("details", ["--details", "tt9"], 4),
      ("key searched for", [Self.key], 3), ("key as an id", ["--details", Self.key], 4),
    ] {
      let log = folder.url.appendingPathComponent("\(name).jsonl")
      _ = try await MoviesProcess.run(
        ["--record", log.path] + arguments, environment: liveEnvironment(server))
      let text = try String(contentsOf: log, encoding: .utf8)
      // NB: Each effect adds two lines (started, finished): count the actions.
      #expect(
        text.split(separator: "\n").count { $0.hasPrefix(#"{"action""#) } + 1 == lines, "\(name)")
      #expect(!text.contains(Self.key), "\(name)")
      #expect(!text.contains(server.baseURL.absoluteString), "\(name)")
      let replayed = try await MoviesProcess.run(["--replay", log.path])
      #expect(replayed.status == 0, "\(name): \(replayed.standardError)")
      #expect(!replayed.standardOutput.contains(Self.key), "\(name)")
    }
    #expect(server.requests.count == 4)
  }
}

/// A folder of its own under the system's temporary folder, removed when released.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("movies-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}
