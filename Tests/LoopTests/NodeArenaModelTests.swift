import Foundation
import LoopTesting
import Testing

@testable import Loop

@Suite("NodeArena's member index agrees with comparing members one by one")
struct NodeArenaModelTests {
  @Test("3,000 seeded sequences of members set, objects remade and emptied, on three objects")
  func memberIndexAgreesWithScan() {
    var random = SeededRandom(seed: 2026_1208)
    let pool = ["a", "b", "é", "e\u{301}", "super", "", "\u{2028}"] + (0..<40).map { "k\($0)" }
    var indexed = 0
    for sequence in 0..<3_000 {
      let arena = NodeArena()
      // The plain computation: each object's members in order, a key set again updated where
      // it is (compared as `String`s, canonically), a remade object empty.
      var model: [[(key: String, node: Int)]] = [[], [], []]
      var kinds: [NodeArena.Kind] = [.nothing, .nothing, .nothing]
      let objects = (0..<3).map { _ in arena.makeNode(parent: nil, key: nil) }
      // NB: A third of the sequences empty the arena halfway, as each line does, and go on
      // with it: long enough after for objects to be indexed again.
      let emptiedAt = sequence % 3 == 0 ? 120 : -1
      for step in 0..<Int.random(in: 0...250, using: &random) {
        if step == emptiedAt {
          arena.removeAll()
          model = [[], [], []]
          kinds = [.nothing, .nothing, .nothing]
          for _ in 0..<3 { _ = arena.makeNode(parent: nil, key: nil) }
          continue
        }
        let object = Int.random(in: 0..<3, using: &random)
        switch Int.random(in: 0..<40, using: &random) {
        case 0, 1:
          let kind: NodeArena.Kind = Bool.random(using: &random) ? .array : .object
          arena.makeContainer(objects[object], kind)
          if kinds[object] != kind {
            kinds[object] = kind
            model[object] = []
          }
        default:
          if kinds[object] != .object {
            arena.makeContainer(objects[object], .object)
            kinds[object] = .object
            model[object] = []
          }
          let key = pool.randomElement(using: &random) ?? ""
          arena.setMember(of: objects[object], key: key, to: step)
          if let member = model[object].firstIndex(where: { $0.key == key }) {
            model[object][member].node = step
          } else {
            model[object].append((key, step))
          }
        }
        if arena.nodes[objects[object]].isIndexed { indexed += 1 }
      }
      for object in 0..<3 where kinds[object] == .object {
        var members: [(key: String, node: Int)] = []
        var link = arena.nodes[objects[object]].first
        while link >= 0 {
          members.append((arena.links[link].key, arena.links[link].node))
          link = arena.links[link].next
        }
        #expect(
          members.map { Array($0.key.utf8) } == model[object].map { Array($0.key.utf8) }
            && members.map(\.node) == model[object].map(\.node)
            && arena.count(of: objects[object]) == model[object].count,
          "sequence \(sequence), object \(object)")
      }
    }
    // NB: The seeds reach the index often, not once.
    #expect(indexed > 10_000)
  }

  @Test("a state holding a dictionary of 20,000 entries is one line, each key once")
  func largeDictionary() throws {
    let encoder = SessionLineEncoder()
    let value = Dictionary(uniqueKeysWithValues: (0..<20_000).map { ("key \($0)", $0) })
    let line = try encoder.line(value)
    let decoded = try JSONDecoder().decode([String: Int].self, from: Data(line.utf8))
    #expect(decoded == value)
  }
}
