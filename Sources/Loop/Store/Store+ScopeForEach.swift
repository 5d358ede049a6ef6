extension Store {
  /// One store per element of a collection, in order — for a `ForEach` of rows, each a view
  /// of its own store.
  ///
  /// ```swift
  /// for rowStore in store.scope(forEach: \.rows, action: Action.row) {
  ///   RowView(store: rowStore)       // SwiftUI: ForEach(store.scope(forEach: …)) { … }
  /// }
  /// ```
  ///
  /// The same element gets the **same store object** on every call while that store lives —
  /// while a view holds it — and the element is in the collection (the stores are cached,
  /// weakly, by key path and id on this store), so views keep their identity and their
  /// observation. A weak cache, because a child store keeps its parent alive: a strong one
  /// would keep a released store, and its effects, alive. Each row store observes its own element only: editing
  /// one row notifies that row's observers, not the other rows'. A row store whose element was
  /// removed behaves like an optional child's store whose child is gone: it delivers nothing.
  ///
  /// - Parameters:
  ///   - toElements: The collection in this store's state.
  ///   - toElementAction: The action that routes an element's action to it, as the reducer's
  ///     `forEach` expects. The first call for a key path decides it; the cache assumes one
  ///     routing per collection.
  /// - Complexity: O(*n*) per call for *n* elements (one cache lookup each).
  public func scope<ID: Hashable & Sendable, ElementState, ElementAction>(
    forEach toElements: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: @escaping (ID, ElementAction) -> Action
  ) -> [Store<ElementState, ElementAction>] {
    let elements = untrackedState[keyPath: toElements]
    let cache = scopeCache(for: toElements, ids: ID.self)
    if cache.readMarker == nil {
      cache.readMarker = { [weak self] in
        guard let self else { return nil }
        let elements = self.untrackedState[keyPath: toElements]
        return CollectionMarker(generation: elements.generation, changeCount: elements.changeCount)
      }
      cache.changedIDs = { [weak self] earlier in
        self?.untrackedState[keyPath: toElements].idsChanged(since: earlier)
      }
      cache.afterNextSend = { [weak self] check in self?.afterNextSend(check) }
    }
    var stores: [Store<ElementState, ElementAction>] = []
    stores.reserveCapacity(elements.count)
    for id in elements.ids {
      if let cached = cache.stores[id]?.store as? Store<ElementState, ElementAction> {
        stores.append(cached)
        continue
      }
      guard
        let store = scope(
          child: { $0[keyPath: toElements][id: id] }, identity: { _ in true },
          send: { self.send(toElementAction(id, $0)) },
          membership: { [weak cache] check in cache?.observe(id, check) })
      else { continue }
      cache.stores[id] = WeakStore(store)
      stores.append(store)
    }
    // NB: Forget the stores of elements that are gone and stores nobody holds, so the cache
    // stays as big as what is shown.
    if cache.stores.count > stores.count {
      cache.stores = cache.stores.filter { id, entry in
        entry.store != nil && elements[id: id] != nil
      }
    }
    return stores
  }

  /// The cache of element stores for one collection of this store's state.
  private func scopeCache<ID: Hashable>(for keyPath: AnyKeyPath, ids: ID.Type) -> ScopeCache<ID> {
    if let cache = scopeCaches[keyPath] as? ScopeCache<ID> { return cache }
    let cache = ScopeCache<ID>()
    scopeCaches[keyPath] = cache
    return cache
  }
}

/// The element stores of one collection, by id, held weakly; and their observation, checked
/// once per send for the whole collection.
///
/// After a send, the collection's `(generation, changeCount)` is read once: unchanged, no
/// element store is looked at (O(1)). Changed, the ids edited since the last check come from
/// the array's ring of recent edits and only those stores are compared (O(changed)); when the
/// ring cannot tell (a removal, a new array, more than eight edits), every observed store is.
@MainActor
final class ScopeCache<ID: Hashable> {
  var stores: [ID: WeakStore] = [:]
  /// The element stores whose observers wait, with the check each runs.
  var observed: [ID: @MainActor () -> Bool] = [:]
  var isScheduled = false
  var seen: CollectionMarker?
  var readMarker: (@MainActor () -> CollectionMarker?)?
  var changedIDs: (@MainActor (Int) -> [ID]?)?
  var afterNextSend: (@MainActor (@escaping @MainActor () -> Void) -> Void)?
  /// The check run after a send, made once.
  private lazy var scheduledCheck: @MainActor () -> Void = { [weak self] in self?.check() }

  /// An element store's observers wait: check it after sends until its element changes.
  func observe(_ id: ID, _ check: @escaping @MainActor () -> Bool) {
    observed[id] = check
    guard !isScheduled else { return }
    isScheduled = true
    seen = readMarker?()
    schedule()
  }

  private func schedule() {
    afterNextSend?(scheduledCheck)
  }

  private func check() {
    guard let marker = readMarker?() else {
      isScheduled = false
      return
    }
    if let seen, seen == marker {
      schedule()
      return
    }
    if let seen, seen.generation == marker.generation,
      let changed = changedIDs?(seen.changeCount)
    {
      for (index, id) in changed.enumerated() where !changed[..<index].contains(id) {
        if let check = observed[id], !check() { observed[id] = nil }
      }
    } else {
      for (id, check) in observed where !check() { observed[id] = nil }
    }
    seen = marker
    if observed.isEmpty {
      isScheduled = false
    } else {
      schedule()
    }
  }
}

/// Where a collection stands: its generation (new array, removals) and its count of edits.
struct CollectionMarker: Equatable {
  var generation: Int
  var changeCount: Int
}

/// A store held weakly.
@MainActor
struct WeakStore {
  weak var store: AnyObject?
  init(_ store: AnyObject) { self.store = store }
}
