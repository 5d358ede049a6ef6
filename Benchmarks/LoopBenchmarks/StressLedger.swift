import Foundation
import Loop

/// `--stress`'s record of every effect whose action is awaited: which lane started it, what it
/// awaits, and since when. Reducers mark arrivals, lanes mark cancellations, and a watchdog
/// thread (not the main actor, which a lost wake-up may have left idle) fails the run when an
/// effect's action is overdue, a lane stops making progress, or an action breaks a rule.
final class StressLedger: Sendable {
  struct Entry: Sendable {
    var lane: Int
    var what: String
    var since: ContinuousClock.Instant
  }

  struct Lane: Sendable {
    var name: String
    var step = "starting"
    var since = ContinuousClock.now
    var outstanding = 0
    var waiter: UnsafeContinuation<Void, Never>?
  }

  struct Counts: Sendable {
    var started = 0
    var delivered = 0
    var cancelled = 0
  }

  fileprivate struct State: Sendable {
    var nextID = 1
    var outstanding: [Int: Entry] = [:]
    /// Effects cancelled (or whose store was released) with no action yet: any action from
    /// one from now on breaks "no action from a cancelled effect reaches the reducer".
    var silenced: [Int: ContinuousClock.Instant] = [:]
    var lanes: [Lane] = []
    var counts = Counts()
    var violations: [String] = []
  }

  private let state = Locked(State())
  /// How long an effect's action or a lane's step may take before the run fails.
  let backstop: Duration

  init(backstop: Duration) {
    self.backstop = backstop
  }

  func addLane(_ name: String) -> Int {
    state.withLock {
      $0.lanes.append(Lane(name: name))
      return $0.lanes.count - 1
    }
  }

  /// Registers an effect whose action `lane` awaits; returns the id its action carries.
  func expect(lane: Int, _ what: String) -> Int {
    state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      state.outstanding[id] = Entry(lane: lane, what: what, since: .now)
      state.lanes[lane].outstanding += 1
      state.counts.started += 1
      return id
    }
  }

  /// Registers a second awaited action for the effect of `id` (a middleware's): `-id`.
  func expectCompanion(of id: Int, lane: Int, _ what: String) {
    state.withLock { state in
      state.outstanding[-id] = Entry(lane: lane, what: what, since: .now)
      state.lanes[lane].outstanding += 1
      state.counts.started += 1
    }
  }

  /// An action carrying `id` reached a reducer.
  func deliver(_ id: Int) {
    let waiter: UnsafeContinuation<Void, Never>? = state.withLock { state in
      guard let entry = state.outstanding.removeValue(forKey: id) else {
        state.violations.append(
          state.silenced[id] != nil
            ? "action \(id) reached the reducer after its effect was cancelled"
            : "action \(id) reached the reducer twice, or was never expected")
        return nil
      }
      state.counts.delivered += 1
      return state.finishOne(lane: entry.lane)
    }
    waiter?.resume()
  }

  /// The effects of `ids` were cancelled, or their store released: their actions must not
  /// arrive from now on. Ids already delivered are left alone.
  func cancel(_ ids: [Int]) {
    let waiters: [UnsafeContinuation<Void, Never>] = state.withLock { state in
      var waiters: [UnsafeContinuation<Void, Never>] = []
      for id in ids {
        guard let entry = state.outstanding.removeValue(forKey: id) else { continue }
        state.silenced[id] = .now
        state.counts.cancelled += 1
        if let waiter = state.finishOne(lane: entry.lane) { waiters.append(waiter) }
      }
      return waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Records a violation found by a lane.
  func fail(_ message: String) {
    state.withLock { $0.violations.append(message) }
  }

  /// Whether the action of `id` has arrived.
  func isDelivered(_ id: Int) -> Bool {
    state.withLock { $0.outstanding[id] == nil && $0.silenced[id] == nil }
  }

  /// Marks what `lane` is doing now, for the watchdog.
  func step(_ lane: Int, _ what: String) {
    state.withLock {
      $0.lanes[lane].step = what
      $0.lanes[lane].since = .now
    }
  }

  /// Suspends until every action `lane` awaits has arrived or been cancelled.
  ///
  /// Who wakes it: `deliver` or `cancel` of the lane's last outstanding effect. The count is
  /// read under the lock that publishes the waiter, inside the continuation's body.
  func settled(lane: Int) async {
    await withUnsafeContinuation { continuation in
      let ready = state.withLock { state in
        guard state.lanes[lane].outstanding > 0 else { return true }
        state.lanes[lane].waiter = continuation
        return false
      }
      if ready { continuation.resume() }
    }
  }

  var counts: Counts { state.withLock { $0.counts } }

  /// What is wrong now: overdue effects, stuck lanes, broken rules; `nil` if nothing.
  /// Forgets silenced ids older than the backstop, so the ledger stays as small as the work.
  func problems(now: ContinuousClock.Instant = .now) -> String? {
    state.withLock { state in
      state.silenced = state.silenced.filter { now - $0.value < backstop * 2 }
      var lines = state.violations
      let overdue = state.outstanding.filter { now - $0.value.since > backstop }
        .sorted { $0.key < $1.key }
      for (id, entry) in overdue.prefix(20) {
        lines.append(
          "lost: effect \(id) on lane \(entry.lane) (\(state.lanes[entry.lane].name)): "
            + "\(entry.what); no action for \(now - entry.since)")
      }
      if overdue.count > 20 { lines.append("… and \(overdue.count - 20) more lost effects") }
      for (index, lane) in state.lanes.enumerated() where now - lane.since > backstop {
        lines.append(
          "stuck: lane \(index) (\(lane.name)) at \"\(lane.step)\" for \(now - lane.since), "
            + "\(lane.outstanding) effects outstanding")
      }
      return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }
  }

  /// The number of effects whose action is overdue now.
  func lostCount(now: ContinuousClock.Instant = .now) -> Int {
    state.withLock { $0.outstanding.values.filter { now - $0.since > backstop }.count }
  }
}

extension StressLedger.State {
  /// One of `lane`'s effects is accounted for; returns its waiter if it was the last.
  fileprivate mutating func finishOne(lane: Int) -> UnsafeContinuation<Void, Never>? {
    lanes[lane].outstanding -= 1
    guard lanes[lane].outstanding == 0 else { return nil }
    defer { lanes[lane].waiter = nil }
    return lanes[lane].waiter
  }
}
