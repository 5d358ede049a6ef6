import LoopTesting
import Testing

@testable import Loop

/// Roots of every shape a key path can go through, for `StoredPath`.
private enum PathShapes {
  struct Inner: Equatable { var count = 0; var name = "" }
  final class Object: Equatable {
    var value: Int
    init(value: Int) { self.value = value }
    static func == (lhs: Object, rhs: Object) -> Bool { lhs.value == rhs.value }
  }
  @propertyWrapper struct Doubled: Equatable {
    var stored: Int
    var wrappedValue: Int {
      get { stored * 2 }
      set { stored = newValue / 2 }
    }
    init(wrappedValue: Int) { stored = wrappedValue / 2 }
  }
  struct Box<Value: Equatable>: Equatable { var value: Value; var flag = false }
  struct Root: Equatable {
    var flag = false
    var count = 0
    var name = ""
    var list: [Int] = []
    var inner = Inner()
    var child: Inner? = nil
    var pair: (Int, String) = (0, "")
    var object = Object(value: 0)
    @Doubled var doubled = 0
    var box = Box(value: Inner())
    var table: [String: Int] = [:]
    var computed: Int {
      get { count + 1 }
      set { count = newValue - 1 }
    }

    static func == (lhs: Root, rhs: Root) -> Bool {
      lhs.flag == rhs.flag && lhs.count == rhs.count && lhs.name == rhs.name
        && lhs.list == rhs.list && lhs.inner == rhs.inner && lhs.child == rhs.child
        && lhs.pair == rhs.pair && lhs.object == rhs.object && lhs._doubled == rhs._doubled
        && lhs.box == rhs.box && lhs.table == rhs.table
    }
  }
}

@Suite("A stored path reads and edits what its key path does")
struct StoredPathTests {
  private typealias Root = PathShapes.Root

  private static func randomRoot(_ random: inout SeededRandom) -> Root {
    func int() -> Int { Int.random(in: -50...50, using: &random) }
    var root = Root()
    root.flag = Bool.random(using: &random)
    root.count = int()
    root.name = String(repeating: "é", count: Int.random(in: 0...3, using: &random))
    root.list = (0..<Int.random(in: 0...4, using: &random)).map { _ in int() }
    root.inner = .init(count: int(), name: "\(int())")
    root.child = Bool.random(using: &random) ? nil : .init(count: int(), name: "c")
    root.pair = (int(), "\(int())")
    root.object = .init(value: int())
    root.doubled = int()
    root.box = .init(value: .init(count: int()), flag: Bool.random(using: &random))
    root.table = Bool.random(using: &random) ? [:] : ["k": int()]
    return root
  }

  /// Reads with the path and the key path agree, and so do edits made through each.
  private func agree<Value: Equatable>(
    _ keyPath: WritableKeyPath<Root, Value>, stored: Bool, on root: Root,
    edit: (inout Value) -> Void, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let path = StoredPath(keyPath)
    #expect((path.offset >= 0) == stored, sourceLocation: sourceLocation)
    // NB: Given as writable, kept so: an edit without an offset applies it with no cast.
    #expect(path.writable == keyPath, sourceLocation: sourceLocation)
    #expect(path.read(root) == root[keyPath: keyPath], sourceLocation: sourceLocation)
    // NB: Read in place, the root neither copied nor changed.
    var inPlace = root
    #expect(path.read(in: &inPlace) == root[keyPath: keyPath], sourceLocation: sourceLocation)
    #expect(inPlace == root, sourceLocation: sourceLocation)
    var viaPath = root
    var viaKeyPath = root
    // NB: A copy of the class the root holds, so an edit through it shows in neither root.
    viaPath.object = .init(value: root.object.value)
    viaKeyPath.object = .init(value: root.object.value)
    path.modify(&viaPath, edit)
    edit(&viaKeyPath[keyPath: keyPath])
    #expect(viaPath == viaKeyPath, sourceLocation: sourceLocation)
  }

  @Test("every shape of key path, on seeded roots and edits")
  func agreesWithTheKeyPath() async {
    for await seed in SeededRandom.seeds(2_000) {
      var random = SeededRandom(seed: seed)
      let root = Self.randomRoot(&random)
      let n = Int.random(in: -9...9, using: &random)
      agree(\.flag, stored: true, on: root) { $0.toggle() }
      agree(\.count, stored: true, on: root) { $0 += n }
      agree(\.name, stored: true, on: root) { $0 += "\u{2028}</script>" }
      agree(\.list, stored: true, on: root) { $0.append(n) }
      agree(\.inner, stored: true, on: root) { $0.count = n }
      agree(\.inner.name, stored: true, on: root) { $0 = "__proto__" }
      agree(\.child, stored: true, on: root) { $0 = $0 == nil ? .init(count: n) : nil }
      agree(\.pair.1, stored: true, on: root) { $0 += "\(n)" }
      agree(\.box.value.count, stored: true, on: root) { $0 = n }
      agree(\.box.value, stored: true, on: root) { $0.name += "\(n)" }
      agree(\.self, stored: true, on: root) { $0.count = n }
      // Paths with no offset: applied as key paths.
      let chained = StoredPath(\Root.child?.count)
      #expect(chained.offset == -1)
      #expect(chained.read(root) == root.child?.count)
      var chainedRoot = root
      #expect(chained.read(in: &chainedRoot) == root.child?.count)
      var listed = root
      if listed.list.isEmpty { listed.list = [n] }
      agree(\.list[0], stored: false, on: listed) { $0 += n }
      agree(\.computed, stored: false, on: root) { $0 += n }
      agree(\.doubled, stored: false, on: root) { $0 += 2 * n }
      agree(\.object.value, stored: false, on: root) { $0 += n }
      agree(\.table["k"], stored: false, on: root) { $0 = n }
    }
  }

  @Test("a read-only key path reads the same, stored or computed")
  func readOnlyPaths() {
    var root = Root()
    root.count = 4
    root.inner.count = 7
    #expect(StoredPath(\Root.inner.count as KeyPath<Root, Int>).read(root) == 7)
    #expect(StoredPath(\Root.computed as KeyPath<Root, Int>).read(root) == 5)
    #expect(StoredPath(\Root.list.count).read(root) == 0)
    #expect(StoredPath(\Root.list.count).offset == -1)
    #expect(StoredPath(\Root.inner.count as KeyPath<Root, Int>).writable == nil)
  }
}
