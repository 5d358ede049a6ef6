import Foundation
import LoopSessionFormat
import LoopTesting
import Testing

@testable import Loop

/// A value of any shape `Codable` allows, built at random: every kind of container, nested and
/// super encoders, every primitive, the types `JSONEncoder` writes its own way, and values that
/// encode nothing or cannot be encoded.
private indirect enum Shape: Encodable {
  case null, bool(Bool), string(String), int(Int), int8(Int8), int16(Int16), int32(Int32)
  case int64(Int64), uint(UInt), uint8(UInt8), uint16(UInt16), uint32(UInt32), uint64(UInt64)
  case double(Double), float(Float)
  case date(Date), data(Data), url(URL), decimal(Decimal)
  case keyed([(String, Shape)])
  case unkeyed([Shape])
  case nestedKeyed(String, [(String, Shape)])
  case nestedUnkeyed(String, [Shape])
  case superEncoder(Shape)
  case superEncoderForKey(String, Shape)
  case unkeyedSuperEncoder(Shape)
  case nothing
  case dictionary([String: Shape])
  case intDictionary([Int: Shape])
  case synthesized(Synthesized)
  case optional(Shape?)

  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let value): try encodeSingle(value, to: encoder)
    case .string(let value): try encodeSingle(value, to: encoder)
    case .int(let value): try encodeSingle(value, to: encoder)
    case .int8(let value): try encodeSingle(value, to: encoder)
    case .int16(let value): try encodeSingle(value, to: encoder)
    case .int32(let value): try encodeSingle(value, to: encoder)
    case .int64(let value): try encodeSingle(value, to: encoder)
    case .uint(let value): try encodeSingle(value, to: encoder)
    case .uint8(let value): try encodeSingle(value, to: encoder)
    case .uint16(let value): try encodeSingle(value, to: encoder)
    case .uint32(let value): try encodeSingle(value, to: encoder)
    case .uint64(let value): try encodeSingle(value, to: encoder)
    case .double(let value): try encodeSingle(value, to: encoder)
    case .float(let value): try encodeSingle(value, to: encoder)
    case .date(let value): try encodeSingle(value, to: encoder)
    case .data(let value): try encodeSingle(value, to: encoder)
    case .url(let value): try encodeSingle(value, to: encoder)
    case .decimal(let value): try encodeSingle(value, to: encoder)
    case .keyed(let members):
      var container = encoder.container(keyedBy: Key.self)
      for (key, value) in members { try container.encode(value, forKey: Key(key)) }
    case .unkeyed(let items):
      var container = encoder.unkeyedContainer()
      for item in items { try container.encode(item) }
    case .nestedKeyed(let key, let members):
      var container = encoder.container(keyedBy: Key.self)
      var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key(key))
      for (key, value) in members { try nested.encode(value, forKey: Key(key)) }
    case .nestedUnkeyed(let key, let items):
      var container = encoder.container(keyedBy: Key.self)
      var nested = container.nestedUnkeyedContainer(forKey: Key(key))
      for item in items { try nested.encode(item) }
    case .superEncoder(let value):
      var container = encoder.container(keyedBy: Key.self)
      try value.encode(to: container.superEncoder())
    case .superEncoderForKey(let key, let value):
      var container = encoder.container(keyedBy: Key.self)
      try value.encode(to: container.superEncoder(forKey: Key(key)))
    case .unkeyedSuperEncoder(let value):
      var container = encoder.unkeyedContainer()
      try value.encode(to: container.superEncoder())
    case .nothing:
      break
    case .dictionary(let value): try value.encode(to: encoder)
    case .intDictionary(let value): try value.encode(to: encoder)
    case .synthesized(let value): try value.encode(to: encoder)
    case .optional(let value): try value.encode(to: encoder)
    }
  }

  private func encodeSingle<T: Encodable>(_ value: T, to encoder: any Encoder) throws {
    var single = encoder.singleValueContainer()
    try single.encode(value)
  }
}

/// Types whose `Codable` conformance the compiler writes, as an app's actions and states are.
private indirect enum Synthesized: Encodable {
  case plain
  case payload(Int, String)
  case labelled(name: String, count: Int?, rows: [Row])
  case nested(Synthesized?)

  struct Row: Encodable {
    var id: Int
    var title: String?
    var tags: Set<String>
    var at: Date
  }
}

