/// The tasks whose jobs ``GlobalJobRouting`` routes as a test's work, by address, as a pure
/// state machine: which owner each belongs to, and which listed task started it.
///
/// A task is listed when it starts running a test store's effect (Loop tells, through
/// `EffectTasks`), or when a listed task starts it as a child task (its first job shows that):
/// such a child hops off the main queue before its body runs, and that hop must be routed too.
/// A task is forgotten when it ends its effect, with every child listed under it (structured
/// concurrency ends children before their parent), so an address is listed only while its task
/// can still run: one reused by a later task is not taken for it.
///
/// - Complexity: O(1) to look up, list and forget one task (amortised).
struct OwnedTasks<Owner> {
  typealias Address = UnsafeRawPointer

  private var owners: [Address: (owner: Owner, parent: Address?)] = [:]
  private var children: [Address: Set<Address>] = [:]

  /// The number of tasks listed.
  var count: Int { owners.count }

  /// The owner of the task at `address`, if it is listed.
  func owner(of address: Address) -> Owner? { owners[address]?.owner }

  /// Lists the task at `address` as `owner`'s, started by `parent` if that is listed; a task
  /// already listed stays as it was (a test's task that an effect wakes stays the test's).
  mutating func list(_ address: Address, owner: Owner, parent: Address? = nil) {
    guard owners[address] == nil else { return }
    let parent = parent.flatMap { owners[$0] == nil ? nil : $0 }
    owners[address] = (owner, parent)
    if let parent { children[parent, default: []].insert(address) }
  }

  /// Forgets the task at `address` and every task listed under it.
  mutating func forget(_ address: Address) {
    var pending = [address]
    while let next = pending.popLast() {
      guard let listed = owners.removeValue(forKey: next) else { continue }
      if let parent = listed.parent {
        children[parent]?.remove(next)
        if children[parent]?.isEmpty == true { children[parent] = nil }
      }
      pending += children.removeValue(forKey: next) ?? []
    }
  }

  /// Forgets every task of the owners `isGone` picks (a test store that was released).
  mutating func forgetAll(where isGone: (Owner) -> Bool) {
    for (address, listed) in owners where isGone(listed.owner) { forget(address) }
  }
}
