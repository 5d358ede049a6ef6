import LoopTesting
import Testing

@testable import LoopInspector

/// Random JSON values of every kind, and random edits of them.
enum RandomJSON {
  static let keys = ["a", "b", "count", "rows", "title", "a key", "_0", "id"]

  static func value(_ random: inout SeededRandom, depth: Int = 0) -> JSONValue {
    switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &random) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2: return .number(String(Int.random(in: -5...5, using: &random)))
    case 3: return .string(["", "x", "y", "<script>", "é"].randomElement(using: &random)!)
    case 4 where Bool.random(using: &random):
      // Identified elements, as an IdentifiedArray encodes: unique ids, compared by id.
      let ids = Array(
        (0..<8).shuffled(using: &random).prefix(Int.random(in: 0...5, using: &random)))
      return .array(ids.map { identified($0, &random, depth: depth + 1) })
    case 4:
      return .array(
        (0..<Int.random(in: 0...4, using: &random)).map { _ in value(&random, depth: depth + 1) })
    default:
      var members: [(key: String, value: JSONValue)] = []
      for key in keys.shuffled(using: &random).prefix(Int.random(in: 0...4, using: &random)) {
        members.append((key, value(&random, depth: depth + 1)))
      }
      return .object(members)
    }
  }

  /// An element with the id `id`, as an `Identifiable` value encodes.
  static func identified(_ id: Int, _ random: inout SeededRandom, depth: Int) -> JSONValue {
    .object([
      ("id", Bool.random(using: &random) ? .number(String(id)) : .string("id\(id)")),
      ("v", value(&random, depth: depth)),
    ])
  }

  /// `value` with a few random edits: replaced, added, removed members and elements — and
  /// for identified elements, an element of a new id inserted, or two elements swapped.
  static func edited(_ value: JSONValue, _ random: inout SeededRandom, depth: Int = 0) -> JSONValue
  {
    guard Int.random(in: 0..<4, using: &random) != 0 else { return value }
    switch value {
    case var .object(members):
      if !members.isEmpty, Bool.random(using: &random) {
        let index = Int.random(in: 0..<members.count, using: &random)
        members[index].value = edited(members[index].value, &random, depth: depth + 1)
      }
      if Int.random(in: 0..<3, using: &random) == 0, !members.isEmpty {
        members.remove(at: Int.random(in: 0..<members.count, using: &random))
      }
      if Int.random(in: 0..<3, using: &random) == 0,
        let key = keys.filter({ key in !members.contains { $0.key == key } }).randomElement(
          using: &random)
      {
        members.append((key, self.value(&random, depth: depth + 1)))
      }
      return .object(members)
    case var .array(elements):
      if !elements.isEmpty, Bool.random(using: &random) {
        let index = Int.random(in: 0..<elements.count, using: &random)
        elements[index] = edited(elements[index], &random, depth: depth + 1)
      }
      if Int.random(in: 0..<3, using: &random) == 0, !elements.isEmpty {
        elements.remove(at: Int.random(in: 0..<elements.count, using: &random))
      }
      if Int.random(in: 0..<3, using: &random) == 0 {
        let isIdentified = !elements.isEmpty && elements.allSatisfy { $0["id"] != nil }
        let element =
          isIdentified
          ? identified(100 + Int.random(in: 0..<1_000, using: &random), &random, depth: depth + 1)
          : self.value(&random, depth: depth + 1)
        elements.insert(element, at: Int.random(in: 0...elements.count, using: &random))
      }
      if Int.random(in: 0..<6, using: &random) == 0, elements.count > 1 {
        elements.swapAt(0, elements.count - 1)
      }
      return .array(elements)
    default:
      return self.value(&random, depth: depth)
    }
  }
}

