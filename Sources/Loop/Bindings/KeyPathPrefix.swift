/// Whether one key path goes through another: `\.nested` is a prefix of `\.nested.field`.
///
/// Swift offers no way to take a key path apart, so this reads the key paths' descriptions
/// (`\State.nested.field`), which name every stored property on the way, and caches them. A
/// prefix whose description does not name all of its parts — a subscript, a computed
/// property, or a build without reflection metadata (`<computed …>`, `<offset …>`) — is only
/// ever the prefix of itself: two different subscripts can print alike, so a guess could be
/// wrong, and this answers `false` rather than guess. What follows the prefix in the longer
/// path may be anything.
///
/// `KeyPathPrefixTests` checks it against paths built with `appending(path:)`.
enum KeyPathPrefix {
  /// Whether `path` is `prefix` followed by one or more components.
  static func isProper(_ prefix: AnyKeyPath, of path: AnyKeyPath) -> Bool {
    guard type(of: prefix).rootType == type(of: path).rootType else { return false }
    let (prefixName, pathName) = (name(of: prefix), name(of: path))
    guard !prefixName.contains("<"), pathName.count > prefixName.count,
      pathName.hasPrefix(prefixName)
    else { return false }
    let next = pathName[pathName.index(pathName.startIndex, offsetBy: prefixName.count)]
    return next == "." || next == "?" || next == "!"
  }

  /// The description of `path`, built once.
  private static func name(of path: AnyKeyPath) -> String {
    if let cached = names.withLock({ $0[path] }) { return cached }
    let name = path.debugDescription
    names.withLock { $0[path] = name }
    return name
  }

  /// Key paths are a fixed set of the program's code, so the cache stays small.
  private static let names = LockedState<[AnyKeyPath: String]>([:])
}
