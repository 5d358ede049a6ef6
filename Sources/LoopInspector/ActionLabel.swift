/// How the page names an action, read from its JSON alone: Swift's `Codable` writes an enum
/// case as `{"case":{…}}` — its values as `_0`, `_1` or their labels, nothing for none.
///
/// ```text
/// {"path":{"element":{"id":0,"action":{"detail":{"increment":{}}}}}}
///   one line: .path(.element(id: 0, action: .detail(.increment)))
///   cases:    path › element › detail › increment
/// ```
enum ActionLabel {
  /// The action on one line, cut to `limit` characters with "…".
  static func oneLine(_ action: JSONValue, limit: Int = 120) -> String {
    var text = ""
    write(action, to: &text, limit: limit + 1)
    return text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
  }

  /// The case names from the outermost in: what the page filters by.
  static func cases(of action: JSONValue) -> [String] {
    var names: [String] = []
    var current = action
    while let (name, payload) = enumCase(current) {
      names.append(name)
      // NB: Into the payload's own case, if one of its values is one: `.row(id:action:)`.
      guard case let .object(values) = payload,
        let next = values.last(where: { enumCase($0.value) != nil })
      else { break }
      current = next.value
    }
    return names
  }

  /// The case and its payload, if `value` reads as an enum case.
  private static func enumCase(_ value: JSONValue) -> (String, JSONValue)? {
    guard case let .object(members) = value, members.count == 1,
      case .object = members[0].value
    else { return nil }
    return (members[0].key, members[0].value)
  }

  private static func write(_ value: JSONValue, to text: inout String, limit: Int) {
    guard text.count < limit else { return }
    if let (name, payload) = enumCase(value) {
      text += "." + name
      guard case let .object(values) = payload, !values.isEmpty else { return }
      text += "("
      for (index, member) in values.enumerated() {
        if index > 0 { text += ", " }
        if !(member.key.hasPrefix("_") && Int(member.key.dropFirst()) != nil) {
          text += member.key + ": "
        }
        write(member.value, to: &text, limit: limit)
        guard text.count < limit else { return }
      }
      text += ")"
      return
    }
    switch value {
    case .null: text += "nil"
    case let .bool(flag): text += flag ? "true" : "false"
    case let .number(number): text += number
    case let .string(string): text += "\"" + string + "\""
    case let .array(elements):
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += ", " }
        write(element, to: &text, limit: limit)
        guard text.count < limit else { return }
      }
      text += "]"
    case let .object(members):
      text += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { text += ", " }
        text += member.key + ": "
        write(member.value, to: &text, limit: limit)
        guard text.count < limit else { return }
      }
      text += "}"
    }
  }
}
