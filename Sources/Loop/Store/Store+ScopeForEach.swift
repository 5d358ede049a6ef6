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
    let cache = scopeCache(for: toElements)
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
          send: { self.send(toElementAction(id, $0)) })
      else { continue }
      cache.stores[id] = WeakStore(store)
      stores.append(store)
    }
    // NB: Forget the stores of elements that are gone, so the cache is as big as the array.
    if cache.stores.count > elements.count {
      cache.stores = cache.stores.filter { id, _ in
        (id.base as? ID).map { elements[id: $0] != nil } ?? false
      }
    }
    return stores
  }

  /// The cache of element stores for one collection of this store's state.
  private func scopeCache(for keyPath: AnyKeyPath) -> ScopeCache {
    if let cache = scopeCaches[keyPath] { return cache }
    let cache = ScopeCache()
    scopeCaches[keyPath] = cache
    return cache
  }
}

/// The element stores of one collection, by id, held weakly.
@MainActor
final class ScopeCache {
  var stores: [AnyHashable: WeakStore] = [:]
}

/// A store held weakly.
@MainActor
struct WeakStore {
  weak var store: AnyObject?
  init(_ store: AnyObject) { self.store = store }
}
