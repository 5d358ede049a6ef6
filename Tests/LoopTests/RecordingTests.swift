import Foundation
import Loop
import Testing

/// A feature whose actions come from the user, from `.send` effects and from `.run` effects.
private enum Ledger {
  struct State: Codable, Equatable, Sendable {
    var count = 0
    var log: [String] = []
  }

  enum Action: Codable, Equatable, Sendable {
    case add(Int)
    case addThenEcho(Int)
    case fetch
    case fetched(String)
    case echo
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case let .add(amount):
      state.count += amount
      return .none
    case let .addThenEcho(amount):
      state.count += amount
      return .send(.echo)
    case .fetch:
      return .run { send in await send(.fetched("page")) }
    case let .fetched(text):
      state.log.append(text)
      return .none
    case .echo:
      state.log.append("echo")
      return .none
    }
  }

  /// The same feature with a changed `add`, for divergence.
  static let changedReducer = Reducer<State, Action, Void> { state, action, environment in
    if case let .add(amount) = action {
      state.count += amount * 2
      return .none
    }
    return reducer.reduce(into: &state, action: action, environment: environment)
  }
}

/// Records a session of `Ledger` into a buffer: add 2, add 3 and echo, fetch.
@MainActor
private func recordTally() async -> SessionLogBuffer {
  let buffer = SessionLogBuffer()
  let store = Store(initialState: Ledger.State(), reducer: Ledger.reducer, environment: ())
  store.record(to: SessionRecorder(name: "tally", to: .buffer(buffer)))
  store.send(.add(2))
  store.send(.addThenEcho(3))
  await store.send(.fetch).finish()
  store.stopRecording()
  store.send(.add(100))
  return buffer
}

/// The lines of a log with each `"offset"` set to 0, so they can be compared.
/// `lines` with every time (an offset, a reduce's duration) written as 0.
private func withoutTimes(_ lines: [String]) -> [String] {
  lines.map {
    $0.replacing(/"offset":[0-9.e-]+/, with: "\"offset\":0")
      .replacing(/"reduce":[0-9.e-]+/, with: "\"reduce\":0")
  }
}

