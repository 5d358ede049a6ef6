import Foundation
import Loop
import Testing

private struct Chore: Identifiable, Codable, Hashable, Sendable {
  let id: Int
  var title: String
}

@Suite("IdentifiedArray")
struct IdentifiedArrayTests {
  @Test("keeps insertion order and finds elements by id")
  func orderAndLookup() {
    var todos: IdentifiedArrayOf<Chore> = [Chore(id: 3, title: "c"), Chore(id: 1, title: "a")]
    todos.append(Chore(id: 2, title: "b"))
    #expect(todos.map(\.title) == ["c", "a", "b"])
    #expect(todos.ids == [3, 1, 2])
    #expect(todos[id: 1]?.title == "a")
    #expect(todos[id: 9] == nil)
    #expect(todos[1].title == "a")
  }

  @Test("append ignores a duplicate id and reports where the existing element is")
  func appendDuplicate() {
    var todos: IdentifiedArrayOf<Chore> = [Chore(id: 1, title: "a")]
    let result = todos.append(Chore(id: 1, title: "other"))
    #expect(result == (false, 0))
    #expect(todos[id: 1]?.title == "a")
  }

  @Test("the id subscript edits in place, appends a new id and removes on nil")
  func subscriptEdits() {
    var todos: IdentifiedArrayOf<Chore> = [Chore(id: 1, title: "a"), Chore(id: 2, title: "b")]
    todos[id: 1]?.title = "A"
    todos[id: 3] = Chore(id: 3, title: "c")
    todos[id: 2] = nil
    #expect(todos.map(\.title) == ["A", "c"])
    #expect(todos.remove(id: 1)?.title == "A")
    #expect(todos.remove(id: 1) == nil)
    todos.insert(Chore(id: 0, title: "zero"), at: 0)
    #expect(todos.ids == [0, 3])
    #expect(todos.remove(at: 1).id == 3)
    todos.removeAll()
    #expect(todos.isEmpty)
  }

  @Test("is Equatable and Hashable by ids, elements and order")
  func equatableHashable() {
    let one: IdentifiedArrayOf<Chore> = [Chore(id: 1, title: "a"), Chore(id: 2, title: "b")]
    let same: IdentifiedArrayOf<Chore> = [Chore(id: 1, title: "a"), Chore(id: 2, title: "b")]
    let reordered: IdentifiedArrayOf<Chore> = [Chore(id: 2, title: "b"), Chore(id: 1, title: "a")]
    #expect(one == same)
    #expect(one != reordered)
    #expect(Set([one, same, reordered]).count == 2)
  }

  @Test("encodes as a plain array and decodes back")
  func codableRoundTrip() throws {
    let todos: IdentifiedArrayOf<Chore> = [Chore(id: 1, title: "a"), Chore(id: 2, title: "b")]
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(todos)
    #expect(
      String(decoding: data, as: UTF8.self) == #"[{"id":1,"title":"a"},{"id":2,"title":"b"}]"#)
    #expect(try JSONDecoder().decode(IdentifiedArrayOf<Chore>.self, from: data) == todos)
  }

  @Test("decoding a duplicate id is a dataCorrupted error, not a silent drop")
  func decodeDuplicate() {
    let json = Data(#"[{"id":1,"title":"a"},{"id":1,"title":"b"}]"#.utf8)
    #expect {
      try JSONDecoder().decode(IdentifiedArrayOf<Chore>.self, from: json)
    } throws: { error in
      guard case let DecodingError.dataCorrupted(context) = error else { return false }
      return context.debugDescription == "Duplicate element id 1"
    }
  }

  @Test("works with any key path as the id")
  func customID() {
    var byTitle = IdentifiedArray<String, Chore>(id: \.title)
    byTitle.append(Chore(id: 1, title: "x"))
    byTitle.append(Chore(id: 2, title: "x"))
    #expect(byTitle.count == 1)
    #expect(byTitle[id: "x"]?.id == 1)
  }
}
