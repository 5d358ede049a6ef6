import Foundation
import LoopSessionFormat

/// Records every action a store reduces — who sent it, when, and optionally the state after
/// it — as a JSON Lines session log (see ``SessionLog``).
///
/// ```swift
/// let recorder = SessionRecorder<AppState, AppAction>(name: "app", to: try .file(url))
/// store.record(to: recorder)
/// ```
///
/// Actions (and states, when recorded) must be `Codable`. Recording is opt-in: a store that
/// records nothing pays one `nil` check per action. When on, each action is encoded and
/// written as it is reduced, on the main actor. The store's environment is never written,
/// only its actions and states: keep secrets out of those.
///
/// A line that cannot be encoded or written is not dropped silently: it is reported as a
/// runtime warning and kept in ``failures``.
@MainActor
public final class SessionRecorder<State, Action> {
  private let sink: SessionLogSink
  private let encodeHeader: (State) throws -> String
  private let encodeEntry: (Action, ActionOrigin, Int?, Double, Double, State) throws -> String
  private let encodeJump: (Int, Double, State) throws -> String
  /// Encodes every line: the header's and entries' closures share it with the effects' lines.
  private let encoder: SessionLineEncoder
  private var start = ContinuousClock.now
  /// How many actions were recorded.
  public private(set) var entryCount = 0
  /// How many effects were recorded starting.
  private var effectCount = 0

  /// Told of each action recorded, after its line is written: how a live inspector keeps
  /// the actions it replays for a jump.
  package var didRecord: ((Action) -> Void)?

  /// Told of each line that could not be recorded, with its entry (0: the header; `nil`: an
  /// effect's event), before the warning: how a live inspector keeps its steps numbered as the
  /// recorder numbers them.
  package var didFail: ((SessionLogError, Int?) -> Void)?

  /// Lines that could not be encoded or written.
  public private(set) var failures: [SessionLogError] = []

  /// A recorder of actions only, for a state that is not `Encodable` (replay then needs the
  /// initial state, and cannot check states).
  ///
  /// - Parameters:
  ///   - name: A name for the log's header: which app or feature recorded it.
  ///   - sink: Where the lines go.
  ///   - redaction: What to hide before encoding (``SessionRedaction``): nothing by default.
  @_disfavoredOverload
  public convenience init(
    name: String = "", redacting redaction: SessionRedaction<State, Action> = .none,
    to sink: SessionLogSink
  ) where Action: Encodable {
    self.init(
      name: name, recordingStates: false, redaction: redaction, sink: sink,
      recorded: { _ in SessionLogFormat.Skipped() })
  }

  /// A recorder of actions and, if `recordingStates`, the state after each.
  ///
  /// - Parameters:
  ///   - name: A name for the log's header: which app or feature recorded it.
  ///   - recordingStates: Whether to write the state after each action (and the initial
  ///     state), so a replay can find the first state that differs.
  ///   - redaction: What to hide before encoding (``SessionRedaction``): nothing by default.
  ///     Replay with the same redaction.
  ///   - sink: Where the lines go.
  public convenience init(
    name: String = "", recordingStates: Bool = true,
    redacting redaction: SessionRedaction<State, Action> = .none, to sink: SessionLogSink
  )
  where State: Encodable, Action: Encodable {
    self.init(
      name: name, recordingStates: recordingStates, redaction: redaction, sink: sink,
      recorded: redaction.state)
  }

  /// A recorder that writes, if `recordingStates`, what `recorded` gives for each state.
  private init<Recorded: Encodable>(
    name: String, recordingStates: Bool, redaction: SessionRedaction<State, Action>,
    sink: SessionLogSink, recorded: @escaping (State) -> Recorded
  ) where Action: Encodable {
    let encoder = SessionLineEncoder()
    self.encoder = encoder
    self.sink = sink
    encodeHeader = { state in
      try encoder.line(
        SessionLogFormat.Header(
          name: name, states: recordingStates,
          initialState: recordingStates ? recorded(state) : nil))
    }
    if recordingStates {
      encodeEntry = { action, origin, cause, offset, reduce, state in
        try encoder.entryLine(
          origin: origin, offset: offset, action: redaction.action(action), cause: cause,
          reduce: reduce, state: recorded(state), includingState: true)
      }
    } else {
      encodeEntry = { action, origin, cause, offset, reduce, _ in
        try encoder.entryLine(
          origin: origin, offset: offset, action: redaction.action(action), cause: cause,
          reduce: reduce, state: SessionLogFormat.Skipped(), includingState: false)
      }
    }
    encodeJump = { target, offset, state in
      try encoder.line(
        SessionLogFormat.Jump(
          jump: target, offset: offset, state: recordingStates ? recorded(state) : nil))
    }
  }

