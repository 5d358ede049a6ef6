import Observation

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
  /// would keep a released store, and its effects, alive.
  ///
  /// Observation is per row and per list:
  /// - each row store observes its own element only: editing one row notifies that row's
  ///   observers, not the other rows' nor the list's;
  /// - calling this method while observing (a list view's body) observes the collection's
  ///   *ids*: adding, removing or reordering elements notifies, editing one does not.
  ///
  /// A row store whose element was removed behaves like an optional child's store whose child
  /// is gone: it delivers nothing.
  ///
  /// - Parameters:
  ///   - toElements: The collection in this store's state.
  ///   - toElementAction: The action that routes an element's action to it, as the reducer's
  ///     `forEach` expects. The first call for a key path decides it; the cache assumes one
  ///     routing per collection.
  /// - Complexity: O(*n*) per call for *n* elements (one cache lookup each).
  @inlinable
  public func scope<ID: Hashable & Sendable, ElementState, ElementAction>(
    forEach toElements: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: @escaping (ID, ElementAction) -> Action
  ) -> [Store<ElementState, ElementAction>] {
    scope(forEach: toElements, element: { $0 }, action: toElementAction)
  }

  /// One store per screen of a navigation stack, bottom first — for a `NavigationStack`'s
  /// destinations, each a view of its own store.
  ///
  /// ```swift
  /// for screen in store.scope(forEach: \.path, action: Action.path) {
  ///   ScreenView(store: screen)      // its actions reach the parent as .path(.element(id:action:))
  /// }
  /// ```
  ///
  /// The stores are those of `scope(forEach:action:)`,
  /// by screen id: the same screen gets the same store while something holds it, each screen's
  /// observers are told when that screen changed, and a list that observes is told when
  /// screens are pushed or popped. A popped screen's store delivers nothing.
  ///
  /// - Complexity: O(*n*) per call for *n* screens.
  @inlinable
  public func scope<ElementState: Sendable, ElementAction: Sendable>(
    forEach toStack: KeyPath<State, StackState<ElementState>>,
    action toStackAction: @escaping (StackAction<ElementState, ElementAction>) -> Action
  ) -> [Store<ElementState, ElementAction>] {
    scope(
      forEach: toStack.appending(path: \.elements), element: { $0.state },
      action: { toStackAction(.element(id: $0, action: $1)) })
  }

  /// `scope(forEach:action:)`, routed by a
  /// ``CasePath`` to the stack's actions.
  @inlinable
  public func scope<ElementState: Sendable, ElementAction: Sendable>(
    forEach toStack: KeyPath<State, StackState<ElementState>>,
    action toStackAction: CasePath<Action, StackAction<ElementState, ElementAction>>
  ) -> [Store<ElementState, ElementAction>] {
    scope(forEach: toStack, action: { toStackAction.embed($0) })
  }

  /// The store of one screen of a navigation stack, by its id — for a `NavigationStack`'s
  /// destination, given the screen's ``StackPath/Element``; `nil` if the screen is not on the
  /// stack.
  ///
  /// ```swift
  /// .navigationDestination(for: StackPath<Screen.State>.Element.self) { screen in
  ///   if let screenStore = store.scope(forEach: \.path, id: screen.id, action: Action.path) {
  ///     ScreenView(store: screenStore)
  ///   }
  /// }
  /// ```
  ///
  /// It is the store `scope(forEach:action:)` gives for that screen: the same object while
  /// something holds it, observed per screen.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func scope<ElementState: Sendable, ElementAction: Sendable>(
    forEach toStack: KeyPath<State, StackState<ElementState>>, id: StackElementID,
    action toStackAction: @escaping (StackAction<ElementState, ElementAction>) -> Action
  ) -> Store<ElementState, ElementAction>? {
    let toElements = toStack.appending(path: \.elements)
    let elements = untrackedState[keyPath: toElements]
    let cache = scopeCache(for: toElements)
    let store = elementStore(
      id: id, in: elements, cache: cache, forEach: toElements, element: { $0.state },
      action: { toStackAction(.element(id: $0, action: $1)) })
    cache.forgetStores(beyond: elements)
    return store
  }

  /// `scope(forEach:id:action:)`, routed by a ``CasePath`` to the stack's actions.
  @inlinable
  public func scope<ElementState: Sendable, ElementAction: Sendable>(
    forEach toStack: KeyPath<State, StackState<ElementState>>, id: StackElementID,
    action toStackAction: CasePath<Action, StackAction<ElementState, ElementAction>>
  ) -> Store<ElementState, ElementAction>? {
    scope(forEach: toStack, id: id, action: { toStackAction.embed($0) })
  }

  /// The element stores of `toElements`, each showing `toState` of its element.
  @inlinable
  func scope<ID: Hashable & Sendable, Element, ElementState, ElementAction>(
    forEach toElements: KeyPath<State, IdentifiedArray<ID, Element>>,
    element toState: @escaping (Element) -> ElementState,
    action toElementAction: @escaping (ID, ElementAction) -> Action
  ) -> [Store<ElementState, ElementAction>] {
    let elements = untrackedState[keyPath: toElements]
    let cache = scopeCache(for: toElements)
    cache.observeIDs(of: elements)
    var stores: [Store<ElementState, ElementAction>] = []
    stores.reserveCapacity(elements.count)
    for id in elements.orderedIDs {
      guard
        let store = elementStore(
          id: id, in: elements, cache: cache, forEach: toElements, element: toState,
          action: toElementAction)
      else { continue }
      stores.append(store)
    }
    cache.forgetStores(beyond: elements)
    return stores
  }

  /// The store of the element `id` of `elements`: the cached one while something holds it,
  /// else a new one, cached; `nil` if `id` is not there.
  @inlinable
  func elementStore<ID: Hashable, Element, ElementState, ElementAction>(
    id: ID, in elements: IdentifiedArray<ID, Element>, cache: ScopeCache<ID, Element>,
    forEach toElements: KeyPath<State, IdentifiedArray<ID, Element>>,
    element toState: @escaping (Element) -> ElementState,
    action toElementAction: @escaping (ID, ElementAction) -> Action
  ) -> Store<ElementState, ElementAction>? {
    // NB: A removed element's store may still be cached (something holds it, and the cache
    // forgets stores only after this call): it is no longer this element's.
    guard elements.elementsByID.keys.contains(id) else { return nil }
    if let cached = cache.stores[id]?.object as? Store<ElementState, ElementAction> {
      return cached
    }
    guard let initial = elements[id: id].map(toState) else { return nil }
    let core = ElementCore(
      parent: self, id: id, initial: initial, in: toElements, element: toState,
      send: { self.send(toElementAction(id, $0)) })
    // NB: Made here, in the app's module, so the check runs specialised for its types. It
    // reaches the core weakly: the core keeps `membership`, which keeps the entry.
    let weakCore = WeakReference(core)
    let entry = ObservedValue<Element?> { element in
      weakCore.object?.checkMember(element.map(toState)) ?? false
    }
    let weakCache = WeakReference(cache)
    core.membership = { weakCache.object?.observe(id, entry) }
    let store = Store<ElementState, ElementAction>(scoped: core)
    cache.stores[id] = WeakReference(store)
    return store
  }

  /// The cache of element stores for one collection of this store's state, made on first use:
  /// `scope(forEach:)`'s, or (given `action`) the one for rows asked for one by one by key path
  /// with that action type (see `RowKeyPath`).
  @inlinable
  func scopeCache<ID: Hashable, ElementState>(
    for toElements: KeyPath<State, IdentifiedArray<ID, ElementState>>, rowAction: Any.Type? = nil
  ) -> ScopeCache<ID, ElementState> {
    let rowKey = rowAction.map { ChildStoreCache.Key(state: AnyHashable(toElements), action: $0) }
    if let rowKey {
      if let cache = rowScopeCaches[rowKey] as? ScopeCache<ID, ElementState> { return cache }
    } else if let cache = scopeCaches[toElements] as? ScopeCache<ID, ElementState> {
      return cache
    }
    let elementsPath = StoredPath(toElements)
    // NB: Each closure here runs after a send: they capture weak references as values (see
    // `WeakReference`).
    let weakSelf = WeakReference(self)
    let cache = ScopeCache<ID, ElementState>(
      // NB: No `Optional.map` here: its closure would be a main-actor closure passed where a
      // nonisolated one is expected, which Swift checks at run time (an executor check per
      // call, and this one runs after every send that changed an observed collection).
      elements: {
        guard let store = weakSelf.object else { return nil }
        return store.core.untracked(elementsPath)
      },
      afterNextSend: { check in weakSelf.object?.afterNextSend(check) })
    let weakCache = WeakReference(cache)
    cache.scheduledCheck = { weakCache.object?.check() ?? false }
    if let rowKey { rowScopeCaches[rowKey] = cache } else { scopeCaches[toElements] = cache }
    return cache
  }
}
