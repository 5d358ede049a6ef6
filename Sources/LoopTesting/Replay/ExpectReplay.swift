import Foundation
import Loop
import Testing

/// Replays a recorded session through `reducer` as a Swift Testing check: fails at the first
/// state that differs from the recorded one, with the action that led to it and a diff of only
/// what differs; passes otherwise.
///
/// ```swift
/// @Test func recordedSession() throws {
///   let url = try #require(Bundle.module.url(forResource: "session", withExtension: "jsonl"))
///   expectReplay(of: url, reducer: AppFeature.reducer, environment: .unimplemented)
/// }
/// ```
///
/// Effects are not run (the log holds what they fed back), so the check is of the reducer:
/// give it an environment whose services fail when called.
///
/// - Parameters:
///   - url: A log written by a `SessionRecorder` that recorded states.
///   - reducer: The feature's reducer.
///   - environment: Its environment.
///   - redaction: The one the session was recorded with, if any (`SessionRedaction`).
///   - sourceLocation: Where a failure is reported; the caller's line by default.
/// - Returns: The replay, for further checks; `nil` if the log could not be read (which fails
///   the test with the log's error, naming the line).
@discardableResult
public func expectReplay<State: Equatable & Decodable, Action: Decodable, Environment>(
  of url: URL, reducer: Reducer<State, Action, Environment>, environment: Environment,
  redacting redaction: SessionRedaction<State, Action> = .none,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Replay<State, Action>? {
  guard let log: SessionLog<State, Action> = readLog(url, sourceLocation: sourceLocation) else {
    return nil
  }
  return expectReplay(
    log, reducer: reducer, environment: environment, redacting: redaction,
    sourceLocation: sourceLocation)
}

/// Replays the recorded session at `url` through `reducer`, as the other `expectReplay(of:…)`
/// does; when the replay diverges, it also writes the replay as a session log beside the
/// system's temporary files and says, in the failure, how to see both side by side:
///
/// ```text
/// To see the recording and the replay side by side:
///   swift run loop-inspect /path/session.jsonl --replay /tmp/session.replayed-….jsonl
/// ```
@discardableResult
public func expectReplay<State: Equatable & Codable, Action: Codable, Environment>(
  of url: URL, reducer: Reducer<State, Action, Environment>, environment: Environment,
  redacting redaction: SessionRedaction<State, Action> = .none,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Replay<State, Action>? {
  guard let log: SessionLog<State, Action> = readLog(url, sourceLocation: sourceLocation) else {
    return nil
  }
  return checkReplay(
    log, reducer: reducer, environment: environment, redaction: redaction,
    sourceLocation: sourceLocation
  ) { replay in
    let replayed = FileManager.default.temporaryDirectory.appendingPathComponent(
      url.deletingPathExtension().lastPathComponent
        + ".replayed-\(UUID().uuidString.prefix(8)).jsonl")
    do {
      try replay.write(to: replayed, redacting: redaction)
      return """


        To see the recording and the replay side by side:
          swift run loop-inspect \(url.path) --replay \(replayed.path)
        """
    } catch {
      return
        "\n\n(The replay could not be written for loop-inspect: \(error.localizedDescription).)"
    }
  }
}

/// Replays `log` through `reducer` as a Swift Testing check: fails at the first state that
/// differs from the recorded one; passes otherwise.
///
/// ```swift
/// let log = try SessionLog<AppState, AppAction>(text: recorded)
/// expectReplay(log, reducer: AppFeature.reducer, environment: .unimplemented)
/// ```
///
/// A log without states cannot be checked: that fails the test.
///
/// - Parameters:
///   - log: A log read with `SessionLog`, holding states.
///   - reducer: The feature's reducer.
///   - environment: Its environment.
///   - redaction: The one the session was recorded with, if any (`SessionRedaction`).
///   - sourceLocation: Where a failure is reported; the caller's line by default.
/// - Returns: The replay, for further checks; `nil` if it could not run.
@discardableResult
public func expectReplay<State: Equatable, Action, Environment>(
  _ log: SessionLog<State, Action>, reducer: Reducer<State, Action, Environment>,
  environment: Environment, redacting redaction: SessionRedaction<State, Action> = .none,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Replay<State, Action>? {
  checkReplay(
    log, reducer: reducer, environment: environment, redaction: redaction,
    sourceLocation: sourceLocation, explaining: nil)
}

/// Replays `log` and fails the test at its first divergence, adding what `explaining` says
/// about the replay to the failure.
private func checkReplay<State: Equatable, Action, Environment>(
  _ log: SessionLog<State, Action>, reducer: Reducer<State, Action, Environment>,
  environment: Environment, redaction: SessionRedaction<State, Action>,
  sourceLocation: SourceLocation, explaining: ((Replay<State, Action>) -> String)?
) -> Replay<State, Action>? {
  guard log.initialState != nil, log.entries.allSatisfy({ $0.state != nil }) else {
    Issue.record(
      Comment(
        rawValue: """
          The session log holds no states, so a replay has nothing to check.

          To fix, record with SessionRecorder(recordingStates: true, …), the default.
          """), sourceLocation: sourceLocation)
    return nil
  }
  let replay: Replay<State, Action>
  do {
    replay = try log.replay(reducer: reducer, environment: environment, redacting: redaction)
  } catch {
    Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
    return nil
  }
  if let divergence = replay.divergence {
    Issue.record(
      Comment(rawValue: divergence.description + (explaining?(replay) ?? "")),
      sourceLocation: sourceLocation)
  }
  return replay
}

/// The log at `url`; `nil`, failing the test with the log's error, if it cannot be read.
private func readLog<State: Decodable, Action: Decodable>(
  _ url: URL, sourceLocation: SourceLocation
) -> SessionLog<State, Action>? {
  do {
    return try SessionLog(contentsOf: url)
  } catch {
    Issue.record(
      Comment(rawValue: "The session log could not be read: \(error)"),
      sourceLocation: sourceLocation)
    return nil
  }
}
