import Foundation
import Testing

@testable import Loop

private struct Item: Identifiable, Hashable, Comparable, Sendable {
  let id: Int
  var name: String
  static func < (lhs: Item, rhs: Item) -> Bool { lhs.name < rhs.name }
}

/// `[1 a, 2 b, 3 c, 4 d, 5 e]`
private func five() -> IdentifiedArrayOf<Item> {
  IdentifiedArray(zip(1...5, ["a", "b", "c", "d", "e"]).map { Item(id: $0, name: $1) })
}

/// The invariants every mutation keeps, checked from outside as well as by the debug asserts.
private func expectConsistent(
  _ items: IdentifiedArrayOf<Item>, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(Set(items.ids).count == items.count, "ids unique", sourceLocation: sourceLocation)
  #expect(items.map(\.id) == items.ids, "order of ids and elements", sourceLocation: sourceLocation)
  for item in items {
    #expect(items[id: item.id] == item, "lookup by id", sourceLocation: sourceLocation)
  }
}

@Suite("IdentifiedArray: the full set of mutations")
struct IdentifiedArrayMutationTests {
  @Test("index(id:) finds a position, or nil")
  func indexOfID() {
    let items = five()
    #expect(items.index(id: 3) == 2)
    #expect(items.index(id: 9) == nil)
  }

  @Test("updateOrAppend replaces in place, or appends, and returns what it replaced")
  func updateOrAppend() {
    var items = five()
    #expect(items.updateOrAppend(Item(id: 2, name: "B")) == Item(id: 2, name: "b"))
    #expect(items.updateOrAppend(Item(id: 6, name: "f")) == nil)
    #expect(items.map(\.name) == ["a", "B", "c", "d", "e", "f"])
    expectConsistent(items)
  }

  @Test("removeAll(where:) removes what matches, keeps the order, and counts as removals")
  func removeAllWhere() {
    var items = five()
    let before = items.version
    items.removeAll { $0.id.isMultiple(of: 2) }
    #expect(items.ids == [1, 3, 5])
    #expect(Set(items.history.idsRemoved(since: before) ?? []) == [2, 4])
    expectConsistent(items)
  }

  @Test("remove(atOffsets:) takes an IndexSet, as SwiftUI's onDelete gives")
  func removeAtOffsets() {
    var items = five()
    items.remove(atOffsets: IndexSet([0, 3]))
    #expect(items.ids == [2, 3, 5])
    items.remove(atOffsets: [9])
    #expect(items.ids == [2, 3, 5])
    expectConsistent(items)
  }

  @Test(
    "move(fromOffsets:toOffset:) follows SwiftUI's onMove: the destination is before the move",
    arguments: [
      ([0], 3, [2, 3, 1, 4, 5]),
      ([4], 0, [5, 1, 2, 3, 4]),
      ([1, 3], 5, [1, 3, 5, 2, 4]),
      ([0, 1], 0, [1, 2, 3, 4, 5]),
      ([2], 2, [1, 2, 3, 4, 5]),
    ])
  func move(source: [Int], destination: Int, expected: [Int]) {
    var items = five()
    items.move(fromOffsets: IndexSet(source), toOffset: destination)
    #expect(items.ids == expected)
    expectConsistent(items)
  }

  @Test("sort(by:) and sort() reorder the ids with their elements")
  func sorting() {
    var items = five()
    items.sort { $0.id > $1.id }
    #expect(items.ids == [5, 4, 3, 2, 1])
    items[id: 3]?.name = "z"
    items.sort()
    #expect(items.map(\.name) == ["a", "b", "d", "e", "z"])
    #expect(items[id: 3]?.name == "z")
    expectConsistent(items)
  }

  @Test("a position edits in place under its id, as TCA's tests write rows[0].count = 1")
  func positionalEdit() {
    var items = five()
    let version = items.version
    items[0].name = "A"
    items[4].name += "!"
    #expect(items.map(\.name) == ["A", "b", "c", "d", "e!"])
    #expect(items[id: 1]?.name == "A" && items.version != version)
    expectConsistent(items)
  }

  @Test(
    "assigning at a position: same id replaces, a new id replaces the element, an id held elsewhere swaps"
  )
  func positionalAssignment() {
    var items = five()
    items[1] = Item(id: 2, name: "B")
    #expect(items.map(\.name) == ["a", "B", "c", "d", "e"])
    items[1] = Item(id: 9, name: "new")
    #expect(items.ids == [1, 9, 3, 4, 5] && items[id: 2] == nil)
    // Id 4 is at index 3: it comes to index 0 with the new value, and id 1 takes its place.
    items[0] = Item(id: 4, name: "four")
    #expect(items.ids == [4, 9, 3, 1, 5])
    #expect(items.map(\.name) == ["four", "new", "c", "a", "e"])
    expectConsistent(items)
  }

  @Test("MutableCollection's algorithms keep every element: swapAt, reverse, partition, a slice")
  func mutableCollectionAlgorithms() {
    var items = five()
    items.swapAt(0, 4)
    #expect(items.ids == [5, 2, 3, 4, 1])
    items.reverse()
    #expect(items.ids == [1, 4, 3, 2, 5])
    let pivot = items.partition { $0.id.isMultiple(of: 2) }
    #expect(Set(items.ids[..<pivot]) == [1, 3, 5] && Set(items.ids[pivot...]) == [2, 4])
    var sliced = five()
    sliced[1..<4].reverse()
    #expect(sliced.ids == [1, 4, 3, 2, 5])
    #expect(sliced.map(\.name) == ["a", "d", "c", "b", "e"])
    expectConsistent(items)
    expectConsistent(sliced)
  }

  @Test("filter returns an IdentifiedArray, in order, that keeps working by id")
  func filtering() {
    var odd = five().filter { $0.id % 2 == 1 }
    #expect(odd.ids == [1, 3, 5])
    odd.append(Item(id: 7, name: "g"))
    #expect(odd[id: 7]?.name == "g")
    expectConsistent(odd)
  }

  @Test("insert(_:at:) inserts a new id at the offset, and replaces an existing one in place")
  func insert() {
    var items = five()
    items.insert(Item(id: 9, name: "x"), at: 1)
    items.insert(Item(id: 4, name: "D"), at: 0)
    #expect(items.ids == [1, 9, 2, 3, 4, 5])
    #expect(items[id: 4]?.name == "D")
    expectConsistent(items)
  }

  @Test("moves and sorts are no removals, but they are changes: the version moves")
  func reorderingIsNoRemoval() {
    var items = five()
    let version = items.version
    items.move(fromOffsets: [0], toOffset: 5)
    items.sort()
    items.updateOrAppend(Item(id: 1, name: "a2"))
    #expect(items.version != version)
    #expect(items.history.idsRemoved(since: version) == [])
  }
}
