import Foundation
import Loop
import MovieSearch
import Testing

@testable import LoopInspector

/// A feature with a secret, effects that finish and one that is cancelled.
private enum Vault {
  struct State: Codable, Equatable, Sendable {
    var count = 0
    var password = ""
    var notes: [String] = []
  }
  enum Action: Codable, Equatable, Sendable {
    case typed(String), add, fetch, fetched(String), start, stop
  }
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case let .typed(password):
      state.password = password
      return .none
    case .add:
      state.count += 1
      return .none
    case .fetch:
      return .run { send in await send(.fetched("page")) }
    case let .fetched(note):
      state.notes.append(note)
      return .none
    case .start:
      return .run { _ in try await Task.sleep(for: .seconds(1_000)) }.cancellable(id: "sleep")
    case .stop:
      return .cancel(id: "sleep")
    }
  }
  static let hidingPassword = SessionRedaction<State, Action>(
    action: { action in
      guard case .typed = action else { return action }
      return .typed("‹redacted›")
    },
    state: { state in
      var state = state
      state.password = ""
      return state
    })
}

/// Records a session of `Vault`: a secret typed, an add, a fetch, a sleeper started and stopped.
@MainActor
private func recordVault() async -> String {
  let buffer = SessionLogBuffer()
  let store = Store(initialState: Vault.State(), reducer: Vault.reducer, environment: ())
  store.record(
    to: SessionRecorder(name: "vault", redacting: Vault.hidingPassword, to: .buffer(buffer)))
  store.send(.typed("hunter2-secret"))
  store.send(.add)
  await store.send(.fetch).finish()
  let sleeper = store.send(.start)
  store.send(.stop)
  await sleeper.finish()
  store.stopRecording()
  return buffer.lines.joined(separator: "\n") + "\n"
}

/// An action line, for logs written out by hand.
private let action = "{\"action\":{\"add\":{}},\"offset\":0,\"origin\":\"user\"}\n"

