import Foundation
import LoopTesting
import Testing

@testable import Loop

/// `ChildKey` against the plain computation, `AnyHashable`, for the ids of one child type.
@Suite("A child's key is equal where AnyHashable of the same id type is")
struct ChildKeyTests {
  private enum Kind: Hashable { case list, item(Int), named(String) }
  private final class Tag: Hashable {
    let name: String
    init(name: String) { self.name = name }
    static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
  }
  /// Larger than an existential's inline buffer: boxed.
  private struct Wide: Hashable { var a, b, c, d: Int }

  /// Checks `ChildKey` against `AnyHashable` on two ids of one type: equal alike, and equal
  /// keys hash alike.
  private func agree<ID: Hashable>(_ lhs: ID, _ rhs: ID) {
    let (left, right) = (ChildKey(lhs), ChildKey(rhs))
    #expect((left == right) == (AnyHashable(lhs) == AnyHashable(rhs)))
    #expect(left == left)
    if left == right { #expect(left.hashValue == right.hashValue) }
  }

  /// Seven ids, so that equal pairs are common; two differ in their last byte only.
  private let uuids = [
    "00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000001",
    "80000000-0000-0000-0000-000000000000", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
    "E621E1F8-C36C-495A-93FC-0C247A3E6E5E", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
    "3F2504E0-4F89-11D3-9A0C-0305E82C3301",
  ].compactMap(UUID.init(uuidString:))

  @Test("ids of one type, of every shape, on seeded values")
  func agreesWithAnyHashable() async {
    #expect(uuids.count == 7)
    for await seed in SeededRandom.seeds(3_000) {
      var random = SeededRandom(seed: seed)
      // NB: A small range, so that equal pairs are common.
      func int() -> Int { Int.random(in: -3...3, using: &random) }
      agree(int(), int())
      agree(Int8(int()), Int8(int()))
      // NB: The ids apps use most, the extremes too.
      agree(Int.random(in: .min ... .max, using: &random), [Int.min, -1, 0, Int.max][int() & 3])
      agree(UInt(bitPattern: int()), UInt(bitPattern: int()))
      agree(uuids[int() + 3], uuids[int() + 3])
      agree(Double(int()) / 2, Double(int()) / 2)
      agree("\(int())", "\(int())")
      agree(Bool.random(using: &random), Bool.random(using: &random))
      let kinds: [Kind] = [.list, .item(int()), .named("\(int())")]
      agree(kinds.randomElement(using: &random)!, kinds.randomElement(using: &random)!)
      agree(Tag(name: "\(int())"), Tag(name: "\(int())"))
      agree(Wide(a: int(), b: 0, c: 0, d: int()), Wide(a: int(), b: 0, c: 0, d: int()))
      agree(AnyHashable(int()), AnyHashable(Int8(int())))
      let optional: Int? = Bool.random(using: &random) ? nil : int()
      agree(optional, Bool.random(using: &random) ? nil : int())
      agree([int(), int()], [int(), int()])
    }
  }

  @Test("ids of two types are two keys, where AnyHashable may take numbers for one")
  func typesAreApart() {
    #expect(ChildKey(1) != ChildKey(1 as Int8))
    #expect(AnyHashable(1) == AnyHashable(1 as Int8))
    #expect(ChildKey(1) != ChildKey("1"))
    #expect(ChildKey.shared == ChildKey(true))
    #expect(ChildKey.shared != ChildKey(1))
    // NB: Ids of the same bits and another type are other keys; so is an id in an AnyHashable.
    #expect(ChildKey(1) != ChildKey(true))
    #expect(ChildKey(0) != ChildKey(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))))
    #expect(ChildKey(1) != ChildKey(1 as UInt))
    #expect(ChildKey(1) != ChildKey(AnyHashable(1)))
    // NB: An id passed as an existential is opened: the same key as the value's own.
    let opened: any Hashable = 7
    #expect(ChildKey(opened) == ChildKey(7))
    #expect(ChildKey(opened).hashValue == ChildKey(7).hashValue)
    // NB: Double's own `==`, not the bits: 0.0 and -0.0 are one id, as AnyHashable says.
    #expect(ChildKey(0.0) == ChildKey(-0.0))
    #expect(ChildKey(Double.nan) != ChildKey(Double.nan))
  }
}

extension ChildKeyTests {
  @Test("an effect's lifetime is registered under the id itself, as a row's is")
  func registeredUnderTheID() {
    #expect(ChildKey(3).anyHashable == AnyHashable(3))
    #expect(ChildKey("a").anyHashable == AnyHashable("a"))
    #expect(ChildKey.shared.anyHashable == AnyHashable(true))
    #expect(ChildKey(Int.min).anyHashable == AnyHashable(Int.min))
    #expect(ChildKey(-1).anyHashable == AnyHashable(-1))
    for uuid in uuids { #expect(ChildKey(uuid).anyHashable == AnyHashable(uuid)) }
  }
}
