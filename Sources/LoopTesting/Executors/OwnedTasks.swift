/// Which tasks' jobs belong to which test's work: the pure state behind ``GlobalJobRouting``.
///
/// Tasks are named by their runtime ids, which the runtime never gives twice, so an entry left
/// behind by a task that has ended can never claim another task's jobs.
///
/// The rule: a task is owned when its test says so (``own(_:by:)``), or when an owned task
/// queues its job — which is how a task's first job is queued, by the task that starts it. (An
/// owned task that resumes another test's task also makes it owned: tests do not share tasks.)
/// A job a task queues for itself when it hops is queued with no current task, and counts for
/// nothing; its task is routed by its own entry.
package struct OwnedTasks<Owner: AnyObject> {
  private var owners: [UInt64: Owner] = [:]
  /// The tasks each owner was given, so that forgetting an owner's takes as long as it owns
  /// tasks, not as long as every test running owns: a task given to another owner since is
  /// still listed here, and left alone.
  private var tasksByOwner: [ObjectIdentifier: [UInt64]] = [:]

  package init() {}

  /// Makes `owner` the owner of `task`.
  package mutating func own(_ task: UInt64, by owner: Owner) {
    // NB: Listed once per owner, however often it is given the task.
    guard owners.updateValue(owner, forKey: task) !== owner else { return }
    tasksByOwner[ObjectIdentifier(owner), default: []].append(task)
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
    for task in tasksByOwner.removeValue(forKey: ObjectIdentifier(owner)) ?? []
    where owners[task] === owner {
      owners[task] = nil
    }
  }

  /// How many tasks are owned.
  package var count: Int { owners.count }
}
