import Foundation

/// Encodes a value as one line of a session log: what `JSONEncoder` with sorted keys and
/// unescaped slashes writes, with U+0085, U+2028 and U+2029 escaped (the format's line rules,
/// see `SessionLogFormat`), for a fraction of its cost.
///
/// ```swift
/// let encoder = SessionLineEncoder()
/// let line = try encoder.line(SessionLogFormat.Entry(…))   // {"action":{…},"offset":…}
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
    let arena = isEncoding ? NodeArena() : self.arena
    let wasEncoding = isEncoding
    isEncoding = true
    defer {
      arena.removeAll()
      isEncoding = wasEncoding
    }
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
    // NB: Taken out of the object while they are written, so that each byte appended is a
    // local array's, with no dynamic exclusivity check.
    var out = bytes
    var members = self.members
    bytes = []
    self.members = []
    out.removeAll(keepingCapacity: true)
    Self.write(root, of: arena, to: &out, members: &members)
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
