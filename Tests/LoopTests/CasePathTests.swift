import Dispatch
import Loop
import LoopTesting
import Testing

// NB: Case paths built from the case alone read the enum's tag and payload from its layout.
// Each shape below is a layout the compiler treats differently: several payload cases (tag in
// extra bits or in spare bits of references), a single payload case, indirect cases, generic
// payloads, tuples with and without labels, references, existentials, large and empty
// payloads. Every check compares with pattern matching, the plain computation.

private final class Box: Sendable, Equatable {
  let value: Int
  init(_ value: Int) { self.value = value }
  static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
}

private struct Large: Equatable, Sendable {
  var a = 0, b = 0, c = 0, d = 0, e = 0
  var text = ""
  var box = Box(0)
}

private enum Child: Equatable, Sendable {
  case tap
  case set(Int)
}

private indirect enum Tree: Equatable, Sendable {
  case leaf(Int)
  case node(Tree, Tree)
  case empty
}

private enum Mixed: Equatable, Sendable {
  case int(Int)
  case otherInt(Int)
  case text(String)
  case child(Child)
  case row(id: Int, action: Child)
  case pair(Int, String)
  case box(Box)
  case optional(Int?)
  case list([Int])
  indirect case tree(Tree)
  case large(Large)
  case none
  case also
}

/// Tags in the spare bits of references: every payload is a class reference.
private enum References: Equatable, Sendable {
  case first(Box)
  case second(Box)
  case neither
}

/// One payload case: the other cases are extra inhabitants of the payload.
private enum Single: Equatable, Sendable {
  case value(String)
  case none
  case other
}

private enum Generic<T: Equatable & Sendable>: Equatable, Sendable {
  case wrap(T)
  case other(T)
  case empty
}

private enum Existential: Sendable {
  case any(any Sendable)
  case count(Int)
}

private enum Custom: Sendable, CustomReflectable {
  case value(Int)
  var customMirror: Mirror { Mirror(self, children: [:]) }
}

@Suite("Case paths built from the case")
struct CasePathTests {
  /// Checks `path` against pattern matching (`plain`) on `count` values from `make`, in a
  /// seeded random order, twice each (before and after the path learned every case).
  private func check<Root, Value: Equatable>(
    _ path: CasePath<Root, Value>, _ plain: (Root) -> Value?,
    values make: (inout SeededRandom) -> Root, count: Int = 2_000,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for seed in 0..<2 as Range<UInt64> {
      var random = SeededRandom(seed: seed)
      for index in 0..<count {
        let root = make(&random)
        let extracted = path.extract(from: root)
        if extracted != plain(root) {
          Issue.record(
            "value \(index), seed \(seed): \(root) extracted \(String(describing: extracted))",
            sourceLocation: sourceLocation)
          return
        }
        if let value = extracted, plain(path.embed(value)) != value {
          Issue.record("embedding \(value) does not round-trip", sourceLocation: sourceLocation)
          return
        }
      }
    }
  }

  private static func mixed(_ random: inout SeededRandom) -> Mixed {
    let n = Int(random.next() % 1_000)
    switch random.next() % 13 {
    case 0: return .int(n)
    case 1: return .otherInt(n)
    case 2: return .text("t\(n)")
    case 3: return .child(n.isMultiple(of: 2) ? .tap : .set(n))
    case 4: return .row(id: n, action: .set(-n))
    case 5: return .pair(n, "p\(n)")
    case 6: return .box(Box(n))
    case 7: return .optional(n.isMultiple(of: 3) ? nil : n)
    case 8: return .list(Array(0..<(n % 5)))
    case 9: return .tree(n.isMultiple(of: 2) ? .leaf(n) : .node(.leaf(n), .empty))
    case 10: return .large(Large(a: n, e: -n, text: "l\(n)", box: Box(n)))
    case 11: return .none
    default: return .also
    }
  }

  @Test("every payload shape of a many-case enum extracts as pattern matching does")
  func manyCases() {
    check(CasePath(Mixed.int), { if case let .int(v) = $0 { v } else { nil } }, values: Self.mixed)
    check(
      CasePath(Mixed.otherInt), { if case let .otherInt(v) = $0 { v } else { nil } },
      values: Self.mixed)
    check(
      CasePath(Mixed.text), { if case let .text(v) = $0 { v } else { nil } }, values: Self.mixed)
    check(
      CasePath(Mixed.child), { if case let .child(v) = $0 { v } else { nil } },
      values: Self.mixed)
    check(
      CasePath(Mixed.box), { if case let .box(v) = $0 { v } else { nil } }, values: Self.mixed)
    check(
      CasePath(Mixed.optional), { if case let .optional(v) = $0 { v } else { nil } },
      values: Self.mixed)
    check(
      CasePath(Mixed.list), { if case let .list(v) = $0 { v } else { nil } }, values: Self.mixed)
    check(
      CasePath(Mixed.tree), { if case let .tree(v) = $0 { v } else { nil } }, values: Self.mixed)
    check(
      CasePath(Mixed.large), { if case let .large(v) = $0 { v } else { nil } },
      values: Self.mixed)
  }