@Suite("State diffs over JSON")
struct StateDiffTests {
  @Test("applying a diff gives the new value, undoing it the old one: 3,000 seeded pairs")
  func applyAndRevert() async {
    for await seed in SeededRandom.seeds(3_000) {
      var random = SeededRandom(seed: seed)
      let old = RandomJSON.value(&random)
      let new = RandomJSON.edited(old, &random)
      let changes = StateDiff.changes(from: old, to: new)
      #expect(StateDiff.apply(changes, to: old) == new, "seed \(seed)")
      #expect(StateDiff.revert(changes, from: new) == old, "seed \(seed)")
      #expect(changes.isEmpty == (old == new), "seed \(seed)")
      // The plain computation: every change's path leads to a value that differs.
      for change in changes { #expect(change.old != change.new, "seed \(seed)") }
    }
  }

  @Test(
    "large objects, keys repeated: the changes comparing members one by one gives, 2,000 seeded pairs"
  )
  func largeObjectsAgreeWithScan() async {
    // NB: Past `StateDiff.indexedMemberCount` members the objects' keys are looked up in an
    // index; a small pool of keys (a canonically equivalent pair among them) repeats them.
    let pool = ["a", "é", "e\u{301}", "__proto__", "</script>", ""] + (0..<30).map { "k\($0)" }
    var indexed = 0
    var pairs = 0
    for await seed in SeededRandom.seeds(2_000) {
      pairs += 1
      var random = SeededRandom(seed: seed)
      func members() -> [(key: String, value: JSONValue)] {
        (0..<Int.random(in: 0...60, using: &random)).map { _ in
          (
            pool.randomElement(using: &random) ?? "",
            JSONValue.number("\(Int.random(in: 0...3, using: &random))")
          )
        }
      }
      let before = members()
      let after = members()
      if before.count + after.count > StateDiff.indexedMemberCount { indexed += 1 }
      // The plain computation: each member of `before` against the first of `after` with an
      // equal key, then each member of `after` whose key `before` lacks.
      var expected: [StateChange] = []
      for member in before {
        let now = after.first { $0.key == member.key }
        if now?.value != member.value {
          expected.append(
            StateChange(path: [.member(member.key)], old: member.value, new: now?.value))
        }
      }
      for member in after where !before.contains(where: { $0.key == member.key }) {
        expected.append(StateChange(path: [.member(member.key)], old: nil, new: member.value))
      }
      #expect(
        StateDiff.changes(from: .object(before), to: .object(after)) == expected, "seed \(seed)")
    }
    // NB: Most pairs reach the index, not a few.
    #expect(indexed > pairs / 2)
  }

  @Test("identified elements are compared by id: an insertion is one change at its index")
  func byID() throws {
    let old = try JSONParser.parse(
      #"{"rows":[{"id":1,"t":"a"},{"id":2,"t":"b"},{"id":3,"t":"c"}]}"#)
    let new = try JSONParser.parse(
      #"{"rows":[{"id":0,"t":"new"},{"id":1,"t":"a"},{"id":3,"t":"C"}]}"#)
    let changes = StateDiff.changes(from: old, to: new)
    #expect(changes.map(\.pathText) == ["rows[1]", "rows[0]", "rows[2].t"])
    #expect(changes.map { $0.old == nil } == [false, true, false])
    #expect(StateDiff.apply(changes, to: old) == new)
    #expect(StateDiff.revert(changes, from: new) == old)
  }

  @Test("only what changed, each with its path")
  func onlyWhatChanged() throws {
    let old = try JSONParser.parse(
      #"{"count":1,"rows":[{"n":1,"title":"a"},{"n":2}],"name":"x"}"#)
    let new = try JSONParser.parse(
      #"{"count":2,"rows":[{"n":1,"title":"b"}],"name":"x","a key":true}"#)
    let changes = StateDiff.changes(from: old, to: new)
    #expect(changes.map(\.pathText) == ["count", "rows[0].title", "rows[1]", #"["a key"]"#])
    #expect(changes[0].old == .number("1"))
    #expect(changes[0].new == .number("2"))
    #expect(changes[2].new == nil)
    #expect(changes[3].old == nil)
  }
}

@Suite("JSON, read without Foundation's types")
struct JSONParserTests {
  @Test("a value written and read again is the same value: 2,000 seeded values")
  func roundTrip() async throws {
    for await seed in SeededRandom.seeds(2_000) {
      var random = SeededRandom(seed: seed)
      let value = RandomJSON.value(&random)
      #expect(try JSONParser.parse(value.text) == value, "seed \(seed)")
    }
  }

  @Test("escapes, numbers and surrogate pairs read as JSON says")
  func details() throws {
    #expect(
      try JSONParser.parse(#" "a\"b\\c\/d\n\u00e9\ud83d\ude00" "#) == .string("a\"b\\c/d\né😀"))
    #expect(
      try JSONParser.parse("[-0.5e+3, 0, 12]")
        == .array([.number("-0.5e+3"), .number("0"), .number("12")]))
    #expect(JSONValue.string("</script>").text == #""\u003c/script\u003e""#)
  }

  @Test(
    "text that is not JSON is a failure saying where, never a crash",
    arguments: [
      "", "{", "[1,", #"{"a" 1}"#, "01", "1.", "-", "tru", #""\u12""#, #""\ud800""#, "[1] 2",
      #"{"a":1,}"#, "\"a\u{01}\"",
    ])
  func failures(text: String) {
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
  }

  @Test("random bytes never crash the parser: 2,000 seeded texts")
  func randomBytes() async {
    let alphabet = Array(#"{}[]":,0123456789.-+eE truefalsnl\u"#)
    for await seed in SeededRandom.seeds(2_000) {
      var random = SeededRandom(seed: seed)
      let text = String(
        (0..<Int.random(in: 0...40, using: &random)).map { _ in
          alphabet.randomElement(using: &random)!
        })
      _ = try? JSONParser.parse(text)
    }
    // Nesting deeper than the parser allows is a failure too, not a stack overflow.
    #expect(throws: JSONParser.Failure.self) {
      try JSONParser.parse(String(repeating: "[", count: 100_000))
    }
  }
}
