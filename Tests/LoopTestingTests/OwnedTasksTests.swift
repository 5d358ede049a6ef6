import Testing

@testable import LoopTesting

/// `OwnedTasks`, the state behind the portable path's routing, against the plain computation:
/// a list of every ownership event, searched from the start each time.
@Suite("OwnedTasks agrees with the plain computation")
struct OwnedTasksTests {
  final class Owner: Sendable {
    let name: Int
    init(_ name: Int) { self.name = name }
  }

  /// The plain computation: the latest event that gave `task` an owner, unless that owner was
  /// disowned after it, or the task ended after it.
  struct Model {
    enum Event {
      case own(UInt64, Owner)
      case disown(Owner)
      case ended(UInt64)
    }
    var events: [Event] = []

    func owner(of task: UInt64) -> Owner? {
      guard
        let index = events.lastIndex(where: {
          if case .own(task, _) = $0 { true } else { false }
        }),
        case let .own(_, owner) = events[index]
      else { return nil }
      let gone = events[(index + 1)...].contains {
        switch $0 {
        case let .disown(gone): gone === owner
        case let .ended(ended): ended == task
        case .own: false
        }
      }
      return gone ? nil : owner
    }

    var ownedCount: Int { (1...12).count { owner(of: UInt64($0)) != nil } }

    mutating func route(_ task: UInt64, queuedBy creator: UInt64?) -> Owner? {
      if let owner = owner(of: task) { return owner }
      guard let creator, let owner = owner(of: creator) else { return nil }
      events.append(.own(task, owner))
      return owner
    }
  }

  @Test("a task is routed by its own owner, else its creator's, which it keeps; disowned is gone")
  func rules() {
    var owned = OwnedTasks<Owner>()
    let a = Owner(1)
    let b = Owner(2)
    owned.own(1, by: a)
    #expect(owned.route(2, queuedBy: 1) === a)  // started by an owned task
    #expect(owned.route(2, queuedBy: nil) === a)  // its own hop, later
    #expect(owned.route(3, queuedBy: nil) == nil)  // nobody's
    #expect(owned.route(4, queuedBy: 3) == nil)  // started by nobody's task
    owned.own(5, by: b)
    #expect(owned.route(2, queuedBy: 5) === a)  // its own owner first
    owned.disown(a)
    #expect(owned.route(2, queuedBy: nil) == nil)
    #expect(owned.owner(of: 5) === b)
    #expect(owned.count == 1)
    owned.forget(5)  // it ended
    #expect(owned.owner(of: 5) == nil)
    #expect(owned.count == 0 && owned.listedCount == 0)
  }

  @Test("2,000 seeded runs of owning, routing, forgetting and disowning agree with the event list")
  func agreesWithModel() async {
    for await seed in SeededRandom.seeds(2_000) {
      var random = SeededRandom(seed: seed)
      let owners = (0..<3).map(Owner.init)
      var owned = OwnedTasks<Owner>()
      var model = Model()
      for step in 0..<60 {
        let task = UInt64.random(in: 1...12, using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<2:
          let owner = owners.randomElement(using: &random)!
          owned.own(task, by: owner)
          model.events.append(.own(task, owner))
        case 2:
          let owner = owners.randomElement(using: &random)!
          owned.disown(owner)
          model.events.append(.disown(owner))
        case 3:
          owned.forget(task)
          model.events.append(.ended(task))
        default:
          let creator =
            Bool.random(using: &random) ? UInt64.random(in: 1...12, using: &random) : nil
          let expected = model.route(task, queuedBy: creator)
          let routed = owned.route(task, queuedBy: creator)
          // NB: Every owned task is listed once, under its owner: what `disown` walks.
          guard routed === expected, owned.count == model.ownedCount,
            owned.listedCount == owned.count
          else {
            Issue.record(
              "seed \(seed), step \(step): task \(task) by \(String(describing: creator))")
            return
          }
        }
      }
    }
  }
}