@MainActor
@Suite("The inspector page")
struct InspectorPageTests {
  @Test("a log reads into steps with who sent each, what it changed, and the effects")
  func inspection() async throws {
    let inspection = try SessionInspection(log: await recordVault(), file: "vault.jsonl")
    #expect(inspection.name == "vault")
    #expect(
      inspection.steps.map { ActionLabel.oneLine($0.action) } == [
        #".typed("‹redacted›")"#, ".add", ".fetch", #".fetched("page")"#, ".start", ".stop",
      ])
    #expect(
      inspection.steps.map(\.origin.rawValue) == ["user", "user", "user", "effect", "user", "user"])
    #expect(inspection.steps.map(\.cause) == [nil, nil, nil, 3, nil, nil])
    #expect(inspection.steps[1].changes.map(\.pathText) == ["count"])
    #expect(inspection.steps[3].changes.map(\.pathText) == ["notes[0]"])
    #expect(inspection.steps[0].changes.isEmpty)  // the password is redacted: nothing shows
    #expect(inspection.effects.map(\.cause) == [3, 5])
    #expect(inspection.effects.map(\.outcome?.rawValue) == ["finished", "cancelled"])
  }

  @Test("what the recording's redaction hides never appears in the page")
  func redaction() async throws {
    let page = InspectorPage.html(
      for: try SessionInspection(log: await recordVault(), file: "vault.jsonl"))
    #expect(!page.contains("hunter2"))
    #expect(page.contains("‹redacted›"))
  }

  @Test("the page is one file: no script, style, image or frame from anywhere else")
  func selfContained() async throws {
    let page = InspectorPage.html(
      for: try SessionInspection(log: await recordVault(), file: "vault.jsonl"))
    for outside in [
      "<link", "src=", "@import", "url(", "fetch(", "XMLHttpRequest", "EventSource", "<iframe",
      "<img",
    ] {
      #expect(!page.contains(outside), "\(outside)")
    }
    // The session's own text cannot end its script element early.
    let session = try SessionInspection(
      log: #"""
        {"format":"loop-session","initialState":{"text":""},"name":"x","states":true,"version":2}
        {"action":{"typed":{"_0":"</script><script>alert(1)</script>"}},"offset":0,"origin":"user","state":{"text":"</script>"}}
        """#, file: "x.jsonl")
    let html = InspectorPage.html(for: session)
    #expect(html.components(separatedBy: "</script>").count == 3)  // the page's own two
  }

  // NB: One long computation with no store: nonisolated and async, so it runs off the main
  // actor, which the other tests share (a synchronous test runs on its suite's actor).
  @Test("the page grows with what changed, not with the whole state per step")
  nonisolated func sizeFollowsChanges() async throws {
    let rows = (0..<200).map { #"{"id":\#($0),"title":"row \#($0) with a long title"}"# }
    let state = { (count: Int) in #"{"count":\#(count),"rows":[\#(rows.joined(separator: ","))]}"# }
    var log =
      #"{"format":"loop-session","initialState":\#(state(0)),"name":"big","states":true,"version":2}"#
      + "\n"
    for step in 1...1_000 {
      log += #"{"action":{"add":{}},"offset":0,"origin":"user","state":\#(state(step))}"# + "\n"
    }
    let page = InspectorPage.html(for: try SessionInspection(log: log, file: "big.jsonl"))
    #expect(log.utf8.count > 8_000_000)
    // One state, and a small line per step.
    #expect(page.utf8.count < state(0).utf8.count + 1_000 * 200 + 60_000)
  }

  @Test("a replay that diverges opens at the first step whose states differ")
  func divergence() async throws {
    let recorded = await recordVault()
    var inspection = try SessionInspection(log: recorded, file: "vault.jsonl")
    var lines = recorded.split(separator: "\n").map(String.init)
    let fourth = try #require(lines.firstIndex { $0.contains(#""fetched""#) })
    lines[fourth] = lines[fourth].replacing(#""notes":["page"]"#, with: #""notes":["other"]"#)
    let replay = try SessionInspection(log: lines.joined(separator: "\n"), file: "replayed.jsonl")
    inspection.compare(with: replay)
    let divergence = try #require(inspection.divergence)
    #expect(divergence.step == 4)
    #expect(
      StateDiff.changes(from: divergence.recorded, to: divergence.replayed).map(\.pathText) == [
        "notes[0]"
      ])
    #expect(InspectorPage.html(for: inspection).contains(#""divergence":{"step":4,"#))
  }

  @Test("a replay that ends early diverges where it ends, and says so")
  func replayEndsEarly() async throws {
    let recorded = await recordVault()
    var inspection = try SessionInspection(log: recorded, file: "vault.jsonl")
    let lines = recorded.split(separator: "\n")
    let actions = lines.indices.filter { lines[$0].hasPrefix(#"{"action""#) }
    let shorter = lines[...actions[2]].joined(separator: "\n")
    inspection.compare(with: try SessionInspection(log: shorter, file: "replayed.jsonl"))
    let divergence = try #require(inspection.divergence)
    #expect(divergence.step == 3)
    #expect(divergence.recorded == divergence.replayed)
    #expect(divergence.note == "The recording has 6 states after its actions, the replay 3.")
  }

  @Test("a replay written by Loop reads back as the same session, and finds a changed reducer")
  func replayLog() async throws {
    let text = await recordVault()
    let log = try SessionLog<Vault.State, Vault.Action>(text: text)
    let changed = Reducer<Vault.State, Vault.Action, Void> { state, action, env in
      if action == .add { state.count += 10; return .none }
      return Vault.reducer.reduce(into: &state, action: action, environment: env)
    }
    let replay = try log.replay(reducer: changed, environment: (), redacting: Vault.hidingPassword)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("vault-\(UUID()).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try replay.write(to: url, redacting: Vault.hidingPassword)
    var inspection = try SessionInspection(log: text, file: "vault.jsonl")
    inspection.compare(
      with: try SessionInspection(log: try String(contentsOf: url, encoding: .utf8), file: url.path)
    )
    #expect(inspection.divergence?.step == 2)
    #expect(try String(contentsOf: url, encoding: .utf8).contains("hunter2") == false)
  }

  @Test("a log of format 1, and a log without states, still make a page")
  func olderLogs() throws {
    let one = try SessionInspection(
      log: """
        {"format":"loop-session","initialState":{"count":0},"name":"old","states":true,"version":1}
        {"action":{"add":{}},"offset":0.5,"origin":"user","state":{"count":1}}
        """, file: "old.jsonl")
    #expect(one.version == 1)
    #expect(one.steps.first?.changes.map(\.pathText) == ["count"])
    #expect(one.effects.isEmpty)
    let actionsOnly = try SessionInspection(
      log: """
        {"format":"loop-session","name":"","states":false,"version":2}
        {"action":{"add":{}},"offset":0.5,"origin":"user"}
        """, file: "actions.jsonl")
    #expect(actionsOnly.initialState == nil)
    #expect(InspectorPage.html(for: actionsOnly).contains(#""hasStates":false"#))
  }

  @Test("a recording cut off mid-line shows what came before, and says where it ends")
  func cutOff() async throws {
    let text = await recordVault()
    let lines = text.split(separator: "\n")
    let cut = lines.dropLast().joined(separator: "\n") + "\n" + lines.last!.prefix(20)
    let inspection = try SessionInspection(log: cut, file: "vault.jsonl")
    #expect(inspection.cutOffLine == lines.count)
    #expect(inspection.steps.count == 6)
    #expect(InspectorPage.html(for: inspection).contains(#""cutOffLine":\#(lines.count)"#))
    // Not the last line, or a last line that ended with its newline: the log is bad.
    #expect(throws: InspectorError.self) {
      try SessionInspection(log: cut + "\n", file: "vault.jsonl")
    }
  }

  @Test(
    "a bad log is a typed error naming the file and the line",
    arguments: [
      ("", "x.jsonl: line 1: the file is empty, not a session log"),
      (#"{"format":"other"}"#, "x.jsonl: line 1: not a Loop session log (no loop-session header)"),
      (
        #"{"format":"loop-session","version":3}"#,
        "x.jsonl: the log is of format 3; this loop-inspect reads formats up to 2. To fix, use the loop-inspect of the Loop that recorded it."
      ),
      (
        "{\"format\":\"loop-session\",\"version\":2}\n{\"action\":\n",
        "x.jsonl: line 2: not valid JSON at byte 11: the text ends where a value should be"
      ),
      (
        "{\"format\":\"loop-session\",\"version\":2}\n{\"effect\":1,\"event\":\"finished\",\"offset\":0}",
        "x.jsonl: line 2: effect 1 ended but never started"
      ),
      (
        "{\"format\":\"loop-session\",\"version\":2}\n" + action
          + "{\"cause\":1,\"effect\":1,\"event\":\"started\",\"offset\":0}\n"
          + "{\"effect\":1,\"event\":\"finished\",\"offset\":0}\n"
          + "{\"effect\":1,\"event\":\"cancelled\",\"offset\":0}\n",
        "x.jsonl: line 5: effect 1 ended twice"
      ),
      (
        "{\"format\":\"loop-session\",\"version\":2}\n" + action
          + "{\"cause\":1,\"effect\":1,\"event\":\"started\",\"offset\":0}\n"
          + "{\"cause\":1,\"effect\":1,\"event\":\"started\",\"offset\":0}\n",
        "x.jsonl: line 4: effect 1 started twice"
      ),
      (
        "{\"format\":\"loop-session\",\"version\":2}\n{\"action\":{\"add\":{}},\"offset\":0}",
        "x.jsonl: line 2: origin: missing, or not user or effect"
      ),
      // Values out of range, anywhere a log has a number: typed errors, never a crash.
      (
        "{\"format\":\"loop-session\",\"version\":2}\n{\"action\":{},\"offset\":1e300,\"origin\":\"user\"}",
        "x.jsonl: line 2: offset: 1e300 is not a time in the recording (0 to 1e9 seconds)"
      ),
      (
        "{\"format\":\"loop-session\",\"version\":2}\n{\"action\":{},\"offset\":-1e300,\"origin\":\"user\"}",
        "x.jsonl: line 2: offset: -1e300 is not a time in the recording (0 to 1e9 seconds)"
      ),
      (
        "{\"format\":\"loop-session\",\"version\":2}\n{\"action\":{},\"offset\":0,\"origin\":\"user\",\"reduce\":1e300}",
        "x.jsonl: line 2: reduce: 1e300 is not how long a reduce took (0 to 1e9 seconds)"
      ),
      (
        "{\"format\":\"loop-session\",\"version\":2}\n{\"action\":{},\"offset\":0,\"origin\":\"user\",\"reduce\":-0.5}",
        "x.jsonl: line 2: reduce: -0.5 is not how long a reduce took (0 to 1e9 seconds)"
      ),
      (
        "{\"format\":\"loop-session\",\"version\":2}\n{\"action\":{},\"offset\":0,\"origin\":\"user\",\"reduce\":\"</script>\"}",
        "x.jsonl: line 2: reduce: \"\\u003c/script\\u003e\" is not how long a reduce took (0 to 1e9 seconds)"
      ),
      (
        "{\"format\":\"loop-session\",\"version\":2}\n" + action
          + "{\"action\":{},\"cause\":1e300,\"offset\":0,\"origin\":\"effect\"}",
        "x.jsonl: line 3: cause: 1e300 names no action before this line (1 to 1)"
      ),
      (
        "{\"format\":\"loop-session\",\"version\":2}\n"
          + "{\"cause\":1,\"effect\":1,\"event\":\"started\",\"offset\":0}\n",
        "x.jsonl: line 2: cause: 1 names no action before this line (1 to 0)"
      ),
      (
        "{\"format\":\"loop-session\",\"version\":2}\n" + action
          + "{\"cause\":1,\"effect\":99999999999999999999,\"event\":\"started\",\"offset\":0}\n",
        "x.jsonl: line 3: effect: 99999999999999999999 is not an effect's number"
      ),
      (
        "{\"format\":\"loop-session\",\"version\":2}\n" + action
          + "{\"cause\":1,\"effect\":1,\"event\":\"started\",\"offset\":0}\n"
          + "{\"effect\":1,\"event\":\"fin\\\"ished\",\"offset\":0}\n",
        "x.jsonl: line 4: event: not started, finished or cancelled"
      ),
    ])
  func badLogs(text: String, message: String) {
    let error = #expect(throws: InspectorError.self) {
      try SessionInspection(log: text, file: "x.jsonl")
    }
    #expect(error?.description == message)
  }

  @Test("loop-inspect writes the page beside the log and says where; a missing file is an error")
  func command() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inspect-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("vault.jsonl")
    try Data(await recordVault().utf8).write(to: log)
    #expect(LoopInspectCommand.run([log.path]) == 0)
    let page = try String(contentsOf: folder.appendingPathComponent("vault.html"), encoding: .utf8)
    #expect(page.hasPrefix("<!doctype html>"))
    #expect(LoopInspectCommand.run([folder.appendingPathComponent("missing.jsonl").path]) == 1)
    #expect(LoopInspectCommand.run([]) == 1)
  }

  @Test("a movies session's page shows the search, the effect it started, and the results")
  func moviesSession() async throws {
    let buffer = SessionLogBuffer()
    let store = Store(
      initialState: MoviesFeature.State(query: "batman"), reducer: MoviesFeature.reducer,
      environment: MoviesEnvironment(movies: .offline, clock: ContinuousClock()))
    store.record(to: SessionRecorder(name: "movies", to: .buffer(buffer)))
    await store.send(.searchSubmitted(page: 1)).finish()
    let inspection = try SessionInspection(
      log: buffer.lines.joined(separator: "\n"), file: "movies.jsonl")
    #expect(inspection.steps.count == 2)
    #expect(inspection.steps[1].cause == 1)
    #expect(inspection.effects.first?.cause == 1)
    #expect(inspection.steps[1].changes.contains { $0.pathText == "results[0]" })
  }
}