private struct ShapeGenerator {
  var random: SeededRandom

  static let hostile = [
    "", "a", "é", "e\u{301}", "😀", "</script>", "<img src=x onerror=alert(1)>", "__proto__",
    "toString", "\"", "\\", "/", "\u{0}", "\u{1b}", "\u{7f}", "\u{85}", "\u{2028}", "\u{2029}",
    "\r\n", "\t", "\u{8}\u{c}", "\u{feff}", "\u{202e}", "10", "9", "A", "_", "super",
  ]

  mutating func string() -> String {
    if Bool.random(using: &random) { return Self.hostile.randomElement(using: &random) ?? "" }
    let ranges: [ClosedRange<UInt32>] = [
      0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF,
    ]
    var text = ""
    for _ in 0..<Int.random(in: 0...6, using: &random) {
      let range = ranges.randomElement(using: &random) ?? 0...0x7F
      if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) {
        text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  mutating func double() -> Double {
    switch Int.random(in: 0..<6, using: &random) {
    case 0:
      return [
        0, -0.0, 1, 2, 0.1, 1e-6, 1e15, 1e16, 1e300, -1e-300, .ulpOfOne,
        .leastNonzeroMagnitude, .greatestFiniteMagnitude, .nan, .infinity,
      ].randomElement(using: &random) ?? 0
    case 1: return Double(Int.random(in: -1_000_000...1_000_000, using: &random))
    case 2: return Double.random(in: -1...1, using: &random)
    default: return Double(bitPattern: random.next())
    }
  }

  mutating func shape(depth: Int) -> Shape {
    let leaves = 19
    let kinds = depth > 3 ? leaves : leaves + 13
    switch Int.random(in: 0..<kinds, using: &random) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2, 3: return .string(string())
    case 4: return .int(Int(truncatingIfNeeded: random.next()))
    case 5: return .int8(Int8(truncatingIfNeeded: random.next()))
    case 6: return .int16(Int16(truncatingIfNeeded: random.next()))
    case 7: return .int32(Int32(truncatingIfNeeded: random.next()))
    case 8: return .int64(Int64(truncatingIfNeeded: random.next()))
    case 9: return .uint(UInt(truncatingIfNeeded: random.next()))
    case 10: return .uint8(UInt8(truncatingIfNeeded: random.next()))
    case 11: return .uint16(UInt16(truncatingIfNeeded: random.next()))
    case 12: return .uint32(UInt32(truncatingIfNeeded: random.next()))
    case 13: return .uint64(random.next())
    case 14: return .double(double())
    case 15: return .float(Float(double()))
    case 16: return .date(Date(timeIntervalSinceReferenceDate: double()))
    case 17:
      return .data(
        Data(
          (0..<Int.random(in: 0...9, using: &random)).map { _ in
            UInt8.random(in: 0...255, using: &random)
          }))
    case 18:
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        return .url(
          URL(string: "https://example.com/a/b?q=\(Int.random(in: 0...99, using: &random))")
            ?? URL(fileURLWithPath: "/"))
      case 1: return .url(URL(fileURLWithPath: "/tmp/a b/é"))
      default:
        return .decimal(
          Decimal(
            string:
              "\(Int.random(in: -99999...99999, using: &random)).\(Int.random(in: 0...999, using: &random))"
          ) ?? 0)
      }
    case 19, 20: return .keyed(members(depth: depth))
    case 21: return .unkeyed(items(depth: depth))
    case 22: return .nestedKeyed(string(), members(depth: depth))
    case 23: return .nestedUnkeyed(string(), items(depth: depth))
    case 24: return .superEncoder(shape(depth: depth + 1))
    case 25: return .superEncoderForKey(string(), shape(depth: depth + 1))
    case 26: return .unkeyedSuperEncoder(shape(depth: depth + 1))
    case 27: return .nothing
    case 28:
      return .dictionary(Dictionary(members(depth: depth), uniquingKeysWith: { $1 }))
    case 29:
      return .intDictionary(
        Dictionary(
          members(depth: depth).map { (Int.random(in: -9...9, using: &random) + $0.0.count, $0.1) },
          uniquingKeysWith: { $1 }))
    case 30: return .synthesized(synthesized(depth: depth))
    default: return .optional(Bool.random(using: &random) ? shape(depth: depth + 1) : nil)
    }
  }

