/// Which tasks' jobs belong to which test's work: the pure state behind ``GlobalJobRouting``.
///
/// Tasks are named by their runtime ids, which the runtime never gives twice, so an entry left
/// behind by a task that has ended can never claim another task's jobs. A task that ends is
/// forgotten when it says so (``forget(_:)``: a store's runner and each of its effects, as they
/// end), so the entries are as many as the tasks running, not as all those a long test started;
/// the rest go with their owner (``disown(_:)``).
///
/// The rule: a task is owned when its test says so (``own(_:by:)``), or when an owned task
/// queues its job — which is how a task's first job is queued, by the task that starts it. (An
/// owned task that resumes another test's task also makes it owned: tests do not share tasks.)
/// A job a task queues for itself when it hops is queued with no current task, and counts for
/// nothing; its task is routed by its own entry.
package struct OwnedTasks<Owner: AnyObject> {
  private var owners: [UInt64: Owner] = [:]
  /// The tasks each owner owns, so that forgetting an owner's takes as long as it owns tasks,
  /// not as long as every test running owns. Each task in `owners` is listed under its owner,
  /// and nowhere else.
  private var tasksByOwner: [ObjectIdentifier: Set<UInt64>] = [:]

  package init() {}

  /// Makes `owner` the owner of `task`.
  package mutating func own(_ task: UInt64, by owner: Owner) {
    let previous = owners.updateValue(owner, forKey: task)
    guard previous !== owner else { return }
    if let previous { unlist(task, of: previous) }
    tasksByOwner[ObjectIdentifier(owner), default: []].insert(task)
  }

  /// Forgets `task`, which has ended: its owner no longer counts its jobs (it queues none).
  package mutating func forget(_ task: UInt64) {
    guard let owner = owners.removeValue(forKey: task) else { return }
    unlist(task, of: owner)
  }

  private mutating func unlist(_ task: UInt64, of owner: Owner) {
    let key = ObjectIdentifier(owner)
    tasksByOwner[key]?.remove(task)
    if tasksByOwner[key]?.isEmpty == true { tasksByOwner[key] = nil }
  }

  /// The owner of `task`, if it has one.
  package func owner(of task: UInt64) -> Owner? {
    owners[task]
  }

  /// The owner of a job of `task` that `creator` queues (the task running when it was queued,
  /// if any): `task`'s own owner, else the creator's, which then owns `task` too.
  package mutating func route(_ task: UInt64, queuedBy creator: UInt64?) -> Owner? {
    if let owner = owners[task] { return owner }
    guard let creator, let owner = owners[creator] else { return nil }
    own(task, by: owner)
    return owner
  }

  /// Forgets every task `owner` owns.
  package mutating func disown(_ owner: Owner) {
    for task in tasksByOwner.removeValue(forKey: ObjectIdentifier(owner)) ?? [] {
      owners[task] = nil
    }
  }

  /// How many tasks are owned.
  package var count: Int { owners.count }

  /// How many tasks `owner` owns.
  package func count(of owner: Owner) -> Int { tasksByOwner[ObjectIdentifier(owner)]?.count ?? 0 }

  /// How many tasks are listed under their owners: ``count``, always (for tests).
  package var listedCount: Int { tasksByOwner.values.reduce(0) { $0 + $1.count } }
}
