/// A test clock's time and sleepers, as a pure state machine: sleepers wake in deadline order
/// (ties in the order they went to sleep), and `advance` says which to wake and when.
///
/// - Complexity: Sleeping, cancelling and waking are O(log *n*) in the number of sleepers.
struct TestClockState<Waiter> {
  private struct Entry {
    var deadline: Duration
    var id: Int

    func precedes(_ other: Self) -> Bool {
      (deadline, id) < (other.deadline, other.id)
    }
  }

  private(set) var now: Duration = .zero
  /// The sleepers still asleep, by id.
  private var waiters: [Int: Waiter] = [:]
  /// A min-heap of deadlines; entries whose id is no longer in `waiters` were cancelled and
  /// are skipped when they surface.
  private var heap: [Entry] = []
  private var nextID = 0

  /// The number of sleepers still asleep.
  var sleeperCount: Int { waiters.count }

  /// The sleepers still asleep, in no order.
  var sleepers: some Collection<Waiter> { waiters.values }

  /// Adds a sleeper and returns its id. A deadline that is now or past still sleeps: it wakes
  /// at the next `advance` or `run`, as swift-clocks' `TestClock` does.
  mutating func sleep(until deadline: Duration, waiter: Waiter) -> Int {
    let id = nextID
    nextID += 1
    waiters[id] = waiter
    heap.append(Entry(deadline: deadline, id: id))
    siftUp(heap.count - 1)
    return id
  }

  /// Removes a sleeper that was cancelled; returns its waiter if it was still asleep.
  mutating func cancel(_ id: Int) -> Waiter? {
    waiters.removeValue(forKey: id)
  }

  /// Moves time to the earliest sleeper due by `deadline` and returns it to wake; when none is
  /// due, moves time to `deadline` and returns `nil`.
  mutating func nextWake(upTo deadline: Duration) -> Waiter? {
    dropCancelled()
    guard let first = heap.first, first.deadline <= deadline else {
      now = max(now, deadline)
      return nil
    }
    popFirst()
    now = max(now, first.deadline)
    return waiters.removeValue(forKey: first.id)
  }

  /// The deadline of the earliest sleeper, if any.
  mutating func nextDeadline() -> Duration? {
    dropCancelled()
    return heap.first?.deadline
  }

  private mutating func dropCancelled() {
    while let first = heap.first, waiters[first.id] == nil { popFirst() }
  }

  private mutating func popFirst() {
    heap.swapAt(0, heap.count - 1)
    heap.removeLast()
    siftDown(0)
  }

  private mutating func siftUp(_ index: Int) {
    var child = index
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].precedes(heap[parent]) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ index: Int) {
    var parent = index
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
      if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
      guard smallest != parent else { return }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
  }
}
