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

  // NB: Written as small functions, one per shape, kept apart (`@inline(never)`): inlined
  // into a single body, the optimiser spent about a second of Loop's cold build on it
  // (`-Xllvm -sil-print-pass-time`), for code that runs when a test fails.
  private static func write(
    _ value: Any, label: String?, indent: Int, into lines: inout [String],
    visited: Set<ObjectIdentifier>
  ) {
    let pad = String(repeating: " ", count: indent)
    let prefix = pad + (label.map { "\($0): " } ?? "")
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
    let mirror = Mirror(reflecting: value)
    let at = Place(prefix: prefix, pad: pad, indent: indent, visited: visited)
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
        let elements = array.dumpElements.map { id, element in
          (label: "[id: \(oneLine(id))]" as String?, value: element)
        }
        writeList(elements, open: "[", close: "]", at: at, into: &lines)
      } else {
        let typeName = name(of: type(of: value))
        writeChildren(of: value, mirror, open: "\(typeName)(", close: ")", at: at, into: &lines)
      }
    case .tuple:
      writeChildren(of: value, mirror, open: "(", close: ")", at: at, into: &lines)
    case .collection:
      writeChildren(of: value, mirror, open: "[", close: "]", labelled: false, at: at, into: &lines)
    case .set:
      writeChildren(
        of: value, mirror, open: "Set([", close: "])", labelled: false, sortKeys: true, at: at,
        into: &lines)
    case .dictionary:
      writeDictionary(mirror, at: at, into: &lines)
    case .enum:
      writeEnum(value, mirror, at: at, into: &lines)
    default:
      lines.append(prefix + String(describing: value))
    }
  }

  /// Where a value's dump goes: its first line's indent and label, and the objects it is inside
  /// of (a class met again inside itself is written as `Type(↩︎)`).
  private struct Place {
    let prefix: String
    let pad: String
    let indent: Int
    var visited: Set<ObjectIdentifier>
  }

  /// A struct's, class's, tuple's, collection's or set's children, in a bracketed list.
  @inline(never)
  private static func writeChildren(
    of value: Any, _ mirror: Mirror, open: String, close: String, labelled: Bool = true,
    sortKeys: Bool = false, at place: Place, into lines: inout [String]
  ) {
    var items = Array(mirror.children)
    var place = place
    if !items.isEmpty, mirror.displayStyle == .class, let object = value as AnyObject? {
      guard !place.visited.contains(ObjectIdentifier(object)) else {
        lines.append(place.prefix + "\(name(of: type(of: value)))(↩︎)")
        return
      }
      place.visited.insert(ObjectIdentifier(object))
    }
    if sortKeys {
      items.sort { oneLine($0.value) < oneLine($1.value) }
    }
    let children = items.enumerated().map { index, child in
      (label: labelled ? (child.label ?? "_\(index)") : nil, value: child.value)
    }
    writeList(children, open: open, close: close, at: place, into: &lines)
  }

  /// A dictionary's values, labelled by their keys, sorted by them.
  @inline(never)
  private static func writeDictionary(_ mirror: Mirror, at place: Place, into lines: inout [String])
  {
    let pairs = mirror.children.map { pair -> (label: String?, value: Any) in
      let parts = Array(Mirror(reflecting: pair.value).children)
      return (oneLine(parts.first?.value ?? "?"), parts.last?.value ?? "?")
    }
    .sorted { ($0.label ?? "") < ($1.label ?? "") }
    guard !pairs.isEmpty else {
      lines.append(place.prefix + "[:]")
      return
    }
    writeList(pairs, open: "[", close: "]", at: place, into: &lines)
  }

  /// `items`, each on its own lines two spaces in, between `open` and `close`, commas between.
  @inline(never)
  private static func writeList(
    _ items: [(label: String?, value: Any)], open: String, close: String, at place: Place,
    into lines: inout [String]
  ) {
    guard !items.isEmpty else {
      lines.append(place.prefix + open + close)
      return
    }
    lines.append(place.prefix + open)
    for (index, item) in items.enumerated() {
      write(
        item.value, label: item.label, indent: place.indent + 2, into: &lines,
        visited: place.visited)
      lines[lines.count - 1] += index == items.count - 1 ? "" : ","
    }
    lines.append(place.pad + close)
  }

  /// An enum value: `Type.case`, or `Type.case(payload)` on one line when its payload takes one.
  @inline(never)
  private static func writeEnum(
    _ value: Any, _ mirror: Mirror, at place: Place, into lines: inout [String]
  ) {
    let typeName = name(of: type(of: value))
    let caseName = mirror.children.first?.label ?? String(describing: value)
    guard let payload = mirror.children.first?.value else {
      lines.append(place.prefix + "\(typeName).\(caseName)")
      return
    }
    var payloadLines: [String] = []
    let payloadMirror = Mirror(reflecting: payload)
    if payloadMirror.displayStyle == .tuple {
      for (index, child) in payloadMirror.children.enumerated() {
        let childLabel = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
        write(
          child.value, label: childLabel, indent: place.indent + 2, into: &payloadLines,
          visited: place.visited)
        payloadLines[payloadLines.count - 1] +=
          index == payloadMirror.children.count - 1 ? "" : ","
      }
    } else {
      write(
        payload, label: nil, indent: place.indent + 2, into: &payloadLines,
        visited: place.visited)
    }
    if payloadLines.count == 1 {
      let inner = payloadLines[0].drop { $0 == " " }
      lines.append(place.prefix + "\(typeName).\(caseName)(\(inner))")
    } else {
      lines.append(place.prefix + "\(typeName).\(caseName)(")
      lines += payloadLines
      lines.append(place.pad + ")")
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
