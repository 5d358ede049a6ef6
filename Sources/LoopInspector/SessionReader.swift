import LoopSessionFormat

/// Reads a session log for the inspector a line at a time: its header first, then one step
/// per reduced action, checking each effect line on the way. It keeps the state it is at and
/// the effects (a few numbers each), never the steps it has returned, so a long log is read
/// in the memory of one state.
///
/// ```swift
/// var reader = try SessionReader(lines: try LogLines(contentsOf: path), file: path)
/// while let step = try reader.nextStep() { … }
/// reader.effects   // every effect, once the last step is read
/// ```
///
/// Whatever a log holds is data: a value out of range (an offset of 1e300, a cause that names
/// no action) is an ``InspectorError`` naming the line, as `SessionLog` refuses it.
struct SessionReader {
  /// One reduced action.
  struct Step {
    var number: Int
    var line: Int
    /// Seconds from the start of the recording, to the microsecond.
    var offset: Double
    var origin: SessionLogFormat.Origin
    var cause: Int?
    /// Seconds the reduce took, to the nanosecond; `nil` in a log that did not record it.
    var reduce: Double?
    var action: JSONValue
    /// What the action changed in the state; empty when the log holds no states.
    var changes: [StateChange]
    /// For a live inspector's jump (a line no file holds): the action whose state the store
    /// was set to; `action` is then `{"jump": n}`.
    var jump: Int? = nil
  }

  /// One effect the store started.
  struct Effect {
    var id: Int
    var cause: Int
    var started: Double
    var ended: Double?
    /// How it ended: `finished` or `cancelled`.
    var outcome: SessionLogFormat.Event?
  }

  let file: String
  let name: String
  let version: Int
  let initialState: JSONValue?
  /// The effects read so far, in the order they started.
  private(set) var effects: [Effect] = []
  /// The last line, when the recording ended in the middle of it (known once the steps end).
  private(set) var cutOffLine: Int?
  /// The state the line of the last step gave (`nil` when it gave none).
  private(set) var lastState: JSONValue?
  private var lines: LogLines
  private var state: JSONValue?
  private var stepCount = 0
  private var effectIndex: [Int: Int] = [:]
  /// Where in ``effects`` the effect of the last effect line read is.
  private var lastEffectPosition: Int?
  /// The state after the last step (the initial state before the first).
  var currentState: JSONValue? { state }

  /// The formats this inspector reads: every version up to the one Loop writes.
  static let supportedVersion = SessionLogFormat.version
  /// The largest offset a log may give, in seconds (``SessionLogFormat/maximumOffset``).
  static let maximumOffset = SessionLogFormat.maximumOffset
  private typealias Field = SessionLogFormat.Field

  /// Reads the header of the log whose lines are `lines`, the file `file`.
  init(lines: LogLines, file: String) throws(InspectorError) {
    self.file = file
    self.lines = lines
    guard let first = try self.lines.next() else {
      throw .invalidLine(file: file, line: 1, detail: "the file is empty, not a session log")
    }
    let header = try Self.parse(first, file: file, line: 1)
    guard header[Field.format] == .string(SessionLogFormat.name),
      case let .number(versionText)? = header[Field.version],
      let number = Int(versionText)
    else {
      throw .invalidLine(
        file: file, line: 1, detail: "not a Loop session log (no loop-session header)")
    }
    guard number <= Self.supportedVersion else {
      throw .newerFormat(file: file, version: number, supported: Self.supportedVersion)
    }
    version = number
    if case let .string(name)? = header[Field.name] { self.name = name } else { self.name = "" }
    initialState = header[Field.initialState].flatMap { $0 == .null ? nil : $0 }
    state = initialState
  }

  /// The next step; effect lines before it are checked and kept in ``effects``. `nil` after
  /// the last.
  mutating func nextStep() throws(InspectorError) -> Step? {
    while let bytes = try lines.next() {
      let line = lines.number
      let value: JSONValue
      do {
        value = try Self.parse(bytes, file: file, line: line)
      } catch {
        // NB: A recording cut off mid-line (the app was killed as it wrote) ends in a line
        // with no newline after it that is not JSON: the page shows every line before it.
        guard lines.lastIsUnterminated else { throw error }
        cutOffLine = line
        return nil
      }
      if let step = try read(value, line: line) { return step }
    }
    return nil
  }

  /// Reads one line after the header, `line` of the log: the step it is, or `nil` for an
  /// effect's event (kept in ``effects``, and in ``lastEffect``).
  mutating func read(_ value: JSONValue, line: Int) throws(InspectorError) -> Step? {
    let offset = try seconds(value[Field.offset], line: line)
    if let action = value[Field.action] {
      guard case let .string(text)? = value[Field.origin],
        let origin = SessionLogFormat.Origin(rawValue: text)
      else {
        throw .invalidLine(
          file: file, line: line, detail: "origin: missing, or not user or effect")
      }
      let cause = try self.cause(value[Field.cause], line: line)
      let reduce = try self.reduce(value[Field.reduce], line: line)
      return Step(
        number: nextNumber(), line: line, offset: offset, origin: origin, cause: cause,
        reduce: reduce, action: action, changes: advance(to: value[Field.state]))
    }
    if let target = value[Field.jump] {
      let jump = try actionNumber(target, line: line, field: Field.jump, lowest: 0) ?? 0
      return Step(
        number: nextNumber(), line: line, offset: offset, origin: .user, cause: nil,
        reduce: nil, action: .object([(Field.jump, target)]),
        changes: advance(to: value[Field.state]), jump: jump)
    }
    guard let id = try effectID(value[Field.effect], line: line),
      case let .string(event)? = value[Field.event]
    else {
      throw .invalidLine(
        file: file, line: line, detail: "neither an action nor an effect's event")
    }
    try add(event, of: id, cause: value[Field.cause], at: offset, line: line)
    return nil
  }

