/// Reads one JSON text into a ``JSONValue``: strict (RFC 8259), and never crashes on bad
/// input — a line that is not JSON is a ``JSONParser/Failure`` saying where.
struct JSONParser {
  /// Why a text is not JSON, and at which byte.
  struct Failure: Error, Equatable, CustomStringConvertible {
    var offset: Int
    var reason: String
    var description: String { "not valid JSON at byte \(offset + 1): \(reason)" }
  }

  private let bytes: [UInt8]
  private var index = 0
  /// How deep arrays and objects may nest: deeper is a failure, not a stack overflow.
  private static let maximumDepth = 512

  /// Parses `text`, which must hold one value and nothing else but whitespace.
  static func parse(_ text: some StringProtocol) throws(Failure) -> JSONValue {
    try parse(bytes: Array(text.utf8))
  }

  /// Parses the UTF-8 text `bytes` (invalid UTF-8 in a string is read as U+FFFD).
  static func parse(bytes: [UInt8]) throws(Failure) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.index == parser.bytes.count else { throw parser.failure("text after the value") }
    return value
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private func failure(_ reason: String) -> Failure {
    Failure(offset: index, reason: reason)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
  }

  private mutating func value(depth: Int) throws(Failure) -> JSONValue {
    guard depth < Self.maximumDepth else { throw failure("nested too deeply") }
    skipWhitespace()
    guard index < bytes.count else { throw failure("the text ends where a value should be") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw failure("unexpected character")
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(Failure) -> JSONValue {
    let utf8 = Array(word.utf8)
    guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8
    else { throw failure("expected \(word)") }
    index += utf8.count
    return value
  }

  private mutating func number() throws(Failure) -> JSONValue {
    let start = index
    func digits() -> Int {
      let first = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      return index - first
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count else { throw failure("a number without digits") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else if digits() == 0 {
      throw failure("a number without digits")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw failure("a number without digits after its point") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits() > 0 else { throw failure("a number without digits in its exponent") }
    }
    return .number(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  private mutating func string() throws(Failure) -> String {
    index += 1  // the opening quote
    // NB: The common string has no escape: one conversion of its bytes. One that has escapes
    // is built as UTF-8 bytes, run by run.
    var decoded: [UInt8] = []
    var hasEscape = false
    var runStart = index
    while true {
      guard index < bytes.count else { throw failure("a string that never ends") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        defer { index += 1 }
        if !hasEscape {
          return String(decoding: bytes[runStart..<index], as: UTF8.self)
        }
        decoded.append(contentsOf: bytes[runStart..<index])
        return String(decoding: decoded, as: UTF8.self)
      }
      guard byte >= 0x20 else { throw failure("a control character in a string") }
      guard byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      decoded.append(contentsOf: bytes[runStart..<index])
      hasEscape = true
      index += 1
      guard index < bytes.count else { throw failure("a string that never ends") }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
      case UInt8(ascii: "b"): decoded.append(0x08)
      case UInt8(ascii: "f"): decoded.append(0x0C)
      case UInt8(ascii: "n"): decoded.append(0x0A)
      case UInt8(ascii: "r"): decoded.append(0x0D)
      case UInt8(ascii: "t"): decoded.append(0x09)
      case UInt8(ascii: "u"):
        var code = try hex4()
        if (0xD800...0xDBFF).contains(code) {
          // A surrogate pair: the low half must follow.
          guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
          else { throw failure("a lone surrogate") }
          index += 2
          let low = try hex4()
          guard (0xDC00...0xDFFF).contains(low) else { throw failure("a lone surrogate") }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw failure("a lone surrogate") }
        decoded.append(contentsOf: String(scalar).utf8)
      default: throw failure("an unknown escape")
      }
      runStart = index
    }
  }

  private mutating func hex4() throws(Failure) -> UInt32 {
    guard bytes.count - index >= 4 else { throw failure("a short \\u escape") }
    var code: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("a bad \\u escape")
      }
      code = code << 4 + UInt32(digit)
      index += 1
    }
    return code
  }

  private mutating func array(depth: Int) throws(Failure) -> JSONValue {
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      elements.append(try value(depth: depth + 1))
      skipWhitespace()
      guard index < bytes.count else { throw failure("an array that never ends") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      } else {
        throw failure("expected , or ] in an array")
      }
    }
  }

  private mutating func object(depth: Int) throws(Failure) -> JSONValue {
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw failure("expected a key")
      }
      let key = try string()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw failure("expected : after a key")
      }
      index += 1
      members.append((key, try value(depth: depth + 1)))
      skipWhitespace()
      guard index < bytes.count else { throw failure("an object that never ends") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      } else {
        throw failure("expected , or } in an object")
      }
    }
  }
}
