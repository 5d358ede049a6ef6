/// A structural, deterministic dump of any value, one line per leaf, for diffs.
///
/// Structs and classes print as `Type(field: …)`, enums as `Type.case(payload)`, collections
/// one element per line, dictionaries with their keys sorted, sets sorted. Nested values are
/// indented two spaces per level, so a diff of two dumps locates a change by its path.
package enum Dump {
  /// The lines of `value`'s dump.
  package static func lines(of value: Any) -> [String] {
    var lines: [String] = []
    write(value, label: nil, indent: 0, into: &lines, visited: [])
    return lines
  }

  /// The dump of `value` as one string.
  package static func string(of value: Any) -> String { lines(of: value).joined(separator: "\n") }

  /// The dump of `value` on one line, for sentences: `Action.row(id: 3, action: .tap)`.
  package static func oneLine(of value: Any) -> String {
    lines(of: value).map { $0.drop { $0 == " " } }.joined(separator: " ")
      .replacing("( ", with: "(").replacing(" )", with: ")")
  }

  /// An enum value written as its chain of cases, from the outside in, each case by its name
  /// alone: `.rows(id: 1, action: .delegate(.closed))`. What a failure about a case chain shows,
  /// beside the chain it wanted, written the same way. A value that is not an enum is written
  /// as ``oneLine(of:)`` writes it.
  package static func cases(of value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum else { return oneLine(of: value) }
    guard let payload = mirror.children.first else { return ".\(value)" }
    let payloadMirror = Mirror(reflecting: payload.value)
    let parts =
      payloadMirror.displayStyle == .tuple
      ? payloadMirror.children.map { child in
        (child.label.map { $0.hasPrefix(".") ? "" : "\($0): " } ?? "") + cases(of: child.value)
      }
      : [cases(of: payload.value)]
    return ".\(payload.label ?? "\(value)")(\(parts.joined(separator: ", ")))"
  }

  /// ``oneLine(of:)``, cut with "…" to at most `limit` characters: for a headline, where a
  /// whole action (a page of results, say) would be thousands.
  package static func oneLine(of value: Any, limit: Int) -> String {
    let text = oneLine(of: value)
    return text.count <= limit ? text : text.prefix(limit - 1) + "…"
  }

  private static func write(
    _ value: Any, label: String?, indent: Int, into lines: inout [String],
    visited: Set<ObjectIdentifier>
  ) {
    let pad = String(repeating: " ", count: indent)
    let prefix = pad + (label.map { "\($0): " } ?? "")
    let mirror = Mirror(reflecting: value)
    let typeName = name(of: type(of: value))

    func children(open: String, close: String, labelled: Bool, sortKeys: Bool = false) {
      var items = Array(mirror.children)
      if items.isEmpty {
        lines.append(prefix + open + close)
        return
      }
      var visited = visited
      if mirror.displayStyle == .class, let object = value as AnyObject? {
        if visited.contains(ObjectIdentifier(object)) {
          lines.append(prefix + "\(typeName)(↩︎)")
          return
        }
        visited.insert(ObjectIdentifier(object))
      }
      if sortKeys {
        items.sort { oneLine($0.value) < oneLine($1.value) }
      }
      lines.append(prefix + open)
      for (index, child) in items.enumerated() {
        let childLabel = labelled ? (child.label ?? "_\(index)") : nil
        write(child.value, label: childLabel, indent: indent + 2, into: &lines, visited: visited)
        lines[lines.count - 1] += index == items.count - 1 ? "" : ","
      }
      lines.append(pad + close)
    }

    switch value {
    case let value as String:
      lines.append(prefix + String(reflecting: value))
      return
    case let value as any CustomDumpLeaf:
      lines.append(prefix + value.dumpDescription)
      return
    default:
      break
    }

    switch mirror.displayStyle {
    case .optional:
      if let child = mirror.children.first {
        write(child.value, label: label, indent: indent, into: &lines, visited: visited)
      } else {
        lines.append(prefix + "nil")
      }
    case .struct, .class:
      if mirror.children.isEmpty, value is any CustomStringConvertible,
        !(value is any _IsIdentifiedArray)
      {
        lines.append(prefix + String(describing: value))
      } else if let array = value as? any _IsIdentifiedArray {
        let elements = array.dumpElements
        if elements.isEmpty {
          lines.append(prefix + "[]")
        } else {
          lines.append(prefix + "[")
          for (index, (id, element)) in elements.enumerated() {
            write(
              element, label: "[id: \(oneLine(id))]", indent: indent + 2, into: &lines,
              visited: visited)
            lines[lines.count - 1] += index == elements.count - 1 ? "" : ","
          }
          lines.append(pad + "]")
        }
      } else {
        children(open: "\(typeName)(", close: ")", labelled: true)
      }
    case .tuple:
      children(open: "(", close: ")", labelled: true)
    case .collection:
      children(open: "[", close: "]", labelled: false)
    case .set:
      children(open: "Set([", close: "])", labelled: false, sortKeys: true)
    case .dictionary:
      let pairs = mirror.children.map { pair -> (key: Any, value: Any) in
        let parts = Array(Mirror(reflecting: pair.value).children)
        return (parts.first?.value ?? "?", parts.last?.value ?? "?")
      }
      .sorted { oneLine($0.key) < oneLine($1.key) }
      if pairs.isEmpty {
        lines.append(prefix + "[:]")
        return
      }
      lines.append(prefix + "[")
      for (index, pair) in pairs.enumerated() {
        write(
          pair.value, label: oneLine(pair.key), indent: indent + 2, into: &lines, visited: visited)
        lines[lines.count - 1] += index == pairs.count - 1 ? "" : ","
      }
      lines.append(pad + "]")
    case .enum:
      let caseName = mirror.children.first?.label ?? String(describing: value)
      guard let payload = mirror.children.first?.value else {
        lines.append(prefix + "\(typeName).\(caseName)")
        return
      }
      var payloadLines: [String] = []
      let payloadMirror = Mirror(reflecting: payload)
      if payloadMirror.displayStyle == .tuple {
        for (index, child) in payloadMirror.children.enumerated() {
          let childLabel = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
          write(
            child.value, label: childLabel, indent: indent + 2, into: &payloadLines,
            visited: visited)
          payloadLines[payloadLines.count - 1] +=
            index == payloadMirror.children.count - 1 ? "" : ","
        }
      } else {
        write(payload, label: nil, indent: indent + 2, into: &payloadLines, visited: visited)
      }
      if payloadLines.count == 1 {
        let inner = payloadLines[0].drop { $0 == " " }
        lines.append(prefix + "\(typeName).\(caseName)(\(inner))")
      } else {
        lines.append(prefix + "\(typeName).\(caseName)(")
        lines += payloadLines
        lines.append(pad + ")")
      }
    default:
      lines.append(prefix + String(describing: value))
    }
  }

  /// The dump of `value` on a single line (for keys and ids).
  private static func oneLine(_ value: Any) -> String {
    lines(of: value).map { $0.trimmingLeadingSpaces() }.joined(separator: " ")
  }

  /// A type's name without its module, e.g. `Counter.State` rather than `App.Counter.State`,
  /// and without the `(unknown context at $…)` the runtime prints for private types.
  package static func name(of type: Any.Type) -> String {
    // Split the top-level path on dots outside brackets, so generic arguments stay whole.
    var components: [String] = []
    var current = ""
    var depth = 0
    for character in String(reflecting: type) {
      switch character {
      case "(", "<", "[": depth += 1
      case ")", ">", "]": depth -= 1
      case "." where depth == 0:
        components.append(current)
        current = ""
        continue
      default: break
      }
      current.append(character)
    }
    components.append(current)
    if components.count > 1 { components.removeFirst() }
    return components.filter { !$0.hasPrefix("(unknown context") }.joined(separator: ".")
  }
}

/// A value that dumps as one line, its `dumpDescription`, rather than structurally.
package protocol CustomDumpLeaf {
  var dumpDescription: String { get }
}

extension Int: CustomDumpLeaf { package var dumpDescription: String { String(self) } }
extension Double: CustomDumpLeaf { package var dumpDescription: String { String(self) } }
extension Bool: CustomDumpLeaf { package var dumpDescription: String { String(self) } }
extension Substring: CustomDumpLeaf {
  package var dumpDescription: String { String(reflecting: String(self)) }
}
extension Duration: CustomDumpLeaf { package var dumpDescription: String { "\(self)" } }
extension Character: CustomDumpLeaf {
  package var dumpDescription: String { String(reflecting: self) }
}

/// Lets ``Dump`` see an ``IdentifiedArray``'s elements with their ids, whatever its generics.
package protocol _IsIdentifiedArray {
  var dumpElements: [(Any, Any)] { get }
}

extension IdentifiedArray: _IsIdentifiedArray {
  package var dumpElements: [(Any, Any)] {
    orderedIDs.compactMap { id in elementsByID[id].map { (id, $0) } }
  }
}

extension String {
  fileprivate func trimmingLeadingSpaces() -> String { String(drop { $0 == " " }) }
}