  mutating func members(depth: Int) -> [(String, Shape)] {
    (0..<Int.random(in: 0...4, using: &random)).map { _ in (string(), shape(depth: depth + 1)) }
  }

  mutating func items(depth: Int) -> [Shape] {
    (0..<Int.random(in: 0...4, using: &random)).map { _ in shape(depth: depth + 1) }
  }

  mutating func synthesized(depth: Int) -> Synthesized {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return .plain
    case 1: return .payload(Int.random(in: -99...99, using: &random), string())
    case 2:
      return .labelled(
        name: string(), count: Bool.random(using: &random) ? nil : 3,
        rows: (0..<Int.random(in: 0...3, using: &random)).map { id in
          Synthesized.Row(
            id: id, title: Bool.random(using: &random) ? string() : nil,
            tags: Set((0..<Int.random(in: 0...2, using: &random)).map { _ in string() }),
            at: Date(timeIntervalSinceReferenceDate: double()))
        })
    default: return .nested(depth > 3 ? nil : synthesized(depth: depth + 1))
    }
  }
}

/// A value that encodes as `body` says: in these tests, asking the encoder encoding it for a
/// line of its own.
private struct NestedLine: Encodable {
  let body: (any Encoder) throws -> Void
  func encode(to coder: any Encoder) throws { try body(coder) }
}

/// What a session log's line was before ``SessionLineEncoder``: `JSONEncoder`'s encoding with
/// the format's three line terminators escaped.
private func referenceLine(_ value: some Encodable) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  var line = ""
  for scalar in String(decoding: try encoder.encode(value), as: UTF8.self).unicodeScalars {
    switch scalar {
    case "\u{85}": line += "\\u0085"
    case "\u{2028}": line += "\\u2028"
    case "\u{2029}": line += "\\u2029"
    default: line.unicodeScalars.append(scalar)
    }
  }
  return line
}

/// Expects two ways of writing a value's line to agree: the same line, or both refusing (with
/// the same error, if `sameError`); returns whether both refused.
///
/// `label` is made only for a failure: describing some values crashes (Foundation's
/// `Date.description` for a date millions of years away).
private func expectAgreement(
  _ expected: Result<String, any Error>, _ actual: Result<String, any Error>,
  _ label: @autoclosure () -> String,
  names: (reference: String, checked: String), sameError: Bool,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  switch (expected, actual) {
  case let (.success(expected), .success(actual)):
    #expect(actual == expected, "\(label())", sourceLocation: sourceLocation)
    return false
  case let (.failure(expected), .failure(actual)):
    if sameError {
      #expect(
        String(describing: actual) == String(describing: expected), "\(label())",
        sourceLocation: sourceLocation)
    }
    return true
  case let (.success(expected), .failure(error)):
    Issue.record(
      "\(label()): \(names.reference) wrote \(expected), \(names.checked) threw \(error)",
      sourceLocation: sourceLocation)
    return false
  case let (.failure(error), .success(actual)):
    Issue.record(
      "\(label()): \(names.reference) threw \(error), \(names.checked) wrote \(actual)",
      sourceLocation: sourceLocation)
    return false
  }
}

@Suite("SessionLineEncoder agrees with JSONEncoder")
struct SessionLineEncoderModelTests {
  @Test("5,000 seeded values of every shape: the same line, or both refuse")
  func agreesWithJSONEncoder() throws {
    var generator = ShapeGenerator(random: SeededRandom(seed: 2026_1128))
    let encoder = SessionLineEncoder()
    var refusals = 0
    for index in 0..<5_000 {
      let value = generator.shape(depth: 0)
      let expected = Result { try referenceLine(value) }
      let actual = Result { try encoder.line(value) }
      if expectAgreement(
        expected, actual, "value \(index): \(value)",
        names: ("JSONEncoder", "SessionLineEncoder"), sameError: false)
      {
        refusals += 1
      }
    }
    // NB: Some values cannot be encoded (nothing at the top, a non-finite number): the seeds
    // reach both outcomes.
    #expect(refusals > 0 && refusals < 2_500)
  }

