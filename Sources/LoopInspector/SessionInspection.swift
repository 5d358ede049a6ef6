/// A session log read whole for the inspector: every step, the effects and — given a replay of
/// the same session — where the two first differ. For a log that fits in memory (tests, a
/// page made in a program); `loop-inspect` streams the same reading into its page instead.
///
/// ```swift
/// var inspection = try SessionInspection(log: text, file: "session.jsonl")
/// inspection.compare(with: try SessionInspection(log: replayed, file: "replayed.jsonl"))
/// let page = InspectorPage.html(for: inspection)
/// ```
struct SessionInspection {
  typealias Step = SessionReader.Step
  typealias Effect = SessionReader.Effect

  var file: String
  var name: String
  var version: Int
  var initialState: JSONValue?
  var steps: [Step] = []
  var effects: [Effect] = []
  var divergence: ReplayComparison.Divergence?
  /// The last line, when the recording ended in the middle of it.
  var cutOffLine: Int?
  /// The state each step's line gave.
  private var states: [JSONValue?] = []

  /// Reads `log`, the text of the file `file`.
  init(log text: String, file: String) throws(InspectorError) {
    var reader = try SessionReader(lines: LogLines(text: text), file: file)
    self.file = file
    name = reader.name
    version = reader.version
    initialState = reader.initialState
    while let step = try reader.nextStep() {
      steps.append(step)
      states.append(reader.lastState)
    }
    effects = reader.effects
    cutOffLine = reader.cutOffLine
  }

  /// Compares with `replay`, a log of the same session replayed (or recorded again): finds the
  /// first step whose states differ.
  mutating func compare(with replay: SessionInspection) {
    var comparison = ReplayComparison(recorded: initialState, replayed: replay.initialState)
    let recorded = states.compactMap { $0 }
    let replayed = replay.states.compactMap { $0 }
    for index in 0..<max(recorded.count, replayed.count) {
      comparison.next(
        recorded: index < recorded.count ? recorded[index] : nil,
        replayed: index < replayed.count ? replayed[index] : nil)
    }
    comparison.end()
    divergence = comparison.divergence
  }
}
