extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  /// The position of the first element.
  @inlinable public var startIndex: Int { 0 }
  /// The position one past the last element.
  @inlinable public var endIndex: Int { orderedIDs.count }

  /// The element at `position`, to read, edit in place, or replace.
  ///
  /// ```swift
  /// todos[0].title = "Oat milk"            // edited in place, under its id
  /// todos[0] = Todo(id: 9, title: "Tea")   // a new id: replaces the element at 0
  /// todos.swapAt(0, 1)                     // and every MutableCollection algorithm
  /// ```
  ///
  /// Ids stay unique: assigning an element whose id another element has moves that element
  /// here, with the new value, and the element that was here to its place (so `reverse()`,
  /// `partition(by:)` and writes through a slice keep every element). An in-place edit that
  /// gives the element the id of another one is a programmer error, and stops the program, as
  /// it does in TCA's `IdentifiedArray`: edit by id, or remove the other element first.
  ///
  /// - Complexity: O(1) to read, or to edit or assign an element keeping its id; O(*n*) when
  ///   the id changes.
  @inlinable
  public subscript(position: Int) -> Element {
    get {
      // NB: Every id in `orderedIDs` has an element; a missing one is a bug in this type.
      guard let element = elementsByID[orderedIDs[position]] else {
        preconditionFailure("IdentifiedArray is inconsistent at index \(position)")
      }
      return element
    }
    set {
      let id = orderedIDs[position]
      let newID = idOf(newValue)
      if newID != id, let other = orderedIDs.firstIndex(of: newID) {
        orderedIDs.swapAt(position, other)
        history.record(nil)
      } else if newID != id {
        elementsByID[id] = nil
        orderedIDs[position] = newID
        history.record(id, isRemoval: true)
      }
      elementsByID[newID] = newValue
      history.record(newID, keepsIDs: newID == id)
      checkInvariants(around: newID)
    }
    _modify {
      let id = orderedIDs[position]
      // NB: Moved out of the dictionary and back, so the edit is in place (the element's
      // storage stays uniquely referenced) and a changed id is seen before it is stored.
      guard var element = elementsByID.removeValue(forKey: id) else {
        preconditionFailure("IdentifiedArray is inconsistent at index \(position)")
      }
      defer { putBack(element, at: position, editedFrom: id) }
      yield &element
    }
  }

  /// Stores an element edited in place at `position`, where the element `id` was.
  @inlinable
  mutating func putBack(_ element: Element, at position: Int, editedFrom id: ID) {
    let newID = idOf(element)
    if newID != id {
      precondition(
        elementsByID[newID] == nil,
        """
        An IdentifiedArray element edited at index \(position) took the id \(newID), which \
        another element has: ids must stay unique. To fix, edit it by id, or remove the other \
        element first.
        """)
      orderedIDs[position] = newID
      history.record(id, isRemoval: true)
    }
    elementsByID[newID] = element
    history.record(newID, keepsIDs: newID == id)
    checkInvariants(around: newID)
  }

  /// Exchanges the elements at `i` and `j`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public mutating func swapAt(_ i: Int, _ j: Int) {
    orderedIDs.swapAt(i, j)
    if i != j { history.record(nil) }
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
  /// Creates an array from a literal of `Identifiable` elements.
  ///
  /// ```swift
  /// let todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
  /// ```
  @inlinable
  public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Two arrays are equal when they hold equal elements with the same ids in the same order.
  ///
  /// - Complexity: O(1) for two copies of one value that neither has changed since; O(*n*)
  ///   otherwise.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    // NB: Equal versions mean equal contents (see `IdentifiedArrayHistory`); the model-based
    // tests check it against the element-by-element comparison.
    lhs.history.version == rhs.history.version
      || (lhs.orderedIDs == rhs.orderedIDs && lhs.elementsByID == rhs.elementsByID)
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the ids and elements in order.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

extension IdentifiedArray: @unchecked Sendable where ID: Sendable, Element: Sendable {}
// NB: `idOf` is a closure over a `KeyPath`, which is immutable, or over nothing (an
// `Identifiable` element's `id`); every other stored property is a value of `ID` or `Element`.
// The array is a value type with no shared mutable state.

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, as an array literal.
  public var description: String { Array(self).description }
}