  /// Moves to the state a line gave, if it gave one; what changed.
  private mutating func advance(to after: JSONValue?) -> [StateChange] {
    var changes: [StateChange] = []
    if let before = state, let after { changes = StateDiff.changes(from: before, to: after) }
    if let after { state = after }
    lastState = after
    return changes
  }

  private mutating func nextNumber() -> Int {
    stepCount += 1
    return stepCount
  }

  /// The effect the last effect line read started or ended.
  var lastEffect: Effect? {
    lastEffectPosition.map { effects[$0] }
  }

  /// Forgets the effects that ended and were started by an action before `cause`: a live
  /// inspector keeps only the effects of the steps it keeps.
  mutating func forgetEndedEffects(startedBefore cause: Int) {
    effects.removeAll { $0.outcome != nil && $0.cause < cause }
    effectIndex = [:]
    for (position, effect) in effects.enumerated() { effectIndex[effect.id] = position }
    lastEffectPosition = nil
  }

  /// Adds an effect's event, with the checks `SessionLog` makes, in its words.
  private mutating func add(
    _ event: String, of id: Int, cause: JSONValue?, at offset: Double, line: Int
  ) throws(InspectorError) {
    guard let event = SessionLogFormat.Event(rawValue: event) else {
      throw .invalidLine(
        file: file, line: line, detail: "event: not started, finished or cancelled")
    }
    switch (event, effectIndex[id]) {
    case (.started, nil):
      guard let cause = try self.cause(cause, line: line) else {
        throw .invalidLine(file: file, line: line, detail: "cause: missing")
      }
      effectIndex[id] = effects.count
      lastEffectPosition = effects.count
      effects.append(Effect(id: id, cause: cause, started: offset))
    case (.started, _?):
      throw .invalidLine(file: file, line: line, detail: "effect \(id) started twice")
    case (_, let position?) where effects[position].outcome == nil:
      lastEffectPosition = position
      effects[position].ended = offset
      effects[position].outcome = event
    case (_, _?):
      throw .invalidLine(file: file, line: line, detail: "effect \(id) ended twice")
    case (_, nil):
      throw .invalidLine(file: file, line: line, detail: "effect \(id) ended but never started")
    }
  }

  /// A line's `offset`: seconds from 0 to ``maximumOffset``, to the microsecond; 0 when the
  /// line has none (format 1 wrote one on every line, but a page need not refuse its absence).
  private func seconds(_ value: JSONValue?, line: Int) throws(InspectorError) -> Double {
    guard let value else { return 0 }
    let seconds = try self.seconds(
      value, line: line, field: Field.offset, meaning: "a time in the recording")
    return (seconds * 1_000_000).rounded() / 1_000_000
  }

  /// An action's `reduce`: seconds from 0 to ``maximumOffset``, to the nanosecond; `nil` when
  /// the line has none.
  private func reduce(_ value: JSONValue?, line: Int) throws(InspectorError) -> Double? {
    guard let value, value != .null else { return nil }
    let seconds = try self.seconds(
      value, line: line, field: Field.reduce, meaning: "how long a reduce took")
    return (seconds * 1e9).rounded() / 1e9
  }

  /// `value` as seconds from 0 to ``maximumOffset``, or an error naming `field` and what it
  /// should have been.
  private func seconds(_ value: JSONValue, line: Int, field: String, meaning: String)
    throws(InspectorError) -> Double
  {
    guard case let .number(text) = value, let seconds = Double(text),
      (0...Self.maximumOffset).contains(seconds)
    else {
      throw .invalidLine(
        file: file, line: line,
        detail: "\(field): \(value.text) is not \(meaning) (0 to 1e9 seconds)")
    }
    return seconds
  }

  /// A `cause`: the number of an action already read.
  private func cause(_ value: JSONValue?, line: Int) throws(InspectorError) -> Int? {
    try actionNumber(value, line: line, field: Field.cause, lowest: 1)
  }

  /// A field naming an action already read, by its number from `lowest` (0: the initial
  /// state); `nil` when the line has none.
  private func actionNumber(_ value: JSONValue?, line: Int, field: String, lowest: Int)
    throws(InspectorError) -> Int?
  {
    guard let value, value != .null else { return nil }
    guard case let .number(text) = value, let number = Int(text),
      number >= lowest, number <= stepCount
    else {
      throw .invalidLine(
        file: file, line: line,
        detail:
          "\(field): \(value.text) names no action before this line (\(lowest) to \(stepCount))")
    }
    return number
  }

  /// An effect's number: a whole number from 1.
  private func effectID(_ value: JSONValue?, line: Int) throws(InspectorError) -> Int? {
    guard let value else { return nil }
    guard case let .number(text) = value, let id = Int(text), id > 0 else {
      throw .invalidLine(
        file: file, line: line, detail: "effect: \(value.text) is not an effect's number")
    }
    return id
  }

  private static func parse(_ line: ArraySlice<UInt8>, file: String, line number: Int)
    throws(InspectorError) -> JSONValue
  {
    do {
      return try JSONParser.parse(bytes: Array(line))
    } catch {
      throw .invalidLine(file: file, line: number, detail: error.description)
    }
  }
}
