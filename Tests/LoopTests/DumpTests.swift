import Foundation
import Testing

@testable import Loop

private struct Point: Equatable { var x: Int; var y: Int }
private final class Node {
  var name = "root"; var child: Node?; init(child: Node? = nil) { self.child = child }
}
private enum Shape: Equatable { case circle(radius: Int); case polygon(Point, Point); case empty }
private struct Item: Identifiable, Equatable { let id: String; var done = false }

@Suite("Structural dump and diff")
struct DumpTests {
  @Test("Foundation's URL, UUID, Date and Data dump as one line each, not as their storage")
  func foundationLeaves() throws {
    struct Poster {
      var url = URL(string: "https://example.com/p.jpg")
      var id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
      var date = Date(timeIntervalSince1970: 0)
      var bytes = Data([1, 2, 3])
    }
    #expect(
      Dump.string(of: Poster()) == """
        DumpTests.Poster(
          url: URL("https://example.com/p.jpg"),
          id: UUID(E621E1F8-C36C-495A-93FC-0C247A3E6E5F),
          date: Date(1970-01-01T00:00:00.000Z),
          bytes: Data(3 bytes)
        )
        """)
  }

  @Test("structs, nested structs and optionals dump field by field")
  func structs() {
    struct Wrapper {
      var point = Point(x: 1, y: 2); var label: String? = "a"; var missing: Int? = nil
    }
    #expect(
      Dump.string(of: Wrapper()) == """
        DumpTests.Wrapper(
          point: Point(
            x: 1,
            y: 2
          ),
          label: "a",
          missing: nil
        )
        """)
  }

  @Test("enums dump their case and payload")
  func enums() {
    #expect(Dump.string(of: Shape.circle(radius: 3)) == "Shape.circle(radius: 3)")
    #expect(Dump.string(of: Shape.empty) == "Shape.empty")
    #expect(
      Dump.string(of: Shape.polygon(Point(x: 0, y: 0), Point(x: 1, y: 1))) == """
        Shape.polygon(
          Point(
            x: 0,
            y: 0
          ),
          Point(
            x: 1,
            y: 1
          )
        )
        """)
  }

  @Test("dictionaries dump with their keys sorted, sets sorted, arrays in order")
  func collections() {
    #expect(
      Dump.string(of: ["b": 2, "a": 1]) == """
        [
          "a": 1,
          "b": 2
        ]
        """)
    #expect(
      Dump.string(of: Set([3, 1, 2])) == """
        Set([
          1,
          2,
          3
        ])
        """)
    #expect(Dump.string(of: [Int]()) == "[]")
    #expect(Dump.string(of: [String: Int]()) == "[:]")
  }

  @Test("an IdentifiedArray dumps each element by its id")
  func identifiedArray() {
    let items: IdentifiedArrayOf<Item> = [Item(id: "milk"), Item(id: "eggs", done: true)]
    #expect(
      Dump.string(of: items) == """
        [
          [id: "milk"]: Item(
            id: "milk",
            done: false
          ),
          [id: "eggs"]: Item(
            id: "eggs",
            done: true
          )
        ]
        """)
  }

  @Test("classes dump their fields, and a cycle is cut")
  func classes() {
    let node = Node(child: Node())
    node.child?.child = node
    #expect(
      Dump.string(of: node) == """
        Node(
          name: "root",
          child: Node(
            name: "root",
            child: Node(↩︎)
          )
        )
        """)
  }

  @Test("a diff shows only the changed lines, with the structure around them")
  func diff() {
    struct Screen { var title = "Home"; var items: [String] = ["a", "b", "c"]; var count = 0 }
    var changed = Screen()
    changed.items[1] = "B"
    #expect(
      Diff.lines(from: Dump.lines(of: Screen()), to: Dump.lines(of: changed)) == """
          DumpTests.Screen(
            … (1 field unchanged)
            items: [
              … (1 element unchanged)
        −     "b",
        +     "B",
              … (1 element unchanged)
            ],
            … (1 field unchanged)
          )
        """)
    #expect(Diff.lines(from: ["same"], to: ["same"]) == nil)
  }
}