  @Test("5,000 seeded entries: entryLine writes what line writes for the entry, or refuses alike")
  func entryLineAgreesWithEntry() throws {
    var generator = ShapeGenerator(random: SeededRandom(seed: 2026_1204))
    let encoder = SessionLineEncoder()
    var refusals = 0
    for index in 0..<5_000 {
      let origin: ActionOrigin = Bool.random(using: &generator.random) ? .user : .effect
      let offset = generator.double()
      let cause: Int? =
        switch Int.random(in: 0..<4, using: &generator.random) {
        case 0: nil
        case 1: [0, 1, -1, Int.min, Int.max].randomElement(using: &generator.random)
        case 2: Int.random(in: 0...999, using: &generator.random)
        default: Int(truncatingIfNeeded: generator.random.next())
        }
      let reduce: Double? = Bool.random(using: &generator.random) ? nil : generator.double()
      let action = generator.shape(depth: 0)
      // NB: A recorded state that is itself optional: absent, `null`, or a value.
      let state: Shape?? =
        switch Int.random(in: 0..<4, using: &generator.random) {
        case 0: nil
        case 1: .some(nil)
        default: generator.shape(depth: 0)
        }
      let expected = Result {
        try encoder.line(
          SessionLogFormat.Entry(
            origin: origin, offset: offset, action: action, cause: cause, reduce: reduce,
            state: state))
      }
      let actual = Result {
        try encoder.entryLine(
          origin: origin, offset: offset, action: action, cause: cause, reduce: reduce,
          state: state ?? nil, includingState: state != nil)
      }
      if expectAgreement(
        expected, actual, "entry \(index): \(action), \(String(describing: state))",
        names: ("line", "entryLine"), sameError: true)
      {
        refusals += 1
      }
      #expect(encoder.arena.nodes.isEmpty && encoder.arena.links.isEmpty)
    }
    #expect(refusals > 0 && refusals < 2_500)
  }

  @Test("5,000 seeded effect events: effectLine writes what line writes for the event")
  func effectLineAgreesWithEvent() throws {
    var generator = ShapeGenerator(random: SeededRandom(seed: 2026_1205))
    let encoder = SessionLineEncoder()
    let edges = [0, 1, -1, 9, 10, Int.min, Int.max]
    var refusals = 0
    for index in 0..<5_000 {
      let effect =
        Bool.random(using: &generator.random)
        ? Int.random(in: 1...10_000, using: &generator.random)
        : edges.randomElement(using: &generator.random) ?? 0
      let event =
        [SessionLogEffect.Event.started, .finished, .cancelled].randomElement(
          using: &generator.random) ?? .started
      let cause: Int? =
        switch Int.random(in: 0..<3, using: &generator.random) {
        case 0: nil
        case 1: edges.randomElement(using: &generator.random)
        default: Int(truncatingIfNeeded: generator.random.next())
        }
      let offset = generator.double()
      let expected = Result {
        try encoder.line(
          SessionLogFormat.EffectEvent(effect: effect, event: event, cause: cause, offset: offset))
      }
      let actual = Result {
        try encoder.effectLine(effect: effect, event: event, cause: cause, offset: offset)
      }
      if expectAgreement(
        expected, actual, "event \(index): \(effect) \(event) \(String(describing: cause))",
        names: ("line", "effectLine"), sameError: true)
      {
        refusals += 1
      }
    }
    // NB: The offsets include NaN and the infinities, which both refuse.
    #expect(refusals > 0 && refusals < 2_500)
    #expect(
      try encoder.effectLine(effect: 3, event: .started, cause: 7, offset: 0.25)
        == #"{"cause":7,"effect":3,"event":"started","offset":0.25}"#)
  }

