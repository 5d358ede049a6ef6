import Observation

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
