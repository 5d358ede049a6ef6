/// A session log read for the inspector page: every action with who sent it and what it
/// changed, the effects, and — given a replay of the same session — where the two first
/// differ. It knows nothing of the app's types: it reads the log's JSON.
///
/// ```swift
/// let inspection = try SessionInspection(log: text, file: "session.jsonl")
/// let page = InspectorPage.html(for: inspection)
/// ```
struct SessionInspection {
  /// One reduced action.
  struct Step {
    var number: Int
    var line: Int
    var offset: String
    var origin: String
    var cause: Int?
    var action: JSONValue
    /// What the action changed in the state; empty when the log holds no states.
    var changes: [StateChange]
  }

  /// One effect the store started.
  struct Effect {
    var id: Int
    var cause: Int
    var started: String
    var ended: String?
    var outcome: String?
  }

  /// Where a replay first differs from the recording.
  struct Divergence {
    /// The step after which the states differ (0: the initial states).
    var step: Int
    var recorded: JSONValue
    var replayed: JSONValue
    /// A note when the two logs do not have the same actions.
    var note: String?
  }

  var file: String
  var name: String
  var version: Int
  var initialState: JSONValue?
  var steps: [Step] = []
  var effects: [Effect] = []
  var divergence: Divergence?
  /// The last line, when the recording ended in the middle of it: the page shows the lines
  /// before it.
  var cutOffLine: Int?
  /// The state after each step, kept only while reading (for a replay's comparison).
  private var states: [JSONValue] = []

  /// The formats this inspector reads.
  static let supportedVersion = 2

  /// Reads `log`, the text of the file `file`.
  init(log text: String, file: String) throws(InspectorError) {
    self.file = file
    let lines = Self.lines(of: text)
    guard let first = lines.first else {
      throw .invalidLine(file: file, line: 1, detail: "the file is empty, not a session log")
    }
    let header = try Self.parse(first, file: file, line: 1)
    guard header["format"] == .string("loop-session"),
      case let .number(version)? = header["version"],
      let number = Int(version)
    else {
      throw .invalidLine(
        file: file, line: 1, detail: "not a Loop session log (no loop-session header)")
    }
    guard number <= Self.supportedVersion else {
      throw .newerFormat(file: file, version: number, supported: Self.supportedVersion)
    }
    self.version = number
    if case let .string(name)? = header["name"] { self.name = name } else { self.name = "" }
    let initial = header["initialState"].flatMap { $0 == .null ? nil : $0 }
    initialState = initial
    var state = initial
    var effectIndex: [Int: Int] = [:]
    // NB: A recording cut off mid-line (the app was killed as it wrote) ends in a line with no
    // newline after it that is not JSON: the page shows everything before it, and says so.
    let isTerminated = text.last?.isNewline ?? false
    for (index, line) in lines.enumerated().dropFirst() {
      let lineNumber = index + 1
      let value: JSONValue
      do {
        value = try Self.parse(line, file: file, line: lineNumber)
      } catch {
        guard index == lines.count - 1, !isTerminated else { throw error }
        cutOffLine = lineNumber
        break
      }
      let offset = value["offset"].map(Self.seconds) ?? "0"
      if let action = value["action"] {
        let after = value["state"]
        var changes: [StateChange] = []
        if let before = state, let after {
          changes = StateDiff.changes(from: before, to: after)
        }
        if let after {
          state = after
          states.append(after)
        }
        let cause: Int? = if case let .number(text)? = value["cause"] { Int(text) } else { nil }
        guard case let .string(origin)? = value["origin"], origin == "user" || origin == "effect"
        else {
          throw .invalidLine(
            file: file, line: lineNumber, detail: "origin: missing, or not user or effect")
        }
        steps.append(
          Step(
            number: steps.count + 1, line: lineNumber, offset: offset, origin: origin, cause: cause,
            action: action, changes: changes))
      } else if case let .number(idText)? = value["effect"], let id = Int(idText),
        case let .string(event)? = value["event"]
      {
        // NB: The checks `SessionLog` makes of effect lines, with its words.
        switch (event, effectIndex[id]) {
        case ("started", nil):
          guard case let .number(text)? = value["cause"], let cause = Int(text) else {
            throw .invalidLine(file: file, line: lineNumber, detail: "cause: missing")
          }
          effectIndex[id] = effects.count
          effects.append(Effect(id: id, cause: cause, started: offset))
        case ("started", _?):
          throw .invalidLine(file: file, line: lineNumber, detail: "effect \(id) started twice")
        case (_, let position?) where effects[position].outcome == nil:
          effects[position].ended = offset
          effects[position].outcome = event
        case (_, _?):
          throw .invalidLine(file: file, line: lineNumber, detail: "effect \(id) ended twice")
        case (_, nil):
          throw .invalidLine(
            file: file, line: lineNumber, detail: "effect \(id) ended but never started")
        }
      } else {
        throw .invalidLine(
          file: file, line: lineNumber, detail: "neither an action nor an effect's event")
      }
    }
  }

  /// Compares with `replay`, a log of the same session replayed (or recorded again): finds the
  /// first step whose states differ.
  mutating func compare(with replay: SessionInspection) {
    if let recorded = initialState, let replayed = replay.initialState, recorded != replayed {
      divergence = Divergence(step: 0, recorded: recorded, replayed: replayed)
      return
    }
    for (index, (recorded, replayed)) in zip(states, replay.states).enumerated()
    where recorded != replayed {
      divergence = Divergence(step: index + 1, recorded: recorded, replayed: replayed)
      return
    }
    // NB: Every state both have is the same: the shorter one ends early. Shown at its last
    // step, where the two are still equal.
    let step = min(states.count, replay.states.count)
    if states.count != replay.states.count, let shared = step > 0 ? states[step - 1] : initialState
    {
      divergence = Divergence(
        step: step, recorded: shared, replayed: shared,
        note:
          "The recording has \(states.count) states after its actions, the replay \(replay.states.count)."
      )
    }
  }

  /// The lines of `text`, without a blank last line; "\r\n" is one line ending.
  private static func lines(of text: String) -> [Substring] {
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
    return lines
  }

  private static func parse(_ line: Substring, file: String, line number: Int)
    throws(InspectorError)
    -> JSONValue
  {
    do {
      return try JSONParser.parse(line)
    } catch {
      throw .invalidLine(file: file, line: number, detail: error.description)
    }
  }

  /// An offset as the page shows it: seconds, to the microsecond.
  private static func seconds(_ value: JSONValue) -> String {
    guard case let .number(text) = value, let seconds = Double(text) else { return "0" }
    return String(Double(Int((seconds * 1_000_000).rounded())) / 1_000_000)
  }
}
