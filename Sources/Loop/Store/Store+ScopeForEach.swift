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
    if let cached = cache.stores[id]?.store as? Store<ElementState, ElementAction> {
      return cached
    }
    guard
      let store = scope(
        initial: elements[id: id].map(toState),
        child: { $0[keyPath: toElements][id: id].map(toState) },
        identity: { _ in true },
        send: { self.send(toElementAction(id, $0)) },
        membership: { [weak cache] check in cache?.observe(id) { check($0.map(toState)) } })
    else { return nil }
    cache.stores[id] = WeakStore(store)
    return store
  }

  /// The cache of element stores for one collection of this store's state, made on first use:
  /// `scope(forEach:)`'s, or (given `action`) the one for rows asked for one by one by key path
  /// with that action type (see `ElementPath`).
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
    let cache = ScopeCache<ID, ElementState>(
      elements: { [weak self] in self?.untrackedState[keyPath: toElements] },
      afterNextSend: { [weak self] check in self?.afterNextSend(check) })
    cache.scheduledCheck = { [weak cache] in cache?.check() }
    if let rowKey { rowScopeCaches[rowKey] = cache } else { scopeCaches[toElements] = cache }
    return cache
  }
}

/// The element stores of one collection, by id, held weakly; and their observation, checked
/// once per send for the whole collection.
///
/// After a send, the collection is read once:
/// - its version unchanged: no element store is looked at (O(1)); equal versions mean equal
///   contents (see `IdentifiedArrayHistory`), whatever was done to the array in between;
/// - changed: the ids edited, inserted or removed since the last check come from the array's
///   history, and only those stores are compared (O(changed)); when the history has no path
///   back (an older copy restored, a new array, more than eight steps), every observed store
///   is;
/// - its ids, when a list observes them: compared with the ids the list was given, in O(1)
///   unless the ids' storage changed.
///
/// The checks are one-shot, like Observation's registrations: a notified observer (row or
/// list) is forgotten until it reads again.
@MainActor
@usableFromInline
final class ScopeCache<ID: Hashable, Element>: Observable {
  @usableFromInline var stores: [ID: WeakStore] = [:]
  /// The element stores whose observers wait, with the check each runs on its element (`nil`
  /// once removed); a check returns whether its observers still wait.
  @usableFromInline var observed: [ID: @MainActor (Element?) -> Bool] = [:]
  /// The collection now, or `nil` once the store is gone.
  @usableFromInline let elements: @MainActor () -> IdentifiedArray<ID, Element>?
  /// Runs a check once, on the root store, after its next processed send.
  @usableFromInline let afterNextSend: @MainActor (@escaping @MainActor () -> Void) -> Void
  /// Whether a check after the next send is already asked for.
  @usableFromInline var isScheduled = false
  /// The collection's version at the last check.
  @usableFromInline var seen: Int?
  /// The ids a list was last given, while it observes them.
  @usableFromInline var observedIDs: [ID]?
  @usableFromInline let registrar = ObservationRegistrar()
  /// `\.ids`, made once (a key path into a generic class is instantiated each time its literal
  /// is evaluated).
  @usableFromInline let idsKeyPath: KeyPath<ScopeCache, [ID]?> = \.observedIDs

  @usableFromInline
  init(
    elements: @escaping @MainActor () -> IdentifiedArray<ID, Element>?,
    afterNextSend: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void
  ) {
    self.elements = elements
    self.afterNextSend = afterNextSend
  }

  /// Forgets the stores of elements that are gone and stores nobody holds, once there are more
  /// than `elements`, so the cache stays as big as what is shown.
  ///
  /// - Complexity: O(1) unless there are more stores than elements; then O(stores), after
  ///   which there are no more stores than elements.
  @inlinable
  func forgetStores(beyond elements: IdentifiedArray<ID, Element>) {
    guard stores.count > elements.count else { return }
    stores = stores.filter { id, entry in entry.store != nil && elements[id: id] != nil }
  }

  /// A list was given the stores for `elements`: if it observes, it is told when their ids
  /// change.
  @inlinable
  func observeIDs(of elements: IdentifiedArray<ID, Element>) {
    registrar.access(self, keyPath: idsKeyPath)
    observedIDs = elements.orderedIDs
    scheduleIfNeeded(at: elements.version)
  }

  /// An element store's observers wait: check it after sends until its element changes.
  @inlinable
  func observe(_ id: ID, _ check: @escaping @MainActor (Element?) -> Bool) {
    observed[id] = check
    if !isScheduled { scheduleIfNeeded(at: elements()?.version) }
  }

  /// Asks for a check after the next send, from where the collection stands now, unless one
  /// is asked for.
  @inlinable
  func scheduleIfNeeded(at version: Int?) {
    guard !isScheduled else { return }
    seen = version
    schedule()
  }

  @inlinable
  func schedule() {
    isScheduled = true
    afterNextSend(scheduledCheck)
  }

  /// The check run after a send, made once, by `Store.scopeCache(for:)` in the app's module
  /// so that the check it calls is specialised for the app's types (made here, in Loop, it ran
  /// as generic code: a third of a send's time in metadata lookups).
  @usableFromInline var scheduledCheck: @MainActor () -> Void = {}

  /// The elements whose presence a view observes (it asked for an element's store by key path,
  /// `scope(state: \.rows[id: id], …)`), with whether it saw the element there.
  @usableFromInline var presenceSeen: [ID: Bool] = [:]

  /// A view was told whether the element `id` is there: it is told when that changes.
  @inlinable
  func observePresence(of id: ID, isPresent: Bool) {
    registrar.access(self, keyPath: \ScopeCache.[presenceOf: id])
    guard presenceSeen[id] == nil else { return }
    presenceSeen[id] = isPresent
    if !isScheduled { scheduleIfNeeded(at: elements()?.version) }
  }

  /// What Observation tracks the presence of the element `id` under.
  @usableFromInline
  nonisolated subscript(presenceOf id: ID) -> Bool { false }

  /// Tells the views watching whether `id` is there, if that changed.
  @inlinable
  func checkPresence(of id: ID, in elements: IdentifiedArray<ID, Element>) {
    guard let seen = presenceSeen[id], seen != (elements[id: id] != nil) else { return }
    presenceSeen[id] = nil
    registrar.withMutation(of: self, keyPath: \ScopeCache.[presenceOf: id]) {}
  }

  @inlinable
  func check() {
    isScheduled = false
    guard let elements = elements() else { return }
    if let ids = observedIDs, ids != elements.orderedIDs {
      observedIDs = nil
      registrar.withMutation(of: self, keyPath: idsKeyPath) {}
    }
    let version = elements.version
    if let seen, seen != version {
      // NB: A check is taken out before it runs: a notified observer that reads again at once
      // registers anew, and must not be removed after.
      let told = elements.history.forEachID(touchedSince: seen) { id in
        if !presenceSeen.isEmpty { checkPresence(of: id, in: elements) }
        guard let check = observed.removeValue(forKey: id) else { return }
        if check(elements[id: id]) { observed[id] = check }
      }
      if !told {
        for id in Array(presenceSeen.keys) { checkPresence(of: id, in: elements) }
        let waiting = observed
        observed = [:]
        for (id, check) in waiting where check(elements[id: id]) { observed[id] = check }
      }
    }
    seen = version
    if !isScheduled, !observed.isEmpty || observedIDs != nil || !presenceSeen.isEmpty {
      schedule()
    }
  }
}

/// A store held weakly.
@MainActor
@usableFromInline
struct WeakStore {
  @usableFromInline weak var store: AnyObject?
  @inlinable
  init(_ store: AnyObject) { self.store = store }
}
