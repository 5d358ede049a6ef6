// Recorded and replayed states are values (Sources/Loop/Recording/Replay.swift): a replay of a
// session whose state holds shared values never writes the log's states, and stepping a
// history shows each step as it was recorded.
import Foundation
import LoopTesting
import Testing

@testable import Loop

@MainActor
@Suite("Recorded states are values")
struct RecordedValuesModelTests {
  /// A state as JSON with sorted keys: what "the value it was" means, shared values included.
  private func text(_ state: Records.State?) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(state), as: UTF8.self)
  }

  private func randomAction(_ random: inout SeededRandom, ids: [Int]) -> Records.Action {
    let id = ids.randomElement(using: &random) ?? 1
    switch Int.random(in: 0..<5, using: &random) {
    case 0:
      return .add(
        Int.random(in: 1...9, using: &random), "t\(Int.random(in: 0...99, using: &random))")
    case 1: return .open(id)
    case 2: return .remove(id)
    case 3: return .detail(.presented(.rename("r\(Int.random(in: 0...99, using: &random))")))
    default: return .detail(.dismiss)
    }
  }

  @Test("replaying twice and stepping back and forth never changes the log: 300 seeded sessions")
  func replayKeepsTheLog() async throws {
    var random = SeededRandom(seed: 47)
    for await session in SeededRandom.seeds(300) {
      let buffer = SessionLogBuffer()
      let store = Store(
        initialState: Records.state([.init(id: 1, title: "Milk")]), reducer: Records.reducer,
        environment: ())
      store.record(to: SessionRecorder(name: "records", to: .buffer(buffer)))
      for _ in 0..<Int.random(in: 1...12, using: &random) {
        store.send(
          randomAction(&random, ids: store.state.records.wrappedValue.map(\.id)))
      }
      store.stopRecording()
      let log = try SessionLog<Records.State, Records.Action>(text: buffer.text)
      let recorded = try [text(log.initialState)] + log.entries.map { try text($0.state) }

      for _ in 0..<2 {
        let replay = try log.replay(reducer: Records.reducer, environment: ())
        #expect(replay.divergence == nil, "session \(session)")
        #expect(try text(replay.initialState) == recorded[0], "session \(session)")
        for index in replay.steps.indices {
          #expect(try text(replay.state(before: index)) == recorded[index], "session \(session)")
          #expect(try text(replay.steps[index].state) == recorded[index + 1])
        }
        var history = SessionHistory(replay)
        for _ in 0..<20 {
          history.move(to: Int.random(in: 0...history.actions.count, using: &random))
          #expect(try text(history.state) == recorded[history.position], "session \(session)")
        }
      }
      #expect(try [text(log.initialState)] + log.entries.map { try text($0.state) } == recorded)
    }
  }

  @Test("a replay from a state the caller holds leaves the caller's shared values alone")
  func replayLeavesTheCallersState() throws {
    let buffer = SessionLogBuffer()
    let store = Store(initialState: Records.state(), reducer: Records.reducer, environment: ())
    store.record(to: SessionRecorder(name: "records", to: .buffer(buffer)))
    store.send(.add(2, "Bread"))
    store.stopRecording()
    let start = Records.State(
      records: Shared(wrappedValue: [], .inMemory("replay-start")), detail: nil)
    _ = try SessionLog<Records.State, Records.Action>(text: buffer.text)
      .replay(reducer: Records.reducer, environment: (), from: start)
    #expect(start.records.wrappedValue.isEmpty)
  }
}
