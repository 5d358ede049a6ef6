/// A JSON value as a session log holds it, keys in the order the line gives them: what the
/// inspector reads, compares and writes back, knowing nothing of the app's Swift types.
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"count":1,"rows":[{"id":3}]}"#)
/// value.text   // {"count":1,"rows":[{"id":3}]}
/// ```
///
/// Numbers keep the text they were written with, so a value written back is the one read.
enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case let (.bool(a), .bool(b)): a == b
    case let (.number(a), .number(b)): a == b || Double(a) == Double(b)
    case let (.string(a), .string(b)): a == b
    case let (.array(a), .array(b)): a == b
    case let (.object(a), .object(b)):
      // NB: Key order is not part of a JSON object's meaning.
      a.count == b.count
        && a.allSatisfy { member in b.contains { $0.key == member.key && $0.value == member.value }
        }
    default: false
    }
  }

  /// The member `key` of an object; `nil` for another value or a missing key.
  subscript(key: String) -> JSONValue? {
    guard case let .object(members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The value as compact JSON, with `<`, `>` and `&` escaped, so that it can sit inside an
  /// HTML `<script>` element as it is.
  var text: String {
    var output = ""
    write(to: &output)
    return output
  }

  func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case let .bool(value): output += value ? "true" : "false"
    case let .number(text): output += text
    case let .string(text): Self.writeString(text, to: &output)
    case let .array(elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        element.write(to: &output)
      }
      output += "]"
    case let .object(members):
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        Self.writeString(member.key, to: &output)
        output += ":"
        member.value.write(to: &output)
      }
      output += "}"
    }
  }

  /// Writes `text` as a JSON string for the page's script element: `<`, `>` and `&` as
  /// `\u` escapes (so nothing in it can end the element or start markup), U+2028 and U+2029
  /// too (line terminators to older JavaScript), and what JSON requires.
  static func writeString(_ text: String, to output: inout String) {
    output += "\""
    // NB: Runs that need no escape (most of any string) are appended whole.
    var text = text
    text.withUTF8 { bytes in
      var runStart = 0
      var index = 0
      func flush(upTo end: Int) {
        if runStart < end {
          output += String(
            decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<end]), as: UTF8.self)
        }
      }
      while index < bytes.count {
        let byte = bytes[index]
        let escape: String
        var length = 1
        switch byte {
        case UInt8(ascii: "\""): escape = "\\\""
        case UInt8(ascii: "\\"): escape = "\\\\"
        case UInt8(ascii: "\n"): escape = "\\n"
        case UInt8(ascii: "\r"): escape = "\\r"
        case UInt8(ascii: "\t"): escape = "\\t"
        case UInt8(ascii: "<"): escape = "\\u003c"
        case UInt8(ascii: ">"): escape = "\\u003e"
        case UInt8(ascii: "&"): escape = "\\u0026"
        case 0xE2
        where index + 2 < bytes.count && bytes[index + 1] == 0x80
          && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
          escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
          length = 3
        case 0..<0x20:
          let hex = String(byte, radix: 16)
          escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default:
          index += 1
          continue
        }
        flush(upTo: index)
        output += escape
        index += length
        runStart = index
      }
      flush(upTo: bytes.count)
    }
    output += "\""
  }
}
