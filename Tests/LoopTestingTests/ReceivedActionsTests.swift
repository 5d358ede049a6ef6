// The test store's list of received actions (Sources/LoopTesting/TestStore/ReceivedActions.swift)
// against the plain computation it replaced: an array of (action, state) pairs.
import Testing

@testable import LoopTesting

@Suite("ReceivedActions agrees with an array of pairs")
struct ReceivedActionsTests {
  @Test("on 2,000 seeded random sequences of appends, removals and searches")
  func modelBased() async {
    for await seed in SeededRandom.seeds(2_000) {
      var random = SeededRandom(seed: seed + 1)
      let list = ReceivedActions<String, Int>()
      var model: [(action: Int, state: String)] = []
      for step in 0..<40 {
        let context = Comment(rawValue: "seed \(seed), step \(step)")
        switch random.next() % 6 {
        case 0, 1:
          let action = Int(random.next() % 5)
          list.append(action, state: "after \(step)")
          model.append((action, "after \(step)"))
        case 2 where !model.isEmpty:
          let (action, state) = list.removeFirst()
          let expected = model.removeFirst()
          #expect(action == expected.action && state == expected.state, context)
        case 3 where !model.isEmpty:
          let count = Int(random.next() % UInt64(model.count)) + 1
          let (actions, lastState) = list.removeFirst(count)
          #expect(actions == model[..<count].map { $0.action }, context)
          #expect(lastState == model[count - 1].state, context)
          model.removeFirst(count)
        case 4 where !model.isEmpty:
          let (actions, lastState) = list.removeAll()
          #expect(actions == model.map { $0.action }, context)
          #expect(lastState == model[model.count - 1].state, context)
          model.removeAll()
        default:
          let wanted = Int(random.next() % 5)
          #expect(
            list.firstIndex(where: { $0 == wanted })
              == model.firstIndex { $0.action == wanted }, context)
        }
        #expect(list.isEmpty == model.isEmpty, context)
        #expect(list.all == model.map { $0.action }, context)
      }
    }
  }
}