  /// Whether the header is written: a recorder records one session.
  private var hasBegun = false

  /// Writes the header, with the state recording starts from; returns `false`, with a runtime
  /// warning, if this recorder already recorded a session.
  func begin(initialState: State) -> Bool {
    guard !hasBegun else {
      reportRuntimeWarning(
        """
        record(to:) was given a session recorder that already recorded a session; nothing \
        more is recorded into it.

        A log holds one session, from one initial state. To fix, make a new SessionRecorder \
        (and a new log) for each recording.
        """)
      return false
    }
    hasBegun = true
    start = .now
    write(entry: 0) { try encodeHeader(initialState) }
    return true
  }

  /// Records one reduced action, reduced from `reduceStart` to `reduceEnd`, and the state
  /// after it. The action's offset is when its reduce ended.
  @usableFromInline
  func record(
    _ action: Action, sender: ActionSender, reducedFrom reduceStart: ContinuousClock.Instant,
    to reduceEnd: ContinuousClock.Instant, state: State
  ) {
    entryCount += 1
    let offset = start.duration(to: reduceEnd).inSeconds
    let reduce = reduceStart.duration(to: reduceEnd).inSeconds
    write(entry: entryCount) {
      try encodeEntry(action, sender.origin, sender.cause, offset, reduce, state)
    }
    didRecord?(action)
  }

  /// Records that a live inspector set the store to the state after entry `target`: a line
  /// numbered as an entry is, so later causes count it.
  package func recordJump(to target: Int, state: State) {
    entryCount += 1
    let offset = start.duration(to: .now).inSeconds
    write(entry: entryCount) { try encodeJump(target, offset, state) }
  }

  /// Records that the store started an effect the last recorded action's reduce returned;
  /// returns what records its end.
  @usableFromInline
  func effectStarted() -> EffectRecording {
    effectCount += 1
    let id = effectCount
    writeEvent(.started, of: id, cause: entryCount)
    return EffectRecording { [weak self] cancelled in
      self?.writeEvent(cancelled ? .cancelled : .finished, of: id, cause: nil)
    }
  }

  private func writeEvent(_ event: SessionLogEffect.Event, of id: Int, cause: Int?) {
    let offset = start.duration(to: .now).inSeconds
    write(entry: nil) {
      try encoder.effectLine(effect: id, event: event, cause: cause, offset: offset)
    }
  }

  /// Writes a line: the header (`entry` 0), the action `entry`, or an effect's event (`nil`).
  private func write(entry: Int?, _ line: () throws -> String) {
    let text: String
    do {
      text = try line()
    } catch {
      return fail(entry: entry, .encoding(entry: entry ?? entryCount, detail: "\(error)"))
    }
    do {
      try sink.write(text)
    } catch {
      fail(entry: entry, .file(path: "the session log", detail: "\(error)"))
    }
  }

  private func fail(entry: Int?, _ failure: SessionLogError) {
    failures.append(failure)
    didFail?(failure, entry)
    // NB: An encoding failure's own text starts "entry N could not be recorded": say it once.
    let reason =
      if case let .encoding(_, detail) = failure { detail } else { "\(failure)" }
    let what =
      switch entry {
      case 0: "its header"
      case let entry?: "entry \(entry)"
      case nil: "an effect's event"
      }
    reportRuntimeWarning(
      """
      A session recorder could not record \(what): \
      \(reason)

      The store went on; the log misses this line. To fix, make the action and state encode \
      (a Double that is not finite does not), or check where the log is written.
      """)
  }
}