  @Test("tuple payloads, labelled or not, extract as a pair")
  func tuples() async {
    let row = CasePath(Mixed.row)
    let pair = CasePath(Mixed.pair)
    for await seed in SeededRandom.seeds(2_000) {
      var random = SeededRandom(seed: seed)
      let root = Self.mixed(&random)
      let expectedRow: (Int, Child)? =
        if case let .row(id, action) = root { (id, action) } else { nil }
      let expectedPair: (Int, String)? = if case let .pair(n, s) = root { (n, s) } else { nil }
      let gotRow = row.extract(from: root)
      let gotPair = pair.extract(from: root)
      #expect(gotRow?.0 == expectedRow?.0 && gotRow?.1 == expectedRow?.1, "\(root)")
      #expect(gotPair?.0 == expectedPair?.0 && gotPair?.1 == expectedPair?.1, "\(root)")
    }
    #expect(row.embed((7, .tap)) == .row(id: 7, action: .tap))
  }

  @Test("references, one payload case, generics, indirect enums, Optional, existentials")
  func otherLayouts() {
    func reference(_ random: inout SeededRandom) -> References {
      let n = Int(random.next() % 100)
      return [.first(Box(n)), .second(Box(n)), .neither][Int(random.next() % 3)]
    }
    check(
      CasePath(References.second), { if case let .second(v) = $0 { v } else { nil } },
      values: reference)
    func single(_ random: inout SeededRandom) -> Single {
      [.value("v\(random.next() % 100)"), .none, .other][Int(random.next() % 3)]
    }
    check(
      CasePath(Single.value), { if case let .value(v) = $0 { v } else { nil } }, values: single)
    func generic(_ random: inout SeededRandom) -> Generic<Large> {
      let large = Large(a: Int(random.next() % 100), text: "g")
      return [.wrap(large), .other(large), .empty][Int(random.next() % 3)]
    }
    check(
      CasePath(Generic<Large>.other), { if case let .other(v) = $0 { v } else { nil } },
      values: generic)
    func tree(_ random: inout SeededRandom) -> Tree {
      let n = Int(random.next() % 100)
      return [.leaf(n), .node(.leaf(n), .leaf(-n)), .empty][Int(random.next() % 3)]
    }
    check(CasePath(Tree.leaf), { if case let .leaf(v) = $0 { v } else { nil } }, values: tree)
    let node = CasePath(Tree.node)
    #expect(
      node.extract(from: .node(.leaf(1), .empty)).map { [$0.0, $0.1] } == [.leaf(1), .empty])
    #expect(node.extract(from: .leaf(1)) == nil)
    func optional(_ random: inout SeededRandom) -> Int? {
      random.next() % 2 == 0 ? nil : Int(random.next() % 100)
    }
    check(CasePath(Optional<Int>.some), { $0 }, values: optional)
    let any = CasePath(Existential.any)
    #expect(any.extract(from: .count(3)) == nil)
    #expect(any.extract(from: .any("text")) as? String == "text")
    #expect(CasePath(Existential.count).extract(from: .any(3)) == nil)
  }

  @Test("appending nests paths: a presented child's action inside a parent's")
  func appending() {
    let path = CasePath(Mixed.child).then(CasePath(Child.set))
    #expect(path.extract(from: .child(.set(4))) == 4)
    #expect(path.extract(from: .child(.tap)) == nil)
    #expect(path.extract(from: .int(4)) == nil)
    #expect(path.embed(9) == .child(.set(9)))
  }

  @Test("extracting from many threads at once, while the path learns, agrees with matching")
  func concurrentLearning() {
    for _ in 0..<20 {
      let path = CasePath(Mixed.text)
      DispatchQueue.concurrentPerform(iterations: 8) { index in
        var random = SeededRandom(seed: UInt64(index))
        for _ in 0..<200 {
          let root = Self.mixed(&random)
          let expected: String? = if case let .text(v) = root { v } else { nil }
          #expect(path.extract(from: root) == expected)
        }
      }
    }
  }

  @Test("extracted references are retained once: nothing leaks, nothing is freed early")
  func noLeaks() {
    weak var released: Box?
    do {
      let path = CasePath(Mixed.box)
      let large = CasePath(Mixed.large)
      let box = Box(1)
      released = box
      for _ in 0..<1_000 {
        #expect(path.extract(from: .box(box)) === box)
        #expect(large.extract(from: .large(Large(box: box)))?.box === box)
        #expect(CasePath(Mixed.tree).extract(from: .tree(.leaf(1))) == .leaf(1))
      }
    }
    #expect(released == nil)
  }

  @Test("a function that is not one case, a custom mirror, a struct: each is reported")
  func misuse() {
    let warnings = WarningLog()
    RuntimeWarnings.withHandler({ warnings.append($0) }) {
      let nested = CasePath<Mixed, Int> { .child(.set($0)) }
      #expect(nested.extract(from: .int(1)) == nil)
      #expect(nested.extract(from: .child(.set(1))) == nil)
      let custom = CasePath(Custom.value)
      #expect(custom.extract(from: .value(1)) == nil)
      struct Plain: Sendable { var value: Int }
      let plain = CasePath(Plain.init(value:))
      #expect(plain.extract(from: Plain(value: 1)) == nil)
    }
    #expect(
      warnings.all == [
        """
        CasePath(_:) was given a function that is not one case of Mixed (one that wraps the \
        value in several cases, say): its extract finds nothing. To fix, pass the case itself \
        (CasePath(Action.child)) and chain the cases with then(_:), or use \
        CasePath(embed:extract:).
        """,
        """
        CasePath(_:) cannot read the cases of Custom: its custom mirror hides them, so its \
        extract finds nothing. To fix, use CasePath(embed:extract:).
        """,
        """
        CasePath(_:) was given a function building a Plain, which is not an enum: its extract \
        finds nothing. To fix, pass an enum case (CasePath(Action.child)), or use \
        CasePath(embed:extract:).
        """,
      ])
  }
}
