// How a binding action tells that its key path goes through another (Sources/Loop/Bindings/
// KeyPathPrefix.swift), against the truth: key paths built by appending components, whose
// components are known.
import Testing

@testable import Loop

private struct Leaf: Equatable {
  var a = 0
  var b = 0
}

private struct Middle: Equatable {
  var leaf = Leaf()
  var other = Leaf()
  var optional: Leaf? = Leaf()
  var list = [Leaf(), Leaf()]
}

private struct Top: Equatable {
  var middle = Middle()
  var middle2 = Middle()
  var leaf = Leaf()
}

/// A key path from `Top`, with the names of its components, built with `appending(path:)`.
private struct Built {
  var path: AnyKeyPath
  var components: [String]
  /// Whether a component is a subscript: such a prefix is never claimed.
  var hasSubscript: Bool
}

private func allPaths() -> [Built] {
  func leafPaths(_ base: WritableKeyPath<Top, Leaf>, _ names: [String], _ sub: Bool) -> [Built] {
    [
      Built(path: base, components: names, hasSubscript: sub),
      Built(path: base.appending(path: \Leaf.a), components: names + ["a"], hasSubscript: sub),
      Built(path: base.appending(path: \Leaf.b), components: names + ["b"], hasSubscript: sub),
    ]
  }
  func middlePaths(_ base: WritableKeyPath<Top, Middle>, _ name: String) -> [Built] {
    var built = [Built(path: base, components: [name], hasSubscript: false)]
    built += leafPaths(base.appending(path: \Middle.leaf), [name, "leaf"], false)
    built += leafPaths(base.appending(path: \Middle.other), [name, "other"], false)
    built += leafPaths(base.appending(path: \Middle.list[0]), [name, "list", "[0]"], true)
    built += leafPaths(base.appending(path: \Middle.list[1]), [name, "list", "[1]"], true)
    let optional = base.appending(path: \Middle.optional)
    built.append(Built(path: optional, components: [name, "optional"], hasSubscript: false))
    built.append(
      Built(
        path: optional.appending(path: \Leaf?.!.a), components: [name, "optional", "!", "a"],
        hasSubscript: false))
    return built
  }
  return middlePaths(\Top.middle, "middle") + middlePaths(\Top.middle2, "middle2")
    + leafPaths(\Top.leaf, ["leaf"], false)
}

@Suite("KeyPathPrefix agrees with how key paths were built")
struct KeyPathPrefixTests {
  @Test("for every pair of 33 key paths, a proper prefix is claimed exactly when it is one")
  func everyPair() {
    let paths = allPaths()
    for prefix in paths {
      for path in paths {
        let isProperPrefix =
          path.components.count > prefix.components.count
          && Array(path.components.prefix(prefix.components.count)) == prefix.components
        let expected = isProperPrefix && !prefix.hasSubscript
        #expect(
          KeyPathPrefix.isProper(prefix.path, of: path.path) == expected,
          "\(prefix.components) of \(path.components)")
      }
    }
  }

  @Test("the same key path written directly and built by appending is one key path")
  func directAndAppended() {
    #expect(\Top.middle.leaf.a == (\Top.middle).appending(path: \Middle.leaf.a))
    #expect(KeyPathPrefix.isProper(\Top.middle, of: \Top.middle.leaf.a))
    #expect(!KeyPathPrefix.isProper(\Top.middle, of: \Top.middle2.leaf.a))
  }
}
