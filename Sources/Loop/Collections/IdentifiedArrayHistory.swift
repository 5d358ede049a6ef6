/// How an ``IdentifiedArray`` came to hold what it holds: a version, and the last few steps
/// that led to it.
///
/// The version is drawn from one process-wide counter every time an array is made and every
/// time one is mutated (an edit, an insertion, a removal, a move), and a copy carries it. So
/// **equal versions mean equal contents**: two arrays with the same version are copies of one
/// value that neither has changed since. That is what makes the O(1) checks built on it sound:
/// a `forEach` that finds the version it saw before an action knows no element went, and an
/// element store's check that finds it knows no element changed.
///
/// When the version differs, the steps say what happened, in O(steps): each is the version it
/// moved from and to, and the id it touched. They are a short ring (the last
/// ``capacity``), and a copy carries them too; a restored older copy, a whole new array or
/// more steps than the ring keeps leave no path back to an earlier version, and the caller
/// then does the plain computation (compares every child it tracks). A path found is a true
/// account: versions are never reused, so the steps that lead back to a version are the
/// mutations made to that very value.
@usableFromInline
struct IdentifiedArrayHistory<ID: Hashable> {
  /// One mutation: from which version to which, and what it did to which id.
  @usableFromInline
  struct Step {
    @usableFromInline let from: Int
    @usableFromInline let to: Int
    /// The element edited, inserted or removed; `nil` for a change of order alone.
    @usableFromInline let id: ID?
    @usableFromInline let isRemoval: Bool
    /// Whether the ids, and their order, are what they were before this step: an element
    /// edited (or replaced by one with its id) where it stands.
    @usableFromInline let keepsIDs: Bool

    @inlinable
    init(from: Int, to: Int, id: ID?, isRemoval: Bool, keepsIDs: Bool) {
      self.from = from
      self.to = to
      self.id = id
      self.isRemoval = isRemoval
      self.keepsIDs = keepsIDs
    }
  }

  /// How many steps the ring keeps.
  @inlinable static var capacity: Int { 8 }

  /// The version of the array's current contents; see the type's documentation.
  @usableFromInline private(set) var version: Int
  /// The last steps, a ring: step `n` (counting from 1) is at `(n - 1) % capacity`.
  @usableFromInline var steps: [Step] = []
  /// How many steps were recorded since the history started.
  @usableFromInline var stepCount = 0

  /// A history for a new array: a new version, no steps.
  @inlinable
  init() {
    version = nextIdentifiedArrayVersion()
  }

  /// Records a mutation of `id` (`nil`: the order alone changed), moving to a new version.
  /// `keepsIDs`: the mutation left the ids and their order as they were (an edit in place).
  ///
  /// - Complexity: O(1): one atomic increment and one write into the ring.
  @inlinable
  mutating func record(_ id: ID?, isRemoval: Bool = false, keepsIDs: Bool = false) {
    let next = nextIdentifiedArrayVersion()
    let step = Step(from: version, to: next, id: id, isRemoval: isRemoval, keepsIDs: keepsIDs)
    if steps.count < Self.capacity {
      steps.append(step)
    } else {
      steps[stepCount & (Self.capacity - 1)] = step
    }
    stepCount &+= 1
    version = next
  }

  /// Starts over, as for a new array: a new version, no path back.
  @inlinable
  mutating func restart() {
    version = nextIdentifiedArrayVersion()
    steps.removeAll(keepingCapacity: true)
    stepCount = 0
  }

  /// The number of steps from version `earlier` to now, or `nil` when there is no path back to
  /// it (see the type's documentation).
  ///
  /// - Complexity: O(*k*) for *k* ≤ ``capacity`` steps.
  @inlinable
  func stepsSince(_ earlier: Int) -> Int? {
    var current = version
    var back = 0
    while current != earlier {
      guard back < steps.count else { return nil }
      let step = self.step(back)
      // NB: The ring is one linear history, so each step starts where the next one ended.
      assert(step.to == current, "IdentifiedArrayHistory's steps do not chain")
      current = step.from
      back += 1
    }
    return back
  }

  /// The step `back` steps before the newest (0: the newest).
  @inlinable
  func step(_ back: Int) -> Step {
    steps[(stepCount &- 1 &- back) & (Self.capacity - 1)]
  }

  /// Calls `body` once per distinct id touched (edited, inserted or removed) since version
  /// `earlier`, newest first, and returns `true`; or returns `false`, calling nothing, when
  /// there is no path back to `earlier`.
  ///
  /// - Complexity: O(*k*²) for *k* ≤ ``capacity`` steps.
  @inlinable
  func forEachID(touchedSince earlier: Int, _ body: (ID) -> Void) -> Bool {
    guard let count = stepsSince(earlier) else { return false }
    var back = 0
    while back < count {
      if let id = step(back).id {
        var newer = 0
        while newer < back, step(newer).id != id { newer += 1 }
        if newer == back { body(id) }
      }
      back += 1
    }
    return true
  }

  /// Whether the ids, and their order, are the same as at version `earlier`: `true` when every
  /// step since edited an element in place (none inserted, removed or moved one); `false` also
  /// when there is no path back to `earlier`.
  ///
  /// - Complexity: O(*k*) for *k* ≤ ``capacity`` steps.
  @inlinable
  func idsUnchanged(since earlier: Int) -> Bool {
    guard let count = stepsSince(earlier) else { return false }
    var back = 0
    while back < count {
      guard step(back).keepsIDs else { return false }
      back += 1
    }
    return true
  }

  /// The ids removed since version `earlier` (an id removed and added back again included),
  /// or `nil` when there is no path back to `earlier`.
  ///
  /// - Complexity: O(*k*) for *k* ≤ ``capacity`` steps.
  @inlinable
  func idsRemoved(since earlier: Int) -> [ID]? {
    guard let count = stepsSince(earlier) else { return nil }
    var removed: [ID] = []
    var back = 0
    while back < count {
      let step = self.step(back)
      if step.isRemoval, let id = step.id { removed.append(id) }
      back += 1
    }
    return removed
  }
}

/// The versions of every ``IdentifiedArray``, process-wide, so no two values share one.
private let identifiedArrayVersions = AtomicWords(count: 1)

@usableFromInline
func nextIdentifiedArrayVersion() -> Int {
  identifiedArrayVersions.add(1, at: 0)
}
