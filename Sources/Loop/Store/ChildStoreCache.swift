/// The child stores a store made for its optional children, kept weakly: asking again for the
/// same child's store — the same key path and action type, the same identity — gives the same
/// object while something holds it, so a view's child store survives a re-render (and can key
/// a sheet). A child of another identity gets a new store; a released store is freed.
///
/// - Complexity: O(1) per lookup. Entries whose store was freed are dropped when the cache has
///   doubled since it last dropped them, so a list that scopes each row by id does not grow it
///   without bound.
@MainActor
@usableFromInline
struct ChildStoreCache {
  /// Which child: its key path (an optional child), or its case (an enum state's case, by
  /// the case's tag and its payload's type), and the child's action type.
  @usableFromInline
  struct Key: Hashable {
    let state: AnyHashable
    let action: ObjectIdentifier

    @usableFromInline
    init(state: AnyHashable, action: Any.Type) {
      self.state = state
      self.action = ObjectIdentifier(action)
    }
  }

  /// The key of an enum state's case: its tag, which tells two cases of one payload type
  /// apart, and the payload's type.
  @usableFromInline
  struct Case: Hashable {
    let tag: UInt32
    let payload: ObjectIdentifier

    @usableFromInline
    init(tag: UInt32, payload: Any.Type) {
      self.tag = tag
      self.payload = ObjectIdentifier(payload)
    }
  }

  /// The key of a part: its key path (apart from an optional child's of the same path).
  @usableFromInline
  struct Part: Hashable {
    let path: AnyKeyPath

    @usableFromInline
    init(_ path: AnyKeyPath) { self.path = path }
  }

  private struct Entry {
    weak var store: AnyObject?
    let identity: ChildKey
  }

  private var entries: [Key: Entry] = [:]
  private var pruneAt = 16

  @usableFromInline
  init() {}

  /// The store cached under `key` for the child of `identity`, if it is still alive.
  @usableFromInline
  func store<ChildState, ChildAction>(
    _ key: Key, identity: ChildKey, as _: Store<ChildState, ChildAction>.Type
  ) -> Store<ChildState, ChildAction>? {
    guard let entry = entries[key], entry.identity == identity else { return nil }
    return entry.store as? Store<ChildState, ChildAction>
  }

  /// Caches `store` for the child of `identity` under `key`, weakly.
  @usableFromInline
  mutating func insert(_ store: AnyObject, _ key: Key, identity: ChildKey) {
    entries[key] = Entry(store: store, identity: identity)
    guard entries.count > pruneAt else { return }
    entries = entries.filter { $0.value.store != nil }
    pruneAt = max(16, entries.count * 2)
  }

  /// How many entries there are, freed or not (for tests).
  var count: Int { entries.count }
}
