/// A list that keeps its first element inline and the others in an array: a cascade's effects
/// and its `finish()` waiters (see ``CascadeState``).
///
/// A send that starts an effect most often starts one, and one `finish()` waits on it: an
/// array would allocate a buffer for each, two allocations per round trip. This one allocates
/// from its second element on. It keeps the order of appending, as an array does.
///
/// ```swift
/// var list = SmallList<Int>()
/// list.append(1)            // inline: nothing allocated
/// list.append(2)            // the second goes to the array
/// Array(list) == [1, 2]     // true
/// ```
struct SmallList<Element>: Sequence {
  /// The first element; `nil` only when the list is empty.
  private var first: Element?
  /// The elements after the first.
  private var rest: [Element] = []

  init() {}

  var isEmpty: Bool { first == nil }

  var count: Int { first == nil ? 0 : 1 + rest.count }

  mutating func append(_ element: Element) {
    if first == nil {
      first = element
    } else {
      rest.append(element)
    }
  }

  /// Empties the list, and lets go of the array's buffer.
  mutating func removeAll() {
    first = nil
    rest = []
  }

  /// Removes the elements `shouldRemove` picks, keeping the order of the others, in place (a
  /// busy cascade's compaction allocates nothing).
  mutating func removeAll(where shouldRemove: (Element) -> Bool) {
    let dropsFirst = first.map(shouldRemove) ?? false
    rest.removeAll(where: shouldRemove)
    if dropsFirst { first = rest.isEmpty ? nil : rest.removeFirst() }
  }

  func makeIterator() -> Iterator { Iterator(first: first, rest: rest.makeIterator()) }

  /// The first element, then the array's own iterator.
  struct Iterator: IteratorProtocol {
    var first: Element?
    var rest: IndexingIterator<[Element]>

    mutating func next() -> Element? {
      if let element = first {
        first = nil
        return element
      }
      return rest.next()
    }
  }
}
