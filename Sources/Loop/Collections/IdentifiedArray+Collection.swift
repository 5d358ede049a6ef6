extension IdentifiedArray: RandomAccessCollection {
  /// The position of the first element.
  @inlinable public var startIndex: Int { 0 }
  /// The position one past the last element.
  @inlinable public var endIndex: Int { orderedIDs.count }

  /// The element at `position`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public subscript(position: Int) -> Element {
    // NB: Every id in `orderedIDs` has an element; a missing one is a bug in this type.
    guard let element = elementsByID[orderedIDs[position]] else {
      preconditionFailure("IdentifiedArray is inconsistent at index \(position)")
    }
    return element
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
// NB: `idOf` is a closure over a `KeyPath`, which is immutable; every other stored property is
// a value of `ID` or `Element`. The array is a value type with no shared mutable state.

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, as an array literal.
  public var description: String { Array(self).description }
}
