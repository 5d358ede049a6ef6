@_spi(Reflection) import Swift

/// Recognises a key path to one element of a stored collection, `\.rows[id: id]`, so that the
/// store it scopes to can be an element store, checked by the collection's history after a
/// send (O(changed)) rather than compared after every send (O(stores)) — what makes 1,000
/// per-row stores asked for by key path cost what `scope(forEach:action:)` rows cost.
///
/// Swift cannot take a key path apart, so this builds the candidates and compares: every
/// stored property of the state whose type is the collection `IdentifiedArray<ID, Element>`
/// is appended `[id: id]`, and the result compared with the key path given. Key path equality
/// is exact (the same components, the same subscript arguments), so a match *is* that path;
/// anything else — a computed property, an index, a collection nested deeper in the state, a
/// class — matches nothing, and the caller takes the plain way. The candidates are found once
/// per state and element type.
///
/// One level only: the key paths the runtime makes for stored properties
/// (`_forEachFieldWithKeyPath`) work as the root of a path, but appended after another one,
/// Swift 6.3.1 builds a broken path (projecting it crashes; seen in this package's tests).
@MainActor
@usableFromInline
enum RowKeyPath {
  /// The candidates, by state and collection type.
  private static var candidates: [Pair: [AnyKeyPath]] = [:]

  private struct Pair: Hashable {
    let state: ObjectIdentifier
    let collection: ObjectIdentifier
  }

  /// The collection `toElement` reads the element `id` of, if it is `collection[id: id]` for a
  /// stored collection of the state.
  @usableFromInline
  static func collection<State, ID: Hashable, Element>(
    of toElement: KeyPath<State, Element?>, id: ID
  ) -> KeyPath<State, IdentifiedArray<ID, Element>>? {
    let key = Pair(
      state: ObjectIdentifier(State.self),
      collection: ObjectIdentifier(IdentifiedArray<ID, Element>.self))
    let found = candidates[key] ?? storedCollections(of: State.self, key: key)
    guard !found.isEmpty else { return nil }
    let element = \IdentifiedArray<ID, Element>.[id: id]
    for candidate in found {
      guard let collection = candidate as? KeyPath<State, IdentifiedArray<ID, Element>>
      else { continue }
      if collection.appending(path: element) == toElement { return collection }
    }
    return nil
  }

  private static func storedCollections<State>(of _: State.Type, key: Pair) -> [AnyKeyPath] {
    var found: [AnyKeyPath] = []
    _ = _forEachFieldWithKeyPath(of: State.self) { _, field in
      if ObjectIdentifier(Swift.type(of: field).valueType) == key.collection {
        found.append(field)
      }
      return true
    }
    candidates[key] = found
    return found
  }
}
