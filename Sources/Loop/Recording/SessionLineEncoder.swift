import Foundation
import LoopSessionFormat

/// Encodes a value as one line of a session log: what `JSONEncoder` with sorted keys and
/// unescaped slashes writes, with U+0085, U+2028 and U+2029 escaped (the format's line rules,
/// see `SessionLogFormat`), for a fraction of its cost.
///
/// ```swift
/// let encoder = SessionLineEncoder()
/// let line = try encoder.line(SessionLogFormat.Header(…))   // {"format":…,"name":…}
/// ```
///
/// The value is encoded into a ``NodeArena`` (its nodes and links in two flat arrays), which is
/// then written into a byte buffer; the encoder keeps the arena and the buffer, with their
/// capacity, from line to line. It writes what
/// `JSONEncoder` writes with its default strategies: a `Date` as seconds since 2001, `Data` as
/// Base64, a `URL` as its absolute string, a `Decimal` as a number, a non-finite floating-point
/// value refused (`EncodingError.invalidValue`), an object that encoded nothing as `{}`, and a
/// top-level value that encoded nothing refused. `SessionLineEncoderModelTests` checks it
/// against `JSONEncoder` on seeded random values of every shape `Codable` allows.
final class SessionLineEncoder {
  /// The bytes of the line being written; kept, with its capacity, for the next.
  private var bytes: [UInt8] = []
  /// The nodes of the line being encoded; kept, with its capacity, for the next.
  let arena = NodeArena()
  /// Whether a line is being encoded: a value whose `encode(to:)` asks this encoder for a
  /// line of its own gets an arena of its own.
  private var isEncoding = false
  /// An object's links while they are sorted and written, its nested objects' after them.
  private var members: [Int] = []

  init() {}

  /// `value` as one line of JSON, without its newline.
  func line(_ value: some Encodable) throws -> String {
    try withArena { arena in
      let root = arena.makeNode(parent: nil, key: nil)
      try NodeEncoder(arena: arena, node: root).encode(value)
      guard arena.nodes[root].kind != .nothing else {
        throw EncodingError.invalidValue(
          value,
          EncodingError.Context(
            codingPath: [],
            debugDescription: "Top-level \(type(of: value)) did not encode any values."
          ))
      }
      return written { Self.write(root, of: arena, to: &$0, members: &$1) }
    }
  }

  /// The line of a recorded action: what ``line(_:)`` writes for a `SessionLogFormat.Entry` of
  /// the same fields, byte for byte, for less.
  ///
  /// ```swift
  /// let line = try encoder.entryLine(
  ///   origin: .user, offset: 0.25, action: action, cause: nil, reduce: 1e-6, state: state,
  ///   includingState: true)
  /// ```
  ///
  /// Only the action and the state, the app's types, go through `Codable`; the entry's own
  /// fields are written as they are, with its members in the order the line sorts them. Through
  /// `Codable`, the entry's keyed container (its box, and the metadata of both), its optionals
  /// and its origin took about 11,000 of a counter's 29,600 instructions a recorded send
  /// (callgrind, 2026-12-04; 18,200 with this). An action or state that cannot be encoded
  /// throws what the entry's encoding throws, with the same coding path; a time that is not
  /// finite, which no clock gives, takes the entry's encoding itself.
  /// `SessionLineEncoderModelTests` checks both ways agree on seeded entries.
  ///
  /// The state comes with a flag, not as an optional: this code is generic, and an optional of
  /// the app's type is a type the runtime looks up on every line (its metadata, about 330
  /// instructions a time).
  func entryLine<Action: Encodable, State: Encodable>(
    origin: ActionOrigin, offset: Double, action: Action, cause: Int?, reduce: Double?,
    state: State, includingState: Bool
  ) throws -> String {
    guard let offsetText = NodeEncoder.text(of: offset), reduce?.isFinite ?? true else {
      return try entryLineThroughCodable(
        origin: origin, offset: offset, action: action, cause: cause, reduce: reduce,
        state: state, includingState: includingState)
    }
    let reduceText = reduce.flatMap { NodeEncoder.text(of: $0) }
    typealias Key = SessionLogFormat.EntryCodingKeys
    return try withArena { arena in
      // NB: The entry's object, for its members' coding paths; its members are written below.
      let root = arena.makeNode(parent: nil, key: nil, kind: .object)
      let action = try NodeEncoder.node(of: action, in: arena, container: root, key: Key.action)
      var stateNode: Int?
      if includingState {
        stateNode = try NodeEncoder.node(of: state, in: arena, container: root, key: Key.state)
      }
      return written { bytes, members in
        bytes.append(UInt8(ascii: "{"))
        Self.writeKey(Member.action, first: true, to: &bytes)
        Self.write(action, of: arena, to: &bytes, members: &members)
        if let cause {
          Self.writeKey(Member.cause, to: &bytes)
          bytes.append(contentsOf: String(cause).utf8)
        }
        Self.writeKey(Member.offset, to: &bytes)
        bytes.append(contentsOf: offsetText.utf8)
        Self.writeKey(Member.origin, to: &bytes)
        Self.writeString(origin.rawValue, to: &bytes)
        if let reduceText {
          Self.writeKey(Member.reduce, to: &bytes)
          bytes.append(contentsOf: reduceText.utf8)
        }
        if let stateNode {
          Self.writeKey(Member.state, to: &bytes)
          Self.write(stateNode, of: arena, to: &bytes, members: &members)
        }
        bytes.append(UInt8(ascii: "}"))
      }
    }
  }

