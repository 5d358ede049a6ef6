/// One change between two states: at ``path``, ``old`` became ``new`` (`nil`: not there).
///
/// A step's changes are what the inspector page keeps per step instead of the whole state:
/// applied in order they turn the state before the step into the state after it, and undone
/// in reverse order they turn it back (``StateDiff``).
struct StateChange: Equatable, Sendable {
  /// One step of a path into a JSON value.
  enum Key: Equatable, Sendable {
    case member(String)
    case index(Int)
  }

  var path: [Key]
  var old: JSONValue?
  var new: JSONValue?

  /// The path as the page shows it: `results[3].title`, `["a key"]`.
  var pathText: String {
    var text = ""
    for key in path {
      switch key {
      case let .index(index): text += "[\(index)]"
      case let .member(name) where Self.isIdentifier(name):
        text += text.isEmpty ? name : "." + name
      case let .member(name):
        var quoted = ""
        JSONValue.writeString(name, to: &quoted)
        text += "[\(quoted)]"
      }
    }
    return text
  }

  private static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic
    else { return false }
    return name.unicodeScalars.allSatisfy {
      $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
    }
  }
}
