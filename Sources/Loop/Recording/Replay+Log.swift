import Foundation
import LoopSessionFormat

extension Replay where State: Encodable, Action: Encodable {
  /// The replay as a session log — each action with the state the reducer gave now — for
  /// `loop-inspect`, which shows it beside the recording and opens where they first differ.
  ///
  /// ```swift
  /// try replay.write(to: replayedURL, redacting: redaction)
  /// // swift run loop-inspect session.jsonl --replay replayed.jsonl
  /// ```
  ///
  /// - Parameters:
  ///   - url: The file to write; replaced atomically if it is there.
  ///   - redaction: The one the session was recorded with: what it hides stays out of the
  ///     replay's log too.
  public func write(
    to url: URL, redacting redaction: SessionRedaction<State, Action> = .none
  ) throws {
    let encoder = SessionLineEncoder()
    var text = try encoder.line(
      SessionLogFormat.Header(
        name: name, states: true, initialState: redaction.state(initialState)))
    text += "\n"
    for step in steps {
      text += try encoder.entryLine(
        origin: step.origin, offset: step.offset.inSeconds,
        action: redaction.action(step.action), cause: step.cause, reduce: nil,
        state: redaction.state(step.state), includingState: true)
      text += "\n"
    }
    try Data(text.utf8).write(to: url, options: .atomic)
  }
}
