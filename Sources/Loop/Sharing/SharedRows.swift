/// What views read of the elements of a shared collection, by element: one `ObservedValues`
/// per element id, checked after a change only for the ids the collection's history says were
/// touched — as a store's row stores are (`ScopeCache`) — so 1,000 observed elements and one
/// edit cost one element's check, not 1,000.
///
/// Main thread only, as every shared value.
final class SharedRows<ID: Hashable & Sendable, Element: Sendable>: SharedRowsChecking {
  typealias Collection = IdentifiedArray<ID, Element>
  /// The slot of the collection, weakly: the slot keeps this.
  weak var slot: SharedSlot<Collection>?
  /// Each element's table, made on the first read of it: its state is the element (`nil` once
  /// it is gone), read from the collection once per check.
  var tables: [ID: ObservedValues<Element?>] = [:]
  /// How many tables have observers waiting: those with `isScheduled` set.
  var waitingTables = 0
  /// The collection's version at the last check.
  var checkedVersion: Int

  init(slot: SharedSlot<Collection>) {
    self.slot = slot
    self.checkedVersion = slot.value.version
  }

  /// A member of the element `id` was read, whose observers saw `seen` (`nil`: no such element):
  /// they are told after a change that left it different.
  func observe<Member>(id: ID, member: KeyPath<Element, Member>, seen: Member?) {
    guard let slot else { return }
    slot.isWatched = true
    let table: ObservedValues<Element?>
    if let known = tables[id] {
      table = known
    } else {
      table = ObservedValues()
      tables[id] = table
    }
    guard
      table.register(
        member, subject: slot, tracked: { \SharedSlot<Collection>.[elementMember: member] },
        read: { { $0.map { $0[keyPath: member] } } }, seen: seen),
      !table.isScheduled
    else { return }
    table.isScheduled = true
    waitingTables += 1
  }

  func check() -> Bool {
    guard let slot else { return false }
    let collection = slot.value
    let told = collection.history.forEachID(touchedSince: checkedVersion) { id in
      if let table = tables[id] { check(table, with: collection[id: id]) }
    }
    if !told {
      for (id, table) in tables { check(table, with: collection[id: id]) }
    }
    checkedVersion = collection.version
    return waitingTables > 0
  }

  /// Checks one element's table, keeping `waitingTables` in step: `check` clears the table's
  /// `isScheduled`, and an observer told may read again (setting it) while it runs.
  private func check(_ table: ObservedValues<Element?>, with element: Element?) {
    guard table.isScheduled else { return }
    waitingTables -= 1
    if table.check(element), !table.isScheduled {
      table.isScheduled = true
      waitingTables += 1
    }
  }
}

/// A slot's `SharedRows`, whatever its element type.
@usableFromInline
protocol SharedRowsChecking: AnyObject {
  /// Checks the elements touched since the last check; returns whether observers still wait.
  func check() -> Bool
}

extension SharedSlot {
  /// The observation of this collection's elements, by id, made on first use.
  func elementObservation<ID: Hashable & Sendable, Element: Sendable>() -> SharedRows<ID, Element>
  where Value == IdentifiedArray<ID, Element> {
    // NB: `Value` fixes the element and id types, so the one `SharedRows` made is of these.
    if let rows { return unsafeDowncast(rows, to: SharedRows<ID, Element>.self) }
    let made = SharedRows<ID, Element>(slot: self)
    rows = made
    return made
  }
}