  @Test("an entry whose action encodes a line of its own with the same encoder")
  func entryLineWithNestedLine() throws {
    let encoder = SessionLineEncoder()
    let nested = NestedLine { coder in
      var container = coder.container(keyedBy: Shape.Key.self)
      let inner = try encoder.entryLine(
        origin: .effect, offset: 2, action: "inner", cause: 1, reduce: nil, state: 5,
        includingState: true)
      try container.encode(inner, forKey: Shape.Key("inner"))
      try container.encode(coder.codingPath.map(\.stringValue), forKey: Shape.Key("path"))
    }
    let line = try encoder.entryLine(
      origin: .user, offset: 0.5, action: nested, cause: nil, reduce: 1e-6, state: 0,
      includingState: false)
    #expect(
      line
        == #"{"action":{"inner":"{\"action\":\"inner\",\"cause\":1,\"offset\":2,\"origin\":\"effect\",\"state\":5}","path":["action"]},"offset":0.5,"origin":"user","reduce":1e-06}"#
    )
    #expect(
      try encoder.line(
        SessionLogFormat.Entry(
          origin: .user, offset: 0.5, action: nested, cause: nil, reduce: 1e-6,
          state: Int?.none)) == line)
  }

  @Test("a key encoded twice, or in two canonically equivalent forms, as JSONEncoder writes it")
  func repeatedKeys() throws {
    let encoder = SessionLineEncoder()
    for value in [
      Shape.keyed([("a", .int(1)), ("a", .int(2))]),
      .keyed([("e\u{301}", .int(1)), ("é", .int(2)), ("e", .int(3))]),
      .keyed([("é", .int(1)), ("e\u{301}", .int(2))]),
      .keyed([("a", .int(1)), ("b", .nothing), ("a", .keyed([]))]),
    ] {
      #expect(try encoder.line(value) == referenceLine(value))
    }
  }

  @Test("1,000 seeded objects of 16 to 60 members, keys repeated: the line JSONEncoder writes")
  func largeObjectsAgreeWithJSONEncoder() throws {
    // NB: Past `NodeArena.indexedMemberCount` members an object's keys are looked up in an
    // index; a small pool of keys (canonically equivalent pairs among them) repeats them there.
    var generator = ShapeGenerator(random: SeededRandom(seed: 2026_1207))
    let pool =
      ["a", "b", "é", "e\u{301}", "super", "", "</script>", "__proto__"]
      + (0..<24).map { "k\($0)" }
    let encoder = SessionLineEncoder()
    for index in 0..<1_000 {
      let count = Int.random(in: 16...60, using: &generator.random)
      let members = (0..<count).map { _ in
        (pool.randomElement(using: &generator.random) ?? "", generator.shape(depth: 3))
      }
      let value: Shape =
        Bool.random(using: &generator.random)
        ? .keyed(members) : .nestedKeyed("n", members)
      _ = expectAgreement(
        Result { try referenceLine(value) }, Result { try encoder.line(value) },
        "object \(index): \(count) members", names: ("JSONEncoder", "SessionLineEncoder"),
        sameError: false)
    }
  }

  @Test("a line's nodes are let go once it is written or refused, and the arena with its encoder")
  func arenaIsEmptied() throws {
    weak var arena: NodeArena?
    do {
      let encoder = SessionLineEncoder()
      arena = encoder.arena
      let value = Shape.keyed([
        ("a", .superEncoderForKey("b", .unkeyed([.int(1), .unkeyedSuperEncoder(.null)]))),
        ("c", .unkeyed([.string("x"), .keyed([("d", .double(1.5))])])),
      ])
      #expect(try encoder.line(value) == referenceLine(value))
      #expect(encoder.arena.nodes.isEmpty && encoder.arena.links.isEmpty)
      #expect(throws: EncodingError.self) {
        try encoder.line(Shape.keyed([("a", .unkeyed([.double(.infinity)]))]))
      }
      #expect(encoder.arena.nodes.isEmpty && encoder.arena.links.isEmpty)
      // The next line is not made of the refused one's nodes.
      #expect(try encoder.line(value) == referenceLine(value))
    }
    #expect(arena == nil)
  }

  @Test("a value that encodes a line of its own with the same encoder, as it encodes")
  func nestedLine() throws {
    let encoder = SessionLineEncoder()
    let nested = NestedLine { coder in
      var container = coder.container(keyedBy: Shape.Key.self)
      try container.encode(1, forKey: Shape.Key("z"))
      let inner = try encoder.line(Shape.keyed([("b", .int(2)), ("a", .string("x"))]))
      try container.encode(inner, forKey: Shape.Key("inner"))
      try container.encode(3, forKey: Shape.Key("a"))
    }
    #expect(
      try encoder.line(nested) == #"{"a":3,"inner":"{\"a\":\"x\",\"b\":2}","z":1}"#)
  }

  @Test("a session's lines read back: each line is one line, whatever its strings hold")
  func linesReadBack() throws {
    let encoder = SessionLineEncoder()
    for text in ShapeGenerator.hostile {
      let line = try encoder.line(["key \(text)": text])
      #expect(
        !line.unicodeScalars.contains { [0x0A, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) })
      let decoded = try JSONDecoder().decode([String: String].self, from: Data(line.utf8))
      #expect(decoded == ["key \(text)": text])
    }
  }
}
