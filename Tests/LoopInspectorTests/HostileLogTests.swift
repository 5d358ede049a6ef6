import Foundation
import Loop
import LoopTesting
import Testing

@testable import LoopInspector

/// A feature whose state and actions hold whatever strings it is given, as keys too.
private enum Notes {
  struct State: Codable, Equatable, Sendable {
    var texts: [String] = []
    var byKey: [String: Int] = [:]
  }
  enum Action: Codable, Equatable, Sendable {
    case add(String)
    case key(String)
  }
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case let .add(text): state.texts.append(text)
    case let .key(key): state.byKey[key, default: 0] += 1
    }
    return .none
  }
}

/// Scalars a log must carry whatever reads it: every line terminator Unicode and Swift know,
/// controls, bidi marks, characters JSON writes as surrogate pairs, HTML and JavaScript that
/// must stay text, and keys JavaScript objects treat specially.
private let hostileScalars: [String] = [
  "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{0}", "\u{1F}",
  "\u{7F}", "\u{202E}", "\u{2066}", "\u{200F}", "\u{FEFF}", "\u{FFFD}", "\u{301}", "😀",
  "\u{10FFFF}", "\"", "\\", "/", "<", ">", "&", "'", "</script>", "<!--",
  "<img src=x onerror=alert(1)>",
  "__proto__", "constructor", "toString", "a", "é", " ",
]

private func hostileString(_ random: inout SeededRandom) -> String {
  (0..<Int.random(in: 0...6, using: &random)).map { _ in
    hostileScalars.randomElement(using: &random)!
  }.joined()
}

/// The JSON the page carries for its script.
///
/// NB: Read with the inspector's strict parser: Foundation's `JSONSerialization` drops a
/// U+FEFF that starts a string, so it cannot be the judge of what a page carries.
private func pageData(_ page: String) throws -> JSONValue {
  let start = try #require(page.range(of: #"<script id="session" type="application/json">"#))
  let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
  return try JSONParser.parse(page[start.upperBound..<end.lowerBound])
}

