import Loop

/// Whose work the current task is, for the portable runtime path's ``GlobalJobRouting``: the
/// tally of a test store's effects, or of a test's own deterministic work (its ``TestJobScope``).
///
/// A task-local, so the tasks an owned task starts are owned too. A test store binds it around
/// launching its store's effect runner; the `.deterministicJobs` trait binds it around a test.
/// It is read in the owned task's own context, never in the global executor's hook: as an
/// effect's task starts (which lists the task's address, see `GlobalJobRouting.ownedTasks`),
/// before a task starts a child, and by a ``TestClock`` sleeper.
package enum JobOwnership {
  /// The tally of the work the current task is part of, if it is a test's.
  @TaskLocal package static var current: JobTally?
}