@MainActor
@Suite("Recording and replaying a session")
struct RecordingTests {
  @Test("a recording holds a header, then each reduced action with its origin and state")
  func recordsActionsOriginsAndStates() async {
    let buffer = await recordTally()
    #expect(
      withoutTimes(buffer.lines) == [
        #"{"format":"loop-session","initialState":{"count":0,"log":[]},"name":"tally","states":true,"version":2}"#,
        #"{"action":{"add":{"_0":2}},"offset":0,"origin":"user","reduce":0,"state":{"count":2,"log":[]}}"#,
        #"{"action":{"addThenEcho":{"_0":3}},"offset":0,"origin":"user","reduce":0,"state":{"count":5,"log":[]}}"#,
        #"{"action":{"echo":{}},"cause":2,"offset":0,"origin":"effect","reduce":0,"state":{"count":5,"log":["echo"]}}"#,
        #"{"action":{"fetch":{}},"offset":0,"origin":"user","reduce":0,"state":{"count":5,"log":["echo"]}}"#,
        #"{"cause":4,"effect":1,"event":"started","offset":0}"#,
        #"{"action":{"fetched":{"_0":"page"}},"cause":4,"offset":0,"origin":"effect","reduce":0,"state":{"count":5,"log":["echo","page"]}}"#,
        #"{"effect":1,"event":"finished","offset":0}"#,
      ])
  }

  @Test("each action's line holds how long its reduce took: never negative, within its offset")
  func reduceTimes() async throws {
    let buffer = await recordTally()
    let actions = buffer.lines.dropFirst().filter { $0.contains(#""action""#) }
    #expect(actions.count == 5)
    for line in actions {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      let reduce = object?["reduce"] as? Double
      let offset = object?["offset"] as? Double
      #expect(reduce != nil, "no reduce time in \(line)")
      // NB: The offset is read after the reduce, from a start before it: a reduce cannot
      // have taken longer than the time since recording began.
      if let reduce, let offset { #expect(reduce >= 0 && reduce <= offset, "\(line)") }
    }
  }

  @Test("a log reads back into the same actions, origins and states")
  func readsBack() async throws {
    let buffer = await recordTally()
    let log = try SessionLog<Ledger.State, Ledger.Action>(text: buffer.text)
    #expect(log.name == "tally")
    #expect(log.initialState == Ledger.State())
    #expect(
      log.entries.map(\.action) == [.add(2), .addThenEcho(3), .echo, .fetch, .fetched("page")])
    #expect(log.entries.map(\.origin) == [.user, .user, .effect, .user, .effect])
    #expect(log.entries.map(\.line) == [2, 3, 4, 5, 7])
    #expect(log.entries.map(\.number) == [1, 2, 3, 4, 5])
    #expect(log.entries.map(\.cause) == [nil, nil, 2, nil, 4])
    #expect(log.effects.count == 1)
    #expect(
      log.effects.first.map { ($0.id, $0.cause, $0.outcome) } ?? (0, 0, nil) == (1, 4, .finished))
    #expect(log.entries.last?.state == Ledger.State(count: 5, log: ["echo", "page"]))
  }

  @Test("a replay reduces without running effects and matches the recording")
  func replayMatches() async throws {
    let log = try SessionLog<Ledger.State, Ledger.Action>(text: await recordTally().text)
    let replay = try log.replay(reducer: Ledger.reducer, environment: ())
    #expect(replay.divergence == nil)
    #expect(replay.steps.map(\.state) == log.entries.map(\.state))
    #expect(replay.change(at: 0) != nil)
    #expect(replay.change(at: 3) == nil)
  }

  @Test("a changed reducer diverges at the first state that differs, with a diff")
  func replayDiverges() async throws {
    let log = try SessionLog<Ledger.State, Ledger.Action>(text: await recordTally().text)
    let replay = try log.replay(reducer: Ledger.changedReducer, environment: ())
    let divergence = try #require(replay.divergence)
    #expect(divergence.line == 2)
    #expect(divergence.step == 0)
    #expect(
      divergence.description == """
        The replay differs from the recording at line 2 of the log, after Ledger.Action.add(2) \
        (sent by the user).

        (Recorded: −, Replayed: +)
          Ledger.State(
        −   count: 2,
        +   count: 4,
            … (1 field unchanged)
          )

        If the reducer's new behaviour is intended, record the session again; otherwise this \
        action now changes the state differently from when it was recorded.
        """)
  }

  @Test("a log of actions only replays from a given state")
  func actionsOnly() async throws {
    struct Opaque: Equatable { var count = 0 }
    let reducer = Reducer<Opaque, Ledger.Action, Void> { state, action, _ in
      if case let .add(amount) = action { state.count += amount }
      return .none
    }
    let buffer = SessionLogBuffer()
    let store = Store(initialState: Opaque(), reducer: reducer, environment: ())
    store.record(to: SessionRecorder(to: .buffer(buffer)))
    store.send(.add(4))
    store.send(.add(5))
    #expect(buffer.lines.count == 3)
    #expect(!buffer.text.contains("\"state\":"))
    #expect(!buffer.text.contains("initialState"))
    let log = try SessionLog<Opaque, Ledger.Action>(text: buffer.text)
    #expect(throws: SessionLogError.noInitialState) {
      try log.replay(reducer: reducer, environment: ())
    }
    let replay = try log.replay(reducer: reducer, environment: (), from: Opaque())
    #expect(replay.steps.last?.state == Opaque(count: 9))
  }

  @Test("recordingStates: false writes an encodable state nowhere, and the actions as always")
  func encodableStateNotRecorded() throws {
    let buffer = SessionLogBuffer()
    let store = Store(initialState: Ledger.State(), reducer: Ledger.reducer, environment: ())
    store.record(to: SessionRecorder(name: "plain", recordingStates: false, to: .buffer(buffer)))
    store.send(.add(4))
    store.send(.add(5))
    #expect(buffer.lines.count == 3)
    #expect(buffer.lines[0].contains(#""states":false"#))
    #expect(!buffer.text.contains("\"state\":"))
    #expect(!buffer.text.contains("initialState"))
    #expect(buffer.lines[2].hasPrefix(#"{"action":{"add":{"_0":5}},"offset":"#))
    let log = try SessionLog<Ledger.State, Ledger.Action>(text: buffer.text)
    let replay = try log.replay(reducer: Ledger.reducer, environment: (), from: Ledger.State())
    #expect(replay.steps.last?.state.count == 9)
  }

  @Test("a history steps back and forward through the states")
  func history() async throws {
    let log = try SessionLog<Ledger.State, Ledger.Action>(text: await recordTally().text)
    var history = try #require(SessionHistory(log))
    #expect(history.position == 5)
    #expect(history.state.log == ["echo", "page"])
    let steppedBack = history.stepBack()
    #expect(steppedBack)
    #expect(history.state.log == ["echo"])
    #expect(history.action == .fetch)
    history.move(to: 0)
    #expect(history.state == Ledger.State())
    #expect(history.action == nil)
    let pastStart = history.stepBack()
    #expect(!pastStart)
    let steppedForward = history.stepForward()
    #expect(steppedForward)
    #expect(history.state.count == 2)
    let replayed = SessionHistory(try log.replay(reducer: Ledger.reducer, environment: ()))
    #expect(replayed.states == history.states)
  }

  @Test(
    "a bad log is a typed error naming its line",
    arguments: [
      ("", SessionLogError.empty),
      ("{\"format\":\"other\"}\n", .notASessionLog(line: 1)),
      (
        "{\"format\":\"loop-session\",\"version\":3,\"name\":\"\"}\n",
        .newerFormat(line: 1, version: 3, supported: 2)
      ),
    ])
  func badHeader(text: String, error: SessionLogError) {
    #expect(throws: error) { try SessionLog<Ledger.State, Ledger.Action>(text: text) }
  }

  @Test("a cut-off line, invalid JSON, an unknown action, a bad state, a bad entry")
  func badEntries() async throws {
    let lines = await recordTally().lines
    func read(_ lines: [String], terminated: Bool = true) throws(SessionLogError) {
      _ = try SessionLog<Ledger.State, Ledger.Action>(
        text: lines.joined(separator: "\n") + (terminated ? "\n" : ""))
    }
    var cut = lines
    cut[7] = String(cut[7].prefix(30))
    #expect(throws: SessionLogError.truncatedLine(line: 8)) { try read(cut, terminated: false) }

    var broken = lines
    broken[2] = "{\"action\": oops}"
    let invalid = #expect(throws: SessionLogError.self) { try read(broken) }
    #expect(invalid?.line == 3)
    #expect(invalid.map { "\($0)" }?.hasPrefix("line 3: not valid JSON") == true)

    var unknown = lines
    unknown[3] = unknown[3].replacing("\"echo\"", with: "\"shout\"")
    let action = #expect(throws: SessionLogError.self) { try read(unknown) }
    #expect(action?.line == 4)
    #expect(
      action.map { "\($0)" }
        == #"line 4: the action is not one this app has (action: no case "shout")"#)

    var badState = lines
    badState[1] = badState[1].replacing("\"count\":2", with: "\"count\":\"two\"")
    let state = #expect(throws: SessionLogError.self) { try read(badState) }
    #expect(state.map { "\($0)" }?.hasPrefix("line 2: the state does not decode") == true)

    var badOrigin = lines
    badOrigin[4] = badOrigin[4].replacing("\"user\"", with: "\"robot\"")
    let entry = #expect(throws: SessionLogError.self) { try read(badOrigin) }
    #expect(entry.map { "\($0)" }?.hasPrefix("line 5: not a session entry (origin:") == true)
  }

  @Test("a divergence's headline cuts a long action to 120 characters; the diff stays whole")
  func longActionHeadline() async throws {
    let long = String(repeating: "page ", count: 600)
    var lines = await recordTally().lines
    lines[6] = lines[6].replacing("\"page\"", with: "\"\(long)\"")
      .replacing("\"count\":5", with: "\"count\":6")
    let log = try SessionLog<Ledger.State, Ledger.Action>(text: lines.joined(separator: "\n"))
    let divergence = try #require(
      try log.replay(reducer: Ledger.reducer, environment: ()).divergence)
    let headline = try #require(divergence.description.split(separator: "\n").first)
    let action = Dump.oneLine(of: Ledger.Action.fetched(long), limit: 120)
    #expect(action.count == 120)
    #expect(action.hasSuffix("…"))
    #expect(
      headline
        == "The replay differs from the recording at line 7 of the log, after \(action) (sent by an effect)."
    )
    #expect(divergence.diff.contains("count: 6"))
  }

  @Test("a log of format 1 (no causes, no effect lines) still reads and replays")
  func formatOne() throws {
    let text = """
      {"format":"loop-session","initialState":{"count":0,"log":[]},"name":"tally","states":true,"version":1}
      {"action":{"fetch":{}},"offset":0.1,"origin":"user","reduce":0,"state":{"count":0,"log":[]}}
      {"action":{"fetched":{"_0":"page"}},"offset":0.2,"origin":"effect","reduce":0,"state":{"count":0,"log":["page"]}}

      """
    let log = try SessionLog<Ledger.State, Ledger.Action>(text: text)
    #expect(log.entries.map(\.cause) == [nil, nil])
    #expect(log.entries.map(\.origin) == [.user, .effect])
    #expect(log.effects.isEmpty)
    #expect(try log.replay(reducer: Ledger.reducer, environment: ()).divergence == nil)
  }

  @Test("an effect cancelled while it runs, and one cancelled before it starts, end as cancelled")
  func cancelledEffects() async throws {
    enum Action: Codable, Equatable, Sendable { case start, stop, startAndStop, tick }
    let reducer = Reducer<Int, Action, Void> { state, action, _ in
      switch action {
      case .start:
        return .run { send in
          try await Task.sleep(for: .seconds(1_000))
          await send(.tick)
        }
        .cancellable(id: "sleeper")
      case .stop: return .cancel(id: "sleeper")
      case .startAndStop:
        // NB: Cancelled in the same send, before the runner starts it.
        return .merge(
          .run { _ in try await Task.sleep(for: .seconds(1_000)) }.cancellable(id: "other"),
          .cancel(id: "other"))
      case .tick:
        state += 1
        return .none
      }
    }
    let buffer = SessionLogBuffer()
    let store = Store(initialState: 0, reducer: reducer, environment: ())
    store.record(to: SessionRecorder(name: "sleeper", to: .buffer(buffer)))
    let task = store.send(.start)
    store.send(.stop)
    await task.finish()
    await store.send(.startAndStop).finish()
    let log = try SessionLog<Int, Action>(text: buffer.text)
    #expect(log.effects.map(\.cause) == [1, 3])
    #expect(log.effects.map(\.outcome) == [.cancelled, .cancelled])
    #expect(log.effects.allSatisfy { $0.ended != nil })
  }

  @Test("an effect line that ends an effect twice, or one never started, is a typed error")
  func badEffectLines() async throws {
    let lines = await recordTally().lines
    func read(_ lines: [String]) throws(SessionLogError) {
      _ = try SessionLog<Ledger.State, Ledger.Action>(text: lines.joined(separator: "\n"))
    }
    let twice = #expect(throws: SessionLogError.self) { try read(lines + [lines[7]]) }
    #expect(twice.map { "\($0)" } == "line 9: not a session entry (effect 1 ended twice)")
    var unstarted = lines
    unstarted.remove(at: 5)
    let never = #expect(throws: SessionLogError.self) { try read(unstarted) }
    #expect(
      never.map { "\($0)" } == "line 7: not a session entry (effect 1 ended but never started)")
    let neither = #expect(throws: SessionLogError.self) {
      try read(lines + [#"{"offset":1}"#])
    }
    #expect(neither.map { "\($0)" } == "line 9: not a session entry (action: missing)")
  }

  @Test("a log written with Windows line endings, or ending in blank lines, reads as the same log")
  func lineEndings() async throws {
    let lines = await recordTally().lines
    let plain = try SessionLog<Ledger.State, Ledger.Action>(
      text: lines.joined(separator: "\n") + "\n")
    for text in [
      lines.joined(separator: "\r\n") + "\r\n",
      lines.joined(separator: "\n") + "\n\n",
      lines.joined(separator: "\r\n") + "\r\n  \r\n\n",
    ] {
      let read = try SessionLog<Ledger.State, Ledger.Action>(text: text)
      #expect(read.entries.map(\.action) == plain.entries.map(\.action))
      #expect(read.entries.map(\.state) == plain.entries.map(\.state))
      #expect(try SessionLogHeader(text: text) == SessionLogHeader(text: lines[0] + "\n"))
    }
  }

  @Test("a file that is missing, or not text, says which")
  func unreadableFiles() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("logs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("missing.jsonl")
    #expect(throws: SessionLogError.file(path: missing.path, detail: "no such file")) {
      try SessionLogHeader.text(contentsOf: missing)
    }
    let binary = folder.appendingPathComponent("binary.jsonl")
    try Data([0xFF, 0xFE, 0x00]).write(to: binary)
    #expect(
      throws: SessionLogError.file(
        path: binary.path, detail: "not UTF-8 text, so not a session log")
    ) {
      try SessionLogHeader.text(contentsOf: binary)
    }
    #expect(
      "\(SessionLogError.file(path: missing.path, detail: "no such file"))"
        == "\(missing.path): no such file")
  }

  @Test("a line that cannot be encoded is reported, kept in failures, and the store goes on")
  func encodingFailure() {
    struct Measure: Codable, Equatable { var value = 0.0 }
    let reducer = Reducer<Measure, Double, Void> { state, action, _ in
      state.value = action
      return .none
    }
    let warnings = WarningLog()
    let buffer = SessionLogBuffer()
    let recorder = SessionRecorder<Measure, Double>(to: .buffer(buffer))
    RuntimeWarnings.withHandler({ warnings.append($0) }) {
      let store = Store(initialState: Measure(), reducer: reducer, environment: ())
      store.record(to: recorder)
      store.send(.nan)
      store.send(1)
      #expect(store.state.value == 1)
    }
    #expect(buffer.lines.count == 2)
    #expect(recorder.entryCount == 2)
    #expect(recorder.failures.count == 1)
    #expect(warnings.all.first?.hasPrefix("A session recorder could not record entry 1: ") == true)
    #expect(warnings.all.first?.contains("entry 1 could not be recorded") == false)  // said once
    #expect(
      warnings.all.first?.hasSuffix(
        "The store went on; the log misses this line. To fix, make the action and state encode "
          + "(a Double that is not finite does not), or check where the log is written.") == true)
  }

  @Test("hiding a secret replaces it in every string it appears in, escaped alike, and replays")
  func hidingSecrets() throws {
    let secret = #"k3y"x"#
    let hiding = SessionRedaction<Ledger.State, Ledger.Action>.hiding([secret, ""])
    let warnings = WarningLog()
    let buffer = SessionLogBuffer()
    RuntimeWarnings.withHandler({ warnings.append($0) }) {
      let store = Store(initialState: Ledger.State(), reducer: Ledger.reducer, environment: ())
      store.record(to: SessionRecorder(name: "hiding", redacting: hiding, to: .buffer(buffer)))
      store.send(.fetched("before \(secret) and \(secret) after"))
      store.send(.fetched("nothing secret"))
      store.send(.add(7))
    }
    #expect(!buffer.text.contains(#"k3y\"x"#))
    #expect(buffer.text.contains(#"before ••• and ••• after"#))
    #expect(warnings.all.isEmpty)
    let log = try SessionLog<Ledger.State, Ledger.Action>(text: buffer.text)
    #expect(log.entries.first?.action == .fetched("before ••• and ••• after"))
    #expect(log.entries.last?.state?.log == ["before ••• and ••• after", "nothing secret"])
    let replay = try log.replay(reducer: Ledger.reducer, environment: (), redacting: hiding)
    #expect(replay.divergence == nil)
    // Idempotent: hiding what is hidden changes nothing.
    let hidden = hiding.state(Ledger.State(log: ["\(secret)"]))
    #expect(hiding.state(hidden) == hidden)
    #expect(hidden.log == ["•••"])
  }

  @Test("a secret that is only a number in the encoded value is reported, without the secret")
  func hidingOutsideAString() {
    let hiding = SessionRedaction<Ledger.State, Ledger.Action>.hiding(["4242"])
    let warnings = WarningLog()
    let action = RuntimeWarnings.withHandler({ warnings.append($0) }) {
      hiding.action(.add(4242))
    }
    #expect(action == .add(4242))
    #expect(
      warnings.all == [
        "A session redaction could not hide a secret in a Action: it appears outside a string. "
          + "The value is recorded as it is."
      ])
    #expect(SessionRedaction<Ledger.State, Ledger.Action>.hiding([""]).action(.add(1)) == .add(1))
  }

  @Test("a recorder records one session: a second record(to:) is reported and ignored")
  func recorderRecordsOneSession() {
    let warnings = WarningLog()
    let buffer = SessionLogBuffer()
    let recorder = SessionRecorder<Ledger.State, Ledger.Action>(to: .buffer(buffer))
    RuntimeWarnings.withHandler({ warnings.append($0) }) {
      let store = Store(initialState: Ledger.State(), reducer: Ledger.reducer, environment: ())
      store.record(to: recorder)
      store.send(.add(1))
      let other = Store(initialState: Ledger.State(), reducer: Ledger.reducer, environment: ())
      other.record(to: recorder)
      other.send(.add(2))
    }
    #expect(buffer.lines.count == 2)
    #expect(
      warnings.all.first?.hasPrefix(
        "record(to:) was given a session recorder that already recorded a session") == true)
  }

  @Test("recording a scoped store is reported and ignored")
  func scopedStoreIsNotRecorded() {
    let warnings = WarningLog()
    let buffer = SessionLogBuffer()
    RuntimeWarnings.withHandler({ warnings.append($0) }) {
      let store = Store(initialState: Ledger.State(), reducer: Ledger.reducer, environment: ())
      let child = store.scope(state: \.count, action: Ledger.Action.add)
      child.record(to: SessionRecorder(to: .buffer(buffer)))
    }
    #expect(buffer.lines.isEmpty)
    #expect(warnings.all.first?.hasPrefix("record(to:) was called on a scoped store") == true)
  }
}
