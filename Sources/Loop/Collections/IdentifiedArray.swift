/// An ordered collection of elements, each with a unique id, with O(1) lookup by id.
///
/// `IdentifiedArray` is what ``Reducer/forEach(state:action:environment:fileID:line:)`` runs a child
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
  /// Changes when an element is removed, and is new for every array made: a parent's
  /// `forEach` compares it before and after each action to learn, in O(1), whether a child may
  /// have gone (see `ChildLifetime`). Not part of the array's value: `==`, hashing, coding
  /// and dumps ignore it.
  @usableFromInline var generation: Int
  /// The last few removals, each as the generation it moved from and to and the id removed: a
  /// `forEach` that sees the generation change walks back through them to learn which ids
  /// went, in O(removed). A whole new array has none, and more removals in one action than it
  /// keeps break the chain; the `forEach` then checks its children one by one.
  @usableFromInline var recentRemovals: [(from: Int, to: Int, id: ID)] = []
  /// How many element edits and insertions there have been: a scoped store's view of the
  /// collection compares it after each send to learn, in O(1), whether any element changed.
  @usableFromInline var changeCount = 0
  /// The ids of the last (up to) eight edits, a ring: slot `(n - 1) % 8` holds edit `n`. Lets
  /// the element stores' observation check only the elements that changed (see
  /// `ScopeCache`); more edits than that in one send, and it checks every observed element.
  @usableFromInline var recentChanges: [ID] = []

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
    self.generation = nextIdentifiedArrayGeneration()
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
          recordRemoval(of: id)
        } else {
          recordChange(of: id)
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
      if elementsByID.updateValue(newValue, forKey: id) == nil { orderedIDs.append(id) }
      recordChange(of: id)
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
    recordChange(of: id)
    checkInvariants(around: id)
    return (true, orderedIDs.endIndex - 1)
  }

  /// Inserts `element` at `index`, or replaces the element with the same id where it stands.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func insert(_ element: Element, at index: Int) {
    let id = idOf(element)
    if elementsByID.updateValue(element, forKey: id) == nil { orderedIDs.insert(id, at: index) }
    recordChange(of: id)
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
    recordRemoval(of: id)
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
    recordRemoval(of: id)
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
    generation = nextIdentifiedArrayGeneration()
    recentRemovals.removeAll()
  }

  /// Edits the element with `id` in place, if there is one, and reads the generation: one
  /// access for a `forEach`, which needs both.
  @inlinable
  mutating func modifyElement<Result>(
    id: ID, generation: inout Int, _ body: (inout Element) -> Result
  ) -> Result? {
    generation = self.generation
    let result = elementsByID[id].modifyIfPresent(body)
    if result != nil { recordChange(of: id) }
    return result
  }

  /// Counts an edit or insertion of the element with `id`.
  @inlinable
  mutating func recordChange(of id: ID) {
    changeCount &+= 1
    if recentChanges.count < 8 {
      recentChanges.append(id)
    } else {
      recentChanges[(changeCount &- 1) & 7] = id
    }
  }

  /// Where the array stands, for a scoped store's check: its generation and edit count.
  @inlinable
  var marker: CollectionMarker {
    CollectionMarker(generation: generation, changeCount: changeCount)
  }

  /// Calls `body` once with each id edited or inserted since the array stood at `earlier`, and
  /// returns `true`; or returns `false` without calling it if the array cannot tell (it was
  /// replaced, lost an element, or had more edits than its ring keeps).
  ///
  /// - Complexity: O(*k*²) for *k* ≤ 8 edits since `earlier`.
  @inlinable
  func forEachID(editedSince earlier: CollectionMarker, _ body: (ID) -> Void) -> Bool {
    let edits = changeCount &- earlier.changeCount
    guard earlier.generation == generation, edits >= 0, edits <= recentChanges.count else {
      return false
    }
    var edit = 0
    while edit < edits {
      let id = recentChanges[(changeCount &- 1 &- edit) & 7]
      var later = 0
      while later < edit, recentChanges[(changeCount &- 1 &- later) & 7] != id { later += 1 }
      if later == edit { body(id) }
      edit += 1
    }
    return true
  }

  /// Moves to a new generation, remembering that `id` was removed.
  @usableFromInline
  mutating func recordRemoval(of id: ID) {
    let next = nextIdentifiedArrayGeneration()
    if recentRemovals.count == 8 { recentRemovals.removeFirst() }
    recentRemovals.append((generation, next, id))
    generation = next
  }

  /// The ids removed since the array was at `earlier`, or `nil` if it cannot tell (the array
  /// was replaced, or more was removed than it remembers).
  ///
  /// - Complexity: O(1) per id removed.
  @usableFromInline
  func idsRemoved(since earlier: Int) -> [ID]? {
    var ids: [ID] = []
    var current = generation
    var index = recentRemovals.endIndex
    while current != earlier {
      index -= 1
      guard index >= 0, recentRemovals[index].to == current else { return nil }
      ids.append(recentRemovals[index].id)
      current = recentRemovals[index].from
    }
    return ids
  }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an empty array of `Identifiable` elements.
  @inlinable
  public init() { self.init(id: \.id) }

  /// Creates an array of `Identifiable` elements, keeping the first of any duplicate id.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public init(_ elements: some Sequence<Element>) { self.init(elements, id: \.id) }
}

/// An ``IdentifiedArray`` of `Identifiable` elements.
///
/// ```swift
/// var todos: IdentifiedArrayOf<Todo> = []
/// ```
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

/// The generations of every ``IdentifiedArray``, process-wide, so no two arrays and no two
/// removals share one.
private let identifiedArrayGenerations = AtomicWords(count: 1)

@usableFromInline
func nextIdentifiedArrayGeneration() -> Int {
  identifiedArrayGenerations.add(1, at: 0)
}