@MainActor
@Suite("Hostile logs: every string reads back, nothing runs, nothing crashes")
struct HostileLogTests {
  @Test("seeded random Unicode in state and actions: record, read back, replay, inspect — equal")
  func randomUnicodeRoundTrips() async throws {
    var random = SeededRandom(seed: 2028)
    for await _ in SeededRandom.seeds(200) {
      let buffer = SessionLogBuffer()
      let store = Store(initialState: Notes.State(), reducer: Notes.reducer, environment: ())
      store.record(to: SessionRecorder(name: hostileString(&random), to: .buffer(buffer)))
      var sent: [Notes.Action] = []
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        let action: Notes.Action =
          Bool.random(using: &random) ? .add(hostileString(&random)) : .key(hostileString(&random))
        sent.append(action)
        store.send(action)
      }
      store.stopRecording()
      let text = buffer.text
      // No line terminator but the recorder's own "\n" is left unescaped.
      for terminator in ["\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"] {
        #expect(!text.contains(terminator))
      }
      #expect(text.utf8.split(separator: 0x0A).count == sent.count + 1)

      let log = try SessionLog<Notes.State, Notes.Action>(text: text)
      #expect(log.entries.map(\.action) == sent)
      #expect(log.entries.last?.state == store.state)
      let replay = try log.replay(reducer: Notes.reducer, environment: ())
      #expect(replay.divergence == nil)

      let inspection = try SessionInspection(log: text, file: "notes.jsonl")
      #expect(inspection.steps.count == sent.count)
      let page = InspectorPage.html(for: inspection)
      #expect(page.components(separatedBy: "</script>").count == 3)  // the page's own two
      let data = try pageData(page)
      guard case let .array(steps)? = data["steps"] else {
        Issue.record("the page has no steps")
        return
      }
      #expect(steps.count == sent.count)
      for (step, action) in zip(steps, sent) {
        guard case let .array(fields) = step, fields.count == 10,
          case let .object(members) = fields[7], let payload = members.first?.value["_0"]
        else {
          Issue.record("a step of another shape: \(step.text)")
          continue
        }
        switch action {
        case let .add(text), let .key(text): #expect(payload == .string(text))
        }
      }
    }
  }

  @Test("a JSON escape of a lone surrogate is a typed error to both readers; a pair reads as one")
  func surrogates() throws {
    let header =
      #"{"format":"loop-session","initialState":{"byKey":{},"texts":[]},"states":true,"version":2}"#
    let lone = header + "\n" + #"{"action":{"add":{"_0":"\ud800"}},"offset":0,"origin":"user"}"#
    #expect(throws: SessionLogError.self) {
      try SessionLog<Notes.State, Notes.Action>(text: lone + "\n")
    }
    #expect(throws: InspectorError.self) { try SessionInspection(log: lone + "\n", file: "x") }
    let pair =
      header + "\n" + #"{"action":{"add":{"_0":"\ud83d\ude00"}},"offset":0,"origin":"user"}"#
    let log = try SessionLog<Notes.State, Notes.Action>(text: pair + "\n")
    #expect(log.entries.map(\.action) == [.add("😀")])
    let inspection = try SessionInspection(log: pair + "\n", file: "x")
    #expect(ActionLabel.oneLine(inspection.steps[0].action) == #".add("😀")"#)
  }

  @Test("numbers out of range are typed errors to SessionLog too, never a trap")
  func numbersOutOfRange() {
    let header =
      #"{"format":"loop-session","initialState":{"byKey":{},"texts":[]},"states":true,"version":2}"#
    let add = #"{"action":{"add":{"_0":"a"}},"offset":0,"origin":"user"}"#
    for (line, message) in [
      (
        #"{"action":{"add":{"_0":"a"}},"offset":1e300,"origin":"user"}"#,
        "line 2: not a session entry (offset: 1e+300 is not a time in the recording (0 to 1e9 seconds))"
      ),
      (
        #"{"action":{"add":{"_0":"a"}},"offset":-1,"origin":"user"}"#,
        "line 2: not a session entry (offset: -1.0 is not a time in the recording (0 to 1e9 seconds))"
      ),
      (
        add + "\n" + #"{"cause":7,"effect":1,"event":"started","offset":0}"#,
        "line 3: not a session entry (cause: 7 names no action before this line (1 to 1))"
      ),
    ] {
      let error = #expect(throws: SessionLogError.self) {
        try SessionLog<Notes.State, Notes.Action>(text: header + "\n" + line + "\n")
      }
      #expect(error?.description == message)
    }
  }

  @Test("loop-inspect over 3,000 seeded mutations of a log: a page or one line naming the line")
  func fuzz() async throws {
    let buffer = SessionLogBuffer()
    let store = Store(initialState: Notes.State(), reducer: Notes.reducer, environment: ())
    store.record(to: SessionRecorder(name: "notes", to: .buffer(buffer)))
    var random = SeededRandom(seed: 41)
    for _ in 0..<6 { store.send(.add(hostileString(&random))) }
    store.send(.key("__proto__"))
    store.stopRecording()
    var lines = buffer.lines
    lines.insert(#"{"cause":1,"effect":1,"event":"started","offset":0.1}"#, at: 2)
    lines.append(#"{"effect":1,"event":"finished","offset":0.2}"#)
    let original = Array((lines.joined(separator: "\n") + "\n").utf8)
    let snippets = [
      "1e300", "-1e300", "99999999999999999999", "</script>", "\u{2028}", "\\u2028", "\"", "\\",
      "__proto__", "{", "}", "[", "]", ",", ":", "null", "\n", "\r\n", "\"cause\":",
      "\"event\":\"<img src=x onerror=alert(1)>\"", "\"offset\":", "\u{85}", "\\ud800",
    ].map { Array($0.utf8) }
    var pages = 0
    var refusals = 0
    let runs = SeededRandom.seeds(3_000)
    for await _ in runs {
      let bytes = SeededMutation.mutate(original, inserting: snippets, edits: 1...3, using: &random)
      let text = String(decoding: bytes, as: UTF8.self)
      do {
        let page = InspectorPage.html(for: try SessionInspection(log: text, file: "m.jsonl"))
        #expect(page.components(separatedBy: "</script>").count == 3)
        _ = try pageData(page)
        pages += 1
      } catch let error as InspectorError {
        let message = error.description
        #expect(!message.contains("\n"), "\(message)")
        #expect(
          message.hasPrefix("m.jsonl: line ") || message.hasPrefix("m.jsonl: the log is of format"),
          "\(message)")
        refusals += 1
      }
    }
    // Both outcomes, often: here about a quarter of the mutations still read.
    #expect(pages > runs.count / 30)
    #expect(refusals > runs.count / 30)
  }
}
