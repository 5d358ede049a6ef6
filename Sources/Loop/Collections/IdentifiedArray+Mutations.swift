// The rest of what a list of rows needs: lookups by id, removal by predicate or offsets, moves,
// sorting, filtering, and update-or-append. Every mutation keeps the invariants, which debug
// builds check after each one (`checkInvariants()`).

extension IdentifiedArray {
  /// The position of the element with `id`, if there is one.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public func index(id: ID) -> Int? {
    guard elementsByID[id] != nil else { return nil }
    return orderedIDs.firstIndex(of: id)
  }

  /// Replaces the element with `element`'s id in place, or appends it; returns the element it
  /// replaced.
  ///
  /// ```swift
  /// rows.updateOrAppend(Row(id: 3, title: "Renamed"))   // position kept if 3 was there
  /// ```
  ///
  /// - Complexity: O(1) amortised.
  @inlinable
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    let id = idOf(element)
    let old = elementsByID.updateValue(element, forKey: id)
    if old == nil { orderedIDs.append(id) }
    history.record(id, keepsIDs: old != nil)
    checkInvariants(around: id)
    return old
  }

  /// Removes every element that satisfies `shouldBeRemoved`.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var kept: [ID] = []
    kept.reserveCapacity(orderedIDs.count)
    for id in orderedIDs {
      guard let element = elementsByID[id] else { continue }
      if try shouldBeRemoved(element) {
        elementsByID[id] = nil
        history.record(id, isRemoval: true)
      } else {
        kept.append(id)
      }
    }
    orderedIDs = kept
    checkInvariants()
  }

  /// Removes the elements at `offsets` (SwiftUI's `onDelete` gives an `IndexSet`, which is
  /// such a collection).
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    let doomed = Set(offsets.filter { orderedIDs.indices.contains($0) }.map { orderedIDs[$0] })
    guard !doomed.isEmpty else { return }
    for id in doomed {
      elementsByID[id] = nil
      history.record(id, isRemoval: true)
    }
    orderedIDs.removeAll { doomed.contains($0) }
    checkInvariants()
  }

  /// Moves the elements at `source` to before the element at `destination`, as SwiftUI's
  /// `onMove` describes a drag: `destination` is an offset in the array *before* the move.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
    let moving = Set(source.filter { orderedIDs.indices.contains($0) })
    guard !moving.isEmpty else { return }
    let moved = moving.sorted().map { orderedIDs[$0] }
    let split = Swift.min(Swift.max(destination, 0), orderedIDs.count)
    let before = orderedIDs.indices[..<split].filter { !moving.contains($0) }.map { orderedIDs[$0] }
    let after = orderedIDs.indices[split...].filter { !moving.contains($0) }.map { orderedIDs[$0] }
    orderedIDs = before + moved + after
    history.record(nil)
    checkInvariants()
  }

  /// Sorts the elements in place by `areInIncreasingOrder`; ids stay with their elements.
  ///
  /// - Complexity: O(*n* log *n*).
  @inlinable
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    let elements = elementsByID
    try orderedIDs.sort { lhs, rhs in
      // NB: Every id in `orderedIDs` has an element (the invariant checkInvariants asserts).
      guard let left = elements[lhs], let right = elements[rhs] else { return false }
      return try areInIncreasingOrder(left, right)
    }
    history.record(nil)
    checkInvariants()
  }

  /// The elements that satisfy `isIncluded`, in order, as an `IdentifiedArray`.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var result = Self(idOf: idOf, orderedIDs: [], elementsByID: [:])
    for id in orderedIDs {
      guard let element = elementsByID[id], try isIncluded(element) else { continue }
      result.orderedIDs.append(id)
      result.elementsByID[id] = element
    }
    result.checkInvariants()
    return result
  }

  /// Asserts, in debug builds, what every mutation keeps: ids unique, each with its element,
  /// each element under its own id. Compiled out of optimised builds. The O(*n*) mutations run
  /// it; the O(1) ones run ``checkInvariants(around:)``, so a debug build's `append` stays O(1).
  ///
  /// - Complexity: O(*n*), in debug builds only.
  @inlinable
  func checkInvariants() {
    assert(
      orderedIDs.count == elementsByID.count && Set(orderedIDs).count == orderedIDs.count
        && orderedIDs.allSatisfy { id in elementsByID[id].map { idOf($0) == id } ?? false },
      "IdentifiedArray is inconsistent: \(orderedIDs.count) ids, \(elementsByID.count) elements")
  }
}

extension IdentifiedArray {
  /// Asserts, in debug builds, the invariants where an O(1) mutation touched `id`: as many ids
  /// as elements, and the element under `id` (if any) has that id.
  @inlinable
  func checkInvariants(around id: ID) {
    assert(
      orderedIDs.count == elementsByID.count
        && (elementsByID[id].map { idOf($0) == id } ?? true),
      "IdentifiedArray is inconsistent around id \(id)")
  }
}

extension IdentifiedArray where Element: Comparable {
  /// Sorts the elements in place, in increasing order.
  ///
  /// - Complexity: O(*n* log *n*).
  @inlinable
  public mutating func sort() {
    sort(by: <)
  }
}
