import Foundation
import Loop
import LoopTesting
import Testing

private struct Steps: Codable, Equatable {
  var count = 0
}

private enum Step: Codable, Equatable, Sendable {
  case up
  case down
}

private let steps = Reducer<Steps, Step, Void> { state, action, _ in
  state.count += action == .up ? 1 : -1
  return .none
}

/// `steps` with `.down` broken.
private let brokenSteps = Reducer<Steps, Step, Void> { state, action, _ in
  state.count += 1
  return .none
}

/// A log of up, up, down, recorded from a store.
@MainActor
private func recordedSteps() throws -> SessionLog<Steps, Step> {
  let buffer = SessionLogBuffer()
  let store = Store(initialState: Steps(), reducer: steps, environment: ())
  store.record(to: SessionRecorder(name: "steps", to: .buffer(buffer)))
  store.send(.up)
  store.send(.up)
  store.send(.down)
  return try SessionLog(text: buffer.text)
}

@MainActor
@Suite("expectReplay")
struct ExpectReplayTests {
  @Test("a recorded session replays as a passing check")
  func passes() throws {
    let replay = expectReplay(try recordedSteps(), reducer: steps, environment: ())
    #expect(replay?.steps.last?.state == Steps(count: 1))
  }

  @Test("a changed reducer fails the check at the first divergent state, with the diff")
  func fails() async throws {
    let log = try recordedSteps()
    await expectFailure(
      """
      The replay differs from the recording at line 4 of the log, after Step.down (sent by the \
      user).

      (Recorded: −, Replayed: +)
        Steps(
      −   count: 1
      +   count: 3
        )

      If the reducer's new behaviour is intended, record the session again; otherwise this \
      action now changes the state differently from when it was recorded.
      """
    ) {
      expectReplay(log, reducer: brokenSteps, environment: ())
    }
  }

  @Test("a log file that diverges also writes the replay, and says how to see both in loop-inspect")
  func divergedFileWritesTheReplay() async throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("loop-expect-replay-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let buffer = SessionLogBuffer()
    let store = Store(initialState: Steps(), reducer: steps, environment: ())
    store.record(to: SessionRecorder(name: "steps", to: .buffer(buffer)))
    store.send(.up)
    store.send(.down)
    try Data(buffer.text.utf8).write(to: url)
    let messages = LockedState<[String]>([])
    withKnownIssue {
      expectReplay(of: url, reducer: brokenSteps, environment: ())
    } matching: { issue in
      messages.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
      return true
    }
    let message = try #require(messages.withLock { $0 }.first)
    #expect(messages.withLock { $0.count } == 1)
    let lines = message.split(separator: "\n")
    #expect(
      lines.first
        == "The replay differs from the recording at line 3 of the log, after Step.down (sent by the user)."
    )
    #expect(lines.dropLast().last == "To see the recording and the replay side by side:")
    let command = try #require(lines.last)
    #expect(command.hasPrefix("  swift run loop-inspect \(url.path) --replay "))
    let replayed = URL(fileURLWithPath: String(command.split(separator: " ").last ?? ""))
    defer { try? FileManager.default.removeItem(at: replayed) }
    let log = try SessionLog<Steps, Step>(contentsOf: replayed)
    #expect(log.entries.map(\.state) == [Steps(count: 1), Steps(count: 2)])
  }

  @Test("a log that cannot be read fails the check with its error, naming the line")
  func unreadable() async throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("loop-expect-replay-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data("{\"format\":\"loop-session\",\"version\":1}\n{\"action\":".utf8).write(to: url)
    await expectFailure(
      "The session log could not be read: line 2: the line is cut off (the recording ended "
        + "mid-line)"
    ) {
      expectReplay(of: url, reducer: steps, environment: ())
    }
  }

  @Test("a log without states fails the check: there is nothing to compare")
  func withoutStates() async throws {
    var log = try recordedSteps()
    log.initialState = nil
    await expectFailure(
      """
      The session log holds no states, so a replay has nothing to check.

      To fix, record with SessionRecorder(recordingStates: true, …), the default.
      """
    ) {
      expectReplay(log, reducer: steps, environment: ())
    }
  }
}
