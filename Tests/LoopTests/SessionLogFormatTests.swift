import Foundation
import LoopSessionFormat
import Testing

@testable import Loop

/// The session-log format has one definition, `SessionLogFormat`: the field names LoopInspector
/// reads (`SessionLogFormat.Field`) are the keys the recorder's types encode.
@Suite("One definition of the session-log format")
struct SessionLogFormatTests {
  typealias Field = SessionLogFormat.Field

  func keys(_ value: some Encodable) throws -> Set<String> {
    let data = try JSONEncoder().encode(value)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return Set(object?.keys.map { $0 } ?? [])
  }

  @Test("the header, an action line and an effect line encode the field names LoopInspector reads")
  func fieldNames() throws {
    let header = SessionLogFormat.Header<Int>(name: "n", states: true, initialState: 0)
    #expect(
      try keys(header)
        == [Field.format, Field.version, Field.name, Field.states, Field.initialState])
    let entry = SessionLogFormat.Entry<String, Int>(
      origin: .effect, offset: 1, action: "a", cause: 1, state: 2)
    #expect(
      try keys(entry)
        == [Field.origin, Field.offset, Field.action, Field.cause, Field.state])
    let event = SessionLogFormat.EffectEvent(effect: 1, event: .started, cause: 1, offset: 0)
    #expect(try keys(event) == [Field.effect, Field.event, Field.cause, Field.offset])
    #expect(SessionLogFormat.name == "loop-session")
  }

  @Test("Loop's origins and effect events are the format's values")
  func values() {
    #expect(
      [ActionOrigin.user, .effect].map(\.rawValue)
        == SessionLogFormat.Origin.allCases.map(\.rawValue))
    #expect(
      [SessionLogEffect.Event.started, .finished, .cancelled].map(\.rawValue)
        == SessionLogFormat.Event.allCases.map(\.rawValue))
  }
}
