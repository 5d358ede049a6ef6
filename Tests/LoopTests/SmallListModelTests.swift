import LoopTesting
import Testing

@testable import Loop

/// `SmallList` keeps its first element inline, as a shortcut past an array's allocation: held
/// to an array on seeded random sequences of everything a cascade does with its lists.
@Suite("SmallList agrees with an array")
struct SmallListModelTests {
  @Test("5,000 seeded sequences of appends, filters, empties and reads")
  func agreesWithArray() async {
    for await seed in SeededRandom.seeds(5_000) {
      var random = SeededRandom(seed: seed)
      var list = SmallList<Int>()
      var model: [Int] = []
      var next = 0
      for step in 0..<Int.random(in: 1...40, using: &random) {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6:
          next += 1
          list.append(next)
          model.append(next)
        case 6, 7:
          // NB: Keeps or drops by a seeded rule, as a cascade drops its ended effects.
          let modulus = Int.random(in: 1...4, using: &random)
          let remainder = Int.random(in: 0..<modulus, using: &random)
          list.removeAll(where: { $0 % modulus == remainder })
          model.removeAll(where: { $0 % modulus == remainder })
        case 8:
          list.removeAll()
          model.removeAll()
        default:
          let copy = list
          list.append(-1)
          #expect(Array(copy) == model, "a copy is a value: seed \(seed), step \(step)")
          list.removeAll(where: { $0 == -1 })
        }
        guard Array(list) == model, list.count == model.count, list.isEmpty == model.isEmpty
        else {
          Issue.record(
            "seed \(seed), step \(step): \(Array(list)) (count \(list.count)) against \(model)")
          return
        }
      }
    }
  }

  @Test("an iterator that is done stays done")
  func iteratorStaysDone() {
    for elements in [[], [1], [1, 2, 3]] {
      var list = SmallList<Int>()
      for element in elements { list.append(element) }
      var iterator = list.makeIterator()
      for element in elements { #expect(iterator.next() == element) }
      #expect(iterator.next() == nil)
      #expect(iterator.next() == nil)
    }
  }
}