  /// The entry's line through its own `Codable` encoding. Apart, never inlined: the entry and
  /// the optional state it holds are the app's types, and their metadata, looked up where they
  /// are made, would otherwise be looked up on every line.
  @inline(never)
  private func entryLineThroughCodable<Action: Encodable, State: Encodable>(
    origin: ActionOrigin, offset: Double, action: Action, cause: Int?, reduce: Double?,
    state: State, includingState: Bool
  ) throws -> String {
    try line(
      SessionLogFormat.Entry(
        origin: origin, offset: offset, action: action, cause: cause, reduce: reduce,
        state: includingState ? state : nil))
  }

  /// The line of an effect's event: what ``line(_:)`` writes for a
  /// `SessionLogFormat.EffectEvent` of the same fields, byte for byte, with no `Codable` at all.
  ///
  /// ```swift
  /// let line = try encoder.effectLine(effect: 3, event: .started, cause: 7, offset: 0.25)
  /// // {"cause":7,"effect":3,"event":"started","offset":0.25}
  /// ```
  ///
  /// Every field is Loop's, so the line is written as it is. An offset that is not finite,
  /// which no clock gives, takes the event's encoding itself, and so its error.
  /// `SessionLineEncoderModelTests` checks both ways agree on seeded events.
  func effectLine(
    effect: Int, event: SessionLogEffect.Event, cause: Int?, offset: Double
  ) throws -> String {
    guard let offsetText = NodeEncoder.text(of: offset) else {
      return try line(
        SessionLogFormat.EffectEvent(effect: effect, event: event, cause: cause, offset: offset))
    }
    return written { bytes, _ in
      bytes.append(UInt8(ascii: "{"))
      if let cause {
        Self.writeKey(Member.cause, first: true, to: &bytes)
        bytes.append(contentsOf: String(cause).utf8)
      }
      Self.writeKey(Member.effect, first: cause == nil, to: &bytes)
      bytes.append(contentsOf: String(effect).utf8)
      Self.writeKey(Member.event, to: &bytes)
      Self.writeString(event.rawValue, to: &bytes)
      Self.writeKey(Member.offset, to: &bytes)
      bytes.append(contentsOf: offsetText.utf8)
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// Runs `body` with this encoder's arena — or a new one, for a value whose `encode(to:)` asks
  /// this encoder for a line of its own — emptied after it.
  private func withArena(_ body: (NodeArena) throws -> String) throws -> String {
    let arena = isEncoding ? NodeArena() : self.arena
    let wasEncoding = isEncoding
    isEncoding = true
    defer {
      arena.removeAll()
      isEncoding = wasEncoding
    }
    return try body(arena)
  }

  /// The line `write` writes, into the bytes and members this encoder keeps.
  private func written(_ write: (inout [UInt8], inout [Int]) -> Void) -> String {
    // NB: Taken out of the object while they are written, so that each byte appended is a
    // local array's, with no dynamic exclusivity check.
    var out = bytes
    var members = self.members
    bytes = []
    self.members = []
    out.removeAll(keepingCapacity: true)
    write(&out, &members)
    defer {
      bytes = out
      members.removeAll(keepingCapacity: true)
      self.members = members
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func write(
    _ node: Int, of arena: NodeArena, to bytes: inout [UInt8], members: inout [Int]
  ) {
    // NB: Read in place: a copy of the node would retain its text and copy its key.
    switch arena.nodes[node].kind {
    case .nothing: bytes.append(contentsOf: "{}".utf8)
    case .null: bytes.append(contentsOf: "null".utf8)
    case .true: bytes.append(contentsOf: "true".utf8)
    case .false: bytes.append(contentsOf: "false".utf8)
    case .number: bytes.append(contentsOf: arena.nodes[node].text.utf8)
    case .string: writeString(arena.nodes[node].text, to: &bytes)
    case .array:
      bytes.append(UInt8(ascii: "["))
      let first = arena.nodes[node].first
      var link = first
      while link >= 0 {
        if link != first { bytes.append(UInt8(ascii: ",")) }
        write(arena.links[link].node, of: arena, to: &bytes, members: &members)
        link = arena.links[link].next
      }
      bytes.append(UInt8(ascii: "]"))
    case .object:
      bytes.append(UInt8(ascii: "{"))
      let start = members.count
      var link = arena.nodes[node].first
      var isSorted = true
      while link >= 0 {
        if isSorted, members.count > start,
          !arena.links[members[members.count - 1]].key.utf8.lexicographicallyPrecedes(
            arena.links[link].key.utf8)
        {
          isSorted = false
        }
        members.append(link)
        link = arena.links[link].next
      }
      // NB: Sorted by UTF-8 bytes, as `JSONEncoder` sorts: not by `String`'s `<`, which
      // compares canonically equivalent forms ("e\u{301}" and "é") as one. Checked first:
      // sorting a slice allocates even when it is in order (a counter's line took 8
      // allocations instead of 6), and a synthesized conformance's members usually are.
      if !isSorted {
        members[start...].sort {
          arena.links[$0].key.utf8.lexicographicallyPrecedes(arena.links[$1].key.utf8)
        }
      }
      for index in start..<members.count {
        if index > start { bytes.append(UInt8(ascii: ",")) }
        let member = members[index]
        writeString(arena.links[member].key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        write(arena.links[member].node, of: arena, to: &bytes, members: &members)
      }
      members.removeSubrange(start...)
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// A member's key and its `:` (see ``Member``), after a `,` unless it is the object's first.
  private static func writeKey(_ key: [UInt8], first: Bool = false, to bytes: inout [UInt8]) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    bytes.append(contentsOf: key)
  }

  /// The keys of the members Loop writes itself, as `"name":`, made once from the format's one
  /// definition of its names (`SessionLogFormat.Field`). Made per line (the name checked for
  /// escapes, then copied), they took about 1,000 of a recorded counter's 19,000 instructions
  /// a send (callgrind, 2026-12-04).
  private enum Member {
    static let action = key(SessionLogFormat.Field.action)
    static let cause = key(SessionLogFormat.Field.cause)
    static let offset = key(SessionLogFormat.Field.offset)
    static let origin = key(SessionLogFormat.Field.origin)
    static let reduce = key(SessionLogFormat.Field.reduce)
    static let state = key(SessionLogFormat.Field.state)
    static let effect = key(SessionLogFormat.Field.effect)
    static let event = key(SessionLogFormat.Field.event)

    private static func key(_ name: String) -> [UInt8] {
      var bytes: [UInt8] = []
      SessionLineEncoder.writeString(name, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      return bytes
    }
  }

  /// `text` as a JSON string: `"` and `\` escaped, control characters as `\n`-style escapes
  /// or `\u00XX`, and the three line terminators JSON allows in a string as `\uXXXX`.
  private static func writeString(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    // NB: Most strings hold nothing to escape: looked for in one pass over the string's own
    // bytes, and then copied whole. In UTF-8 the line terminators are C2 85, E2 80 A8 and
    // E2 80 A9, so a string with neither lead byte holds none of them.
    let copied =
      text.utf8.withContiguousStorageIfAvailable { utf8 in
        for byte in utf8
        where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xC2 || byte == 0xE2 {
          return false
        }
        bytes.append(contentsOf: utf8)
        return true
      } ?? false
    if !copied {
      for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x85, 0x2028, 0x2029: appendEscape(scalar.value, to: &bytes)
        case ..<0x80: append(ascii: UInt8(scalar.value), to: &bytes)
        default: UTF8.encode(scalar) { bytes.append($0) }
        }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// An ASCII character of a string, escaped if JSON needs it.
  private static func append(ascii byte: UInt8, to bytes: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
    case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
    case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
    case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
    case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
    case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
    case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
    case ..<0x20: appendEscape(UInt32(byte), to: &bytes)
    default: bytes.append(byte)
    }
  }

  /// `\u` and `value` in four lowercase hexadecimal digits.
  private static func appendEscape(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: #"\u"#.utf8)
    for shift in stride(from: 12, through: 0, by: -4) {
      let digit = UInt8((value >> UInt32(shift)) & 0xF)
      bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
    }
  }
}
