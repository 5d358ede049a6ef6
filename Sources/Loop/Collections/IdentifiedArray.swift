/// An ordered collection of elements, each with a unique id, with O(1) lookup by id.
///
/// `IdentifiedArray` is what `Reducer.forEach(state:action:environment:fileID:line:)` runs a child
/// reducer over: actions are routed to one element by its id, not by its position, so an
/// element that moves or a sibling that is removed never receives another row's action.
///
/// ```swift
/// struct Todo: Identifiable, Equatable { let id: Int; var title: String }
///
/// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
/// todos[id: 2]?.title = "Bread"
/// todos.remove(id: 1)
/// todos.map(\.title)   // ["Bread"]
/// ```
public struct IdentifiedArray<ID: Hashable, Element> {
  /// The function that gives an element's id.
  @usableFromInline let idOf: (Element) -> ID
  /// The ids, in order.
  @usableFromInline var orderedIDs: [ID]
  /// The elements, keyed by id.
  @usableFromInline var elementsByID: [ID: Element]
  /// The array's version and its last few mutations: what lets a parent's `forEach` learn in
  /// O(1) that no element went, and an element store that no element changed (see
  /// ``IdentifiedArrayHistory``). Not part of the array's value: hashing, coding and dumps
  /// ignore it; `==` uses it only as a shortcut (equal versions mean equal contents).
  @usableFromInline var history = IdentifiedArrayHistory<ID>()

  /// Creates an empty array whose elements are identified by `id`.
  ///
  /// ```swift
  /// var rows = IdentifiedArray<String, Row>(id: \.name)
  /// ```
  @inlinable
  public init(id: KeyPath<Element, ID>) {
    self.init(idOf: { $0[keyPath: id] }, orderedIDs: [], elementsByID: [:])
  }

  @usableFromInline
  init(idOf: @escaping (Element) -> ID, orderedIDs: [ID], elementsByID: [ID: Element]) {
    self.idOf = idOf
    self.orderedIDs = orderedIDs
    self.elementsByID = elementsByID
  }

  /// Creates an array of `elements`, identified by `id`, keeping the first of any duplicate id.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public init(_ elements: some Sequence<Element>, id: KeyPath<Element, ID>) {
    self.init(id: id)
    for element in elements { append(element) }
  }

  /// The ids of the elements, in order.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var ids: [ID] { orderedIDs }

  /// The element with the given id, or `nil`; assigning `nil` removes it, assigning an element
  /// to a new id appends it.
  ///
  /// ```swift
  /// todos[id: 3] = Todo(id: 3, title: "Tea")   // appended
  /// todos[id: 3] = nil                          // removed
  /// ```
  ///
  /// - Complexity: O(1) to read or replace; O(*n*) to remove.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get { elementsByID[id] }
    _modify {
      if elementsByID[id] != nil {
        // NB: Yield the dictionary's storage directly so an in-place edit of a child (the
        // forEach path) is not a copy of the element.
        yield &elementsByID[id]
        if elementsByID[id] == nil {
          orderedIDs.removeAll { $0 == id }
          history.record(id, isRemoval: true)
        } else {
          history.record(id, keepsIDs: true)
        }
      } else {
        var element: Element? = nil
        yield &element
        if let element { self[id: id] = element }
      }
    }
    set {
      guard let newValue else {
        remove(id: id)
        return
      }
      let isNew = elementsByID.updateValue(newValue, forKey: id) == nil
      if isNew { orderedIDs.append(id) }
      history.record(id, keepsIDs: !isNew)
      checkInvariants(around: id)
    }
  }

  /// Appends `element` unless an element with its id is already present.
  ///
  /// - Returns: Whether the element was inserted, and its index.
  /// - Complexity: Amortised O(1).
  @inlinable
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    let id = idOf(element)
    if elementsByID[id] != nil {
      return (false, orderedIDs.firstIndex(of: id) ?? orderedIDs.endIndex)
    }
    elementsByID[id] = element
    orderedIDs.append(id)
    history.record(id)
    checkInvariants(around: id)
    return (true, orderedIDs.endIndex - 1)
  }

  /// Inserts `element` at `index`, or replaces the element with the same id where it stands.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func insert(_ element: Element, at index: Int) {
    let id = idOf(element)
    let isNew = elementsByID.updateValue(element, forKey: id) == nil
    if isNew { orderedIDs.insert(id, at: index) }
    history.record(id, keepsIDs: !isNew)
    checkInvariants()
  }

  /// Removes and returns the element with the given id, if any.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let element = elementsByID.removeValue(forKey: id) else { return nil }
    orderedIDs.removeAll { $0 == id }
    history.record(id, isRemoval: true)
    checkInvariants()
    return element
  }

  /// Removes and returns the element at `index`.
  ///
  /// - Precondition: `index` is a valid index.
  /// - Complexity: O(*n*).
  @inlinable
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let id = orderedIDs.remove(at: index)
    // NB: Every id in `orderedIDs` has an element; a missing one is a bug in this type.
    guard let element = elementsByID.removeValue(forKey: id) else {
      preconditionFailure("IdentifiedArray is inconsistent: no element for id \(id)")
    }
    history.record(id, isRemoval: true)
    checkInvariants()
    return element
  }

  /// Removes every element.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func removeAll() {
    orderedIDs.removeAll()
    elementsByID.removeAll()
    history.restart()
  }

  /// Edits the element with `id` in place, if there is one, and reads the version after the
  /// edit: one access for a `forEach`, which needs both.
  @inlinable
  mutating func modifyElement<Result>(
    id: ID, version: inout Int, _ body: (inout Element) -> Result
  ) -> Result? {
    let result = elementsByID[id].modifyIfPresent(body)
    if result != nil { history.record(id, keepsIDs: true) }
    version = history.version
    return result
  }

  /// The version of the array's contents: equal versions mean equal contents (see
  /// ``IdentifiedArrayHistory``).
  @inlinable
  var version: Int { history.version }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  // NB: `id` read by a closure, not through the key path `\.id`: a key path into a generic
  // type is instantiated at run time each time its literal is evaluated (about 11,000
  // instructions, callgrind, 2026-12-04), and each element's id read through it is a key path
  // application where the closure is a direct call, specialised where the array is made.

  /// Creates an empty array of `Identifiable` elements.
  @inlinable
  public init() { self.init(idOf: { $0.id }, orderedIDs: [], elementsByID: [:]) }

  /// Creates an array of `Identifiable` elements, keeping the first of any duplicate id.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { append(element) }
  }
}

/// An ``IdentifiedArray`` of `Identifiable` elements.
///
/// ```swift
/// var todos: IdentifiedArrayOf<Todo> = []
/// ```
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>
