/// What views read of the elements of a shared collection, by element: an ``ObservedRows``,
/// checked after each change to the collection — as a store's rows are (`ScopeCache`) — so
/// 1,000 observed elements and one edit cost one element's check, not 1,000.
///
/// Main thread only, as every shared value.
@usableFromInline
final class SharedRows<ID: Hashable & Sendable, Element: Sendable> {
  @usableFromInline typealias Collection = IdentifiedArray<ID, Element>
  /// The slot of the collection, weakly: the slot keeps this.
  @exclusivity(unchecked) @usableFromInline weak var slot: SharedSlot<Collection>?
  @usableFromInline let rows = ObservedRows<ID, Element>()

  @usableFromInline
  init(slot: SharedSlot<Collection>) { self.slot = slot }

  /// Calls `register` with the table of the element `id` and the element as the collection has
  /// it now (`nil`: no such element), which is what its observers are later compared with.
  /// Returns `false`, calling nothing, once the slot is gone.
  @inlinable
  func registerInTable(
    of id: ID, _ register: (ObservedValues<Element?>, Element?) -> Bool
  ) -> Bool {
    guard let slot else { return false }
    slot.isWatched = true
    let element = SharedOverlay.value(of: slot)[id: id]
    _ = rows.register(id, at: slot.value.version) { register($0, element) }
    return true
  }
}

extension SharedSlot {
  /// The observation of this collection's elements, by id, made on first use: by
  /// `Shared.subscript(id:)`, in the app's module, so that the check it leaves the slot runs
  /// specialised for the app's types.
  @inlinable
  func elementObservation<ID: Hashable & Sendable, Element: Sendable>() -> SharedRows<ID, Element>
  where Value == IdentifiedArray<ID, Element> {
    // NB: `Value` fixes the element and id types, so the one `SharedRows` made is of these.
    if let rows { return unsafeDowncast(rows, to: SharedRows<ID, Element>.self) }
    let made = SharedRows<ID, Element>(slot: self)
    rows = made
    // NB: `unowned(unsafe) self`: the slot keeps this closure, so it never outlives the slot.
    checkRows = { [unowned(unsafe) self] in made.rows.check(self.value) }
    return made
  }
}

extension ObservedValues {
  /// Registers interest in `member` of an element whose table this is, the element being
  /// `element` now: the one entry both ways of reading a shared element's member make (through
  /// `Shared`, specialised; through `SharedElement`, generic), so they agree on its type.
  @inlinable
  func registerMember<Element, Member>(_ member: KeyPath<Element, Member>, of element: Element?)
    -> Bool
  where State == Element? {
    register(
      member, subject: ObservedWhole.subject, tracked: { \ObservedWhole.[member: member] },
      read: { { $0.map { $0[keyPath: member] } } }, seen: element.map { $0[keyPath: member] })
  }
}
