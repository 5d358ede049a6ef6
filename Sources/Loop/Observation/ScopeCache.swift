import Observation

/// The element stores of one collection, by id, held weakly; and what views read of the
/// collection through them — the rows' fields, a row's presence, a list's ids — as one
/// ``ObservedRows``, checked once after each send while an observer waits.
///
/// The checks are one-shot, like Observation's registrations: a notified observer (row or
/// list) is forgotten until it reads again.
///
/// Main actor only, so its fields skip Swift's dynamic exclusivity check, as `RootCore`'s do:
/// `isScheduled` is read and written after every send an observer waits on, and no access to
/// a field here can overlap another on the one thread.
@MainActor
@usableFromInline
final class ScopeCache<ID: Hashable, Element>: Observable {
  @exclusivity(unchecked) @usableFromInline var stores: [ID: WeakReference<AnyObject>] = [:]
  /// What views read of the collection, by element.
  @usableFromInline let rows = ObservedRows<ID, Element>()
  /// The collection now, or `nil` once the store is gone.
  @usableFromInline let elements: @MainActor () -> IdentifiedArray<ID, Element>?
  /// Runs a check on the root store after its next processed send, and after each send after
  /// that while it returns `true`.
  @usableFromInline let afterNextSend: @MainActor (@escaping @MainActor () -> Bool) -> Void
  /// Whether a check after the next send is asked for: set from the first observer's wait until
  /// a check finds that none waits.
  @exclusivity(unchecked) @usableFromInline var isScheduled = false
  @usableFromInline
  init(
    elements: @escaping @MainActor () -> IdentifiedArray<ID, Element>?,
    afterNextSend: @escaping @MainActor (@escaping @MainActor () -> Bool) -> Void
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
    stores = stores.filter { id, entry in entry.object != nil && elements[id: id] != nil }
  }

  /// A list was given the stores for `elements`: it is told when their ids change.
  @inlinable
  func observeIDs(of elements: IdentifiedArray<ID, Element>) {
    // NB: What Observation tracks a list's ids under (see `StoreKeyPaths`).
    let idsKeyPath = StoreKeyPaths.keyPath(.observedIDs) { \ScopeCache.observedIDs }
    let started = rows.registerIDs(at: elements.version) { ids in
      ids.register(
        idsKeyPath, subject: self, tracked: { idsKeyPath }, read: { { $0.orderedIDs } },
        seen: elements.orderedIDs)
    }
    if started { schedule() }
  }

  /// A view was told whether the element `id` of `elements` is there (it asked for the
  /// element's store by key path, `scope(state: \.rows[id: id], …)`): it is told when that
  /// changes.
  @inlinable
  func observePresence(of id: ID, in elements: IdentifiedArray<ID, Element>) {
    let started = rows.register(id, at: elements.version) { table in
      table.register(
        StoreKeyPaths.keyPath(.isPresent) { \Element?.storeFieldIsPresent }, subject: self,
        tracked: { \ScopeCache.[presenceOf: id] },
        read: { { $0 != nil } }, seen: elements[id: id] != nil)
    }
    if started { schedule() }
  }

  /// Makes `entry`, an element store's check, wait in the table of its element `id`: it runs
  /// when the element changed.
  @inlinable
  func observe(_ id: ID, _ entry: ObservedValue<Element?>) {
    let started = rows.register(id, at: elements()?.version ?? 0) { $0.enlist(entry) }
    if started { schedule() }
  }

  /// Asks for a check after the next send, unless one is asked for (the root keeps it while
  /// observers wait).
  @inlinable
  func schedule() {
    guard !isScheduled else { return }
    isScheduled = true
    afterNextSend(scheduledCheck)
  }

  /// The check run after a send, made once, by `Store.scopeCache(for:)` in the app's module
  /// so that the check it calls is specialised for the app's types (made here, in Loop, it ran
  /// as generic code: a third of a send's time in metadata lookups).
  @exclusivity(unchecked) @usableFromInline var scheduledCheck: @MainActor () -> Bool = { false }

  /// What Observation tracks a list's ids under.
  @usableFromInline
  nonisolated var observedIDs: Bool { false }

  /// What Observation tracks the presence of the element `id` under.
  @usableFromInline
  nonisolated subscript(presenceOf id: ID) -> Bool { false }

  /// Tells the observers of what changed; returns whether any still wait, for the root to run
  /// it again after the next send.
  ///
  /// It stays scheduled while it runs, so an observer told that reads again at once asks for no
  /// other check: the rows then still wait, and this one is kept.
  @inlinable
  func check() -> Bool {
    guard let elements = elements(), rows.check(elements) else {
      isScheduled = false
      return false
    }
    return true
  }
}
