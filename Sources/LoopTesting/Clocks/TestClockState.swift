/// A test clock's time and sleepers, as a pure state machine: sleepers wake in deadline order
/// (ties in the order they went to sleep), and `advance` says which to wake and when.
struct TestClockState<Waiter> {
  struct Sleeper {
    var id: Int
    var deadline: Duration
    var waiter: Waiter
  }

  private(set) var now: Duration = .zero
  private(set) var sleepers: [Sleeper] = []
  private var nextID = 0

  /// Adds a sleeper; returns its id, or `nil` if the deadline has already passed (the caller
  /// returns at once).
  mutating func sleep(until deadline: Duration, waiter: Waiter) -> Int? {
    guard deadline > now else { return nil }
    let id = nextID
    nextID += 1
    // Keep sleepers sorted by deadline, then by arrival.
    let index = sleepers.firstIndex { $0.deadline > deadline } ?? sleepers.endIndex
    sleepers.insert(Sleeper(id: id, deadline: deadline, waiter: waiter), at: index)
    return id
  }

  /// Removes a sleeper that was cancelled; returns its waiter if it was still asleep.
  mutating func cancel(_ id: Int) -> Waiter? {
    guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
    return sleepers.remove(at: index).waiter
  }

  /// Moves time to the earliest sleeper due by `deadline` and returns it to wake; when none is
  /// due, moves time to `deadline` and returns `nil`.
  mutating func nextWake(upTo deadline: Duration) -> Waiter? {
    guard let first = sleepers.first, first.deadline <= deadline else {
      now = max(now, deadline)
      return nil
    }
    sleepers.removeFirst()
    now = max(now, first.deadline)
    return first.waiter
  }

  /// The deadline of the earliest sleeper, if any.
  var nextDeadline: Duration? { sleepers.first?.deadline }
}
