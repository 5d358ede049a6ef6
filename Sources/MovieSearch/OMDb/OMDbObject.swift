import Foundation

/// One JSON object of an OMDb body, read field by field: every value is a string, `"N/A"` means
/// absent, and a value that cannot be read is a ``MovieServiceError/decoding(_:)`` naming the
/// field, the value and what was expected.
struct OMDbObject {
  let fields: [String: JSONValue]
  /// Where the object sits, for messages: "the body", "Search[3]".
  let context: String

  init(_ value: JSONValue, context: String) throws(MovieServiceError) {
    guard case let .object(fields) = value else {
      throw .decoding("\(context) is \(value.kindName), not a JSON object")
    }
    self.fields = fields
    self.context = context
  }

  /// Parses a whole body as one object.
  init(body: Data) throws(MovieServiceError) {
    let value: JSONValue
    do {
      value = try JSONDecoder().decode(JSONValue.self, from: body)
    } catch {
      throw .decoding(Self.describeUnreadable(body))
    }
    try self.init(value, context: "the body")
  }

  /// Throws OMDb's own error when the body is `"Response":"False"`.
  func checkResponse() throws(MovieServiceError) {
    let response: String
    switch fields["Response"] {
    case .string(let text): response = text
    case .bool(let flag): response = flag ? "True" : "False"
    default: return
    }
    guard response.lowercased() == "false" else { return }
    let message = try string("Error") ?? ""
    throw message.isEmpty
      ? .decoding("the body says \"Response\":\"False\" without an \"Error\" message")
      : MovieServiceError(omdbMessage: message)
  }

  /// A text field; `nil` when missing, `null`, empty or `"N/A"`. Numbers are accepted as text.
  func string(_ key: String) throws(MovieServiceError) -> String? {
    switch fields[key] {
    case nil, .null: return nil
    case .string(let text):
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      return trimmed.isEmpty || trimmed == "N/A" ? nil : String(trimmed)
    case .number(let number):
      return number == number.rounded() && abs(number) < 1e15
        ? String(Int64(number)) : String(number)
    case let value?:
      throw .decoding("\(context): \"\(key)\" is \(value.kindName), expected a string")
    }
  }

  /// A text field that must be present.
  func requiredString(_ key: String) throws(MovieServiceError) -> String {
    guard let text = try string(key) else {
      throw .decoding("\(context): \"\(key)\" is missing")
    }
    return text
  }

  /// A comma-separated list, such as `"Action, Crime, Drama"`.
  func list(_ key: String) throws(MovieServiceError) -> [String] {
    guard let text = try string(key) else { return [] }
    return text.split(separator: ",").map {
      String($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }.filter {
      !$0.isEmpty
    }
  }

  /// A whole number, possibly comma-grouped: `"1,369,540"`.
  func integer(_ key: String) throws(MovieServiceError) -> Int? {
    guard let text = try string(key) else { return nil }
    let digits = text.filter { $0 != "," }
    guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let value = Int(digits) else {
      throw invalid(key, text, expected: "a whole number like 1,369,540")
    }
    return value
  }

  /// A decimal number: `"8.2"`.
  func decimal(_ key: String) throws(MovieServiceError) -> Double? {
    guard let text = try string(key) else { return nil }
    guard let value = Double(text), value.isFinite else {
      throw invalid(key, text, expected: "a number like 8.2")
    }
    return value
  }

  /// A year: `"2005"`, `"1992–1995"`, `"2010–"`.
  func year(_ key: String) throws(MovieServiceError) -> Year? {
    guard let text = try string(key) else { return nil }
    guard let year = Year(parsing: text) else {
      throw invalid(key, text, expected: "a year like 2005, 1992–1995 or 2010–")
    }
    return year
  }

  /// The kind of title; a missing `Type` reads as a movie.
  func kind(_ key: String) throws(MovieServiceError) -> MovieKind {
    try string(key).map(MovieKind.init(rawValue:)) ?? .movie
  }

  /// An absolute http(s) address.
  func url(_ key: String) throws(MovieServiceError) -> URL? {
    guard let text = try string(key) else { return nil }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    else {
      throw invalid(key, text, expected: "an http or https address")
    }
    return url
  }

  /// A running time: `"140 min"`, `"2 h"`, `"1 h 15 min"`.
  func runtime(_ key: String) throws(MovieServiceError) -> Duration? {
    guard let text = try string(key) else { return nil }
    guard let minutes = Self.minutes(in: text) else {
      throw invalid(key, text, expected: "a running time like 140 min, 2 h or 1 h 15 min")
    }
    return .seconds(minutes * 60)
  }

  /// An array of objects; `[]` when missing or `"N/A"`.
  func objects(_ key: String) throws(MovieServiceError) -> [OMDbObject] {
    switch fields[key] {
    case nil, .null: return []
    case .string(let text) where text.trimmingCharacters(in: .whitespacesAndNewlines) == "N/A":
      return []
    case .array(let values):
      var objects: [OMDbObject] = []
      for (index, value) in values.enumerated() {
        objects.append(try OMDbObject(value, context: "\(key)[\(index)]"))
      }
      return objects
    case let value?:
      throw .decoding("\(context): \"\(key)\" is \(value.kindName), expected an array")
    }
  }

  private func invalid(_ key: String, _ text: String, expected: String) -> MovieServiceError {
    .decoding("\(context): \"\(key)\" is \"\(text)\", expected \(expected)")
  }

  /// Minutes in `140 min`, `2 h`, `1 h 15 min`, `1h15m`, `1,050 min`; `nil` for anything else.
  static func minutes(in text: String) -> Int? {
    var total = 0
    var number: Int?
    var unit = ""
    var sawUnit = false
    func flush() -> Bool {
      guard let value = number else { return unit.isEmpty }
      let perUnit: Int
      switch unit {
      case "h", "hr", "hrs", "hour", "hours": perUnit = 60
      case "m", "min", "mins", "minute", "minutes": perUnit = 1
      default: return false
      }
      total += value * perUnit
      number = nil
      unit = ""
      sawUnit = true
      return true
    }
    for character in text.lowercased() {
      if character.isASCIIDigit {
        if !unit.isEmpty { guard flush() else { return nil } }
        number = (number ?? 0) * 10 + (character.wholeNumberValue ?? 0)
        if let value = number, value > 100_000 { return nil }
      } else if character == "," && number != nil && unit.isEmpty {
        continue
      } else if character.isLetter {
        guard number != nil else { return nil }
        unit.append(character)
      } else if character.isWhitespace || character == "." {
        continue
      } else {
        return nil
      }
    }
    guard flush(), sawUnit else { return nil }
    return total
  }

  /// A short, key-free description of a body that is not JSON.
  static func describeUnreadable(_ body: Data) -> String {
    if body.isEmpty { return "the body is empty" }
    let text = String(decoding: body.prefix(200), as: UTF8.self)
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.first == "{" || trimmed.first == "[" {
      return "the body is not valid JSON (\(body.count) bytes; cut off or malformed)"
    }
    let start = trimmed.prefix(24).map { $0.isNewline ? " " : $0 }
    return "the body is not JSON (\(body.count) bytes, starting \"\(String(start))\")"
  }
}
