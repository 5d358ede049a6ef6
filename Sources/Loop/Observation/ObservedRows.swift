/// What views read of one collection, by element: one ``ObservedValues`` table per element id,
/// whose state is the element (`nil` once it is gone), and one for its ids (as a list shows
/// them). A row store's fields, a row's presence, a shared element's members are entries in
/// their element's table; a list's ids, an entry in the ids' table, which holds nothing else.
///
/// A check reads the collection's version first:
/// - unchanged since the last check: nothing is read (O(1)); equal versions mean equal contents
///   (see `IdentifiedArrayHistory`), whatever was done to the array in between;
/// - changed: only the tables of the ids the collection's history says were touched are checked
///   (O(touched)); when the history has no path back (an older copy restored, a new array, more
///   than eight steps), every table is. The ids' table is checked unless the history says every
///   step since edited an element in place (`idsUnchanged(since:)`): a row's edit does not read
///   the list's ids again.
///
/// So 1,000 observed rows and one edit cost one row's check. Used by a store's row stores
/// (`ScopeCache`) and a shared collection's elements (`SharedRows`); main thread only, as both.
@usableFromInline
final class ObservedRows<ID: Hashable, Element> {
  /// Each element's table, made on the first read of it, dropped once its element is gone and
  /// nothing waits in it.
  @exclusivity(unchecked) @usableFromInline var tables: [ID: ObservedValues<Element?>] = [:]
  /// Reads of the collection's ids, and nothing else: its check is skipped when the history
  /// says the ids are unchanged.
  @usableFromInline let ids = ObservedValues<IdentifiedArray<ID, Element>>()
  /// How many tables have observers waiting: those whose `isScheduled` is set.
  @exclusivity(unchecked) @usableFromInline var waitingTables = 0
  /// The collection's version when it was last checked, or when the first observer started
  /// waiting (a check reads what changed since).
  @exclusivity(unchecked) @usableFromInline var checkedVersion = 0

  @usableFromInline init() {}

  /// Whether any observer waits.
  @inlinable
  var isWaiting: Bool { waitingTables > 0 || ids.isWaiting }

  /// Registers interest in the element `id` through `register`, which registers in its table
  /// and returns whether an entry started waiting. The collection is at `version` (read only
  /// when nothing was waiting). Returns
  /// whether the rows started waiting: the caller then makes sure a check will run.
  @inlinable
  func register(
    _ id: ID, at version: @autoclosure () -> Int,
    _ register: (ObservedValues<Element?>) -> Bool
  ) -> Bool {
    let wasWaiting = isWaiting
    let table: ObservedValues<Element?>
    if let known = tables[id] {
      table = known
    } else {
      table = ObservedValues()
      tables[id] = table
    }
    guard register(table), !table.isScheduled else { return false }
    table.isScheduled = true
    waitingTables += 1
    return startedWaiting(wasWaiting, at: version)
  }

  /// Registers interest in the collection's ids through `register`, as ``register(_:at:_:)``
  /// does for one element. What `register` adds must read the ids and nothing else (see
  /// ``ids``).
  @inlinable
  func registerIDs(
    at version: @autoclosure () -> Int,
    _ register: (ObservedValues<IdentifiedArray<ID, Element>>) -> Bool
  ) -> Bool {
    let wasWaiting = isWaiting
    guard register(ids) else { return false }
    return startedWaiting(wasWaiting, at: version)
  }

  /// Takes the version a check starts from, when the first observer starts waiting.
  @inlinable
  func startedWaiting(_ wasWaiting: Bool, at version: () -> Int) -> Bool {
    guard !wasWaiting else { return false }
    checkedVersion = version()
    return true
  }

  /// Reads what changed in `collection` since the last check: tells the observers of what
  /// changed, keeps the others. Returns whether any still wait.
  @inlinable
  func check(_ collection: IdentifiedArray<ID, Element>) -> Bool {
    let version = collection.version
    guard version != checkedVersion else { return isWaiting }
    if ids.isWaiting, !collection.history.idsUnchanged(since: checkedVersion) {
      _ = ids.check(collection)
    }
    if waitingTables > 0 {
      let told = collection.history.forEachID(touchedSince: checkedVersion) { id in
        check(id, in: collection)
      }
      if !told {
        for id in Array(tables.keys) { check(id, in: collection) }
      }
    }
    checkedVersion = version
    if tables.count > 2 * collection.count + 16 { forgetTables(beyond: collection) }
    return isWaiting
  }

  /// Drops the tables of elements that are gone and in which nothing waits, so there are not
  /// many more tables than elements (a list whose rows come and go).
  ///
  /// - Complexity: O(tables), run when there are more than twice as many as elements: after
  ///   it, there are no more than elements plus the tables still waiting.
  @usableFromInline
  func forgetTables(beyond collection: IdentifiedArray<ID, Element>) {
    tables = tables.filter { id, table in table.isScheduled || collection[id: id] != nil }
  }

  /// Checks the table of `id`, if it waits, keeping `waitingTables` in step: the table's
  /// check clears its `isScheduled`, and an observer told may read again (setting it) while it
  /// runs. A table whose element is gone and that no longer waits is dropped.
  @inlinable
  func check(_ id: ID, in collection: IdentifiedArray<ID, Element>) {
    guard let table = tables[id], table.isScheduled else { return }
    waitingTables -= 1
    let element = collection[id: id]
    if table.check(element), !table.isScheduled {
      table.isScheduled = true
      waitingTables += 1
    }
    if element == nil, !table.isScheduled { tables[id] = nil }
  }
}
