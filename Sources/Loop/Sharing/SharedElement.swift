/// One element of a shared collection, by id.
@usableFromInline
final class SharedElement<ID: Hashable & Sendable, Element: Sendable>: SharedDerivation,
  @unchecked Sendable
{
  // NB: @unchecked: main thread only, as every shared value.
  let parent: Shared<IdentifiedArray<ID, Element>>
  let id: ID
  /// The element as it last was: what the value is once the element is gone.
  @exclusivity(unchecked) var last: Element

  /// The element as the collection has it now: made by `Shared.subscript(id:)`, in the app's
  /// module, so it runs specialised.
  let elementNow: () -> Element?
  /// Registers in the element's own table (see `registerInOwnTable`), made with `elementNow`.
  let ownTable: ((ObservedValues<Element?>, Element?) -> Bool) -> Bool

  @usableFromInline
  init(
    parent: Shared<IdentifiedArray<ID, Element>>, id: ID, last: Element,
    elementNow: @escaping () -> Element?,
    ownTable: @escaping ((ObservedValues<Element?>, Element?) -> Bool) -> Bool
  ) {
    self.parent = parent
    self.id = id
    self.last = last
    self.elementNow = elementNow
    self.ownTable = ownTable
  }

  @usableFromInline var value: Element {
    if let element = elementNow() { last = element }
    return last
  }

  @usableFromInline
  func registerInOwnTable(_ register: (ObservedValues<Element?>, Element?) -> Bool) -> Bool {
    ownTable(register)
  }

  @usableFromInline func observedValue() -> Element {
    let element = elementNow()
    observeElement(\Element.self, seen: element)
    if let element { last = element }
    return last
  }

  @usableFromInline func set(_ value: Element) {
    guard elementNow() != nil else {
      reportRuntimeWarning(
        """
        A shared element was changed after it was removed from its collection: \(id)

        The change reached nothing. To fix, stop changing the element once it is removed \
        (a screen showing it should close), or add it back first.
        """)
      last = value
      return
    }
    last = value
    parent.wrappedValue[id: id] = value
  }

  @usableFromInline func observe<Member>(_ member: KeyPath<Element, Member>, seen: Member) {
    // NB: What the observer is compared with later is the member as the collection has it
    // now — none, once the element is gone — not the last value this shows.
    observeElement(member, seen: elementNow().map { $0[keyPath: member] })
  }

  /// Registers interest in `member` of the element, whose observers saw `seen` (`nil`: the
  /// element is gone): in the element's own table when the collection is a slot's whole value
  /// (`ownTable`, which reads the element itself), checked only when the element was touched;
  /// else as a member of the collection.
  private func observeElement<Member>(
    _ member: KeyPath<Element, Member>, seen: @autoclosure () -> Member?
  ) {
    guard !ownTable({ table, element in table.registerMember(member, of: element) }) else {
      return
    }
    parent.observe(
      (\IdentifiedArray<ID, Element>.[id: id]).appending(
        path: \Element?.[storeFieldMember: member]),
      seen: seen())
  }

  @usableFromInline var rootKeyID: String { parent.rootKeyID }
  @usableFromInline func flushRoot() throws(SharedStorageError) { try parent.flush() }
}
