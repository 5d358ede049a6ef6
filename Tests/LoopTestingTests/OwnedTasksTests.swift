import Testing

@testable import LoopTesting

/// `OwnedTasks` against the plain computation: a list of (task, owner, parent) entries, where
/// forgetting a task forgets, one pass after another, every entry whose parent is gone.
@Suite("OwnedTasks agrees with the plain computation")
struct OwnedTasksTests {
  private struct Plain {
    var entries: [(task: Int, owner: Int, parent: Int?)] = []

    func owner(of task: Int) -> Int? { entries.first { $0.task == task }?.owner }

    mutating func list(_ task: Int, owner: Int, parent: Int?) {
      guard self.owner(of: task) == nil else { return }
      let parent = parent.flatMap { self.owner(of: $0) == nil ? nil : $0 }
      entries.append((task, owner, parent))
    }

    mutating func forget(_ task: Int) {
      guard owner(of: task) != nil else { return }
      entries.removeAll { $0.task == task }
      while let orphan = entries.firstIndex(where: { entry in
        entry.parent.map { parent in !entries.contains { $0.task == parent } } ?? false
      }) {
        entries.remove(at: orphan)
      }
    }
  }

  private static func address(_ task: Int) -> UnsafeRawPointer {
    UnsafeRawPointer(bitPattern: (task + 1) * 16)!
  }

  @Test("on 2,000 seeded runs of random lists and forgets, every owner agrees")
  func model() {
    for seed in 0..<2_000 as Range<UInt64> {
      var random = SeededRandom(seed: seed)
      var tasks = OwnedTasks<Int>()
      var plain = Plain()
      for step in 0..<60 {
        let task = Int.random(in: 0..<24, using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6:
          let owner = Int.random(in: 0..<3, using: &random)
          let parent: Int? =
            Bool.random(using: &random) ? Int.random(in: 0..<24, using: &random) : nil
          tasks.list(Self.address(task), owner: owner, parent: parent.map(Self.address))
          plain.list(task, owner: owner, parent: parent)
        case 6..<9:
          tasks.forget(Self.address(task))
          plain.forget(task)
        default:
          let owner = Int.random(in: 0..<3, using: &random)
          tasks.forgetAll { $0 == owner }
          for entry in plain.entries where entry.owner == owner { plain.forget(entry.task) }
        }
        for task in 0..<24 where tasks.owner(of: Self.address(task)) != plain.owner(of: task) {
          Issue.record("seed \(seed), step \(step): task \(task) disagrees")
          return
        }
        #expect(tasks.count == plain.entries.count)
      }
    }
  }
}
