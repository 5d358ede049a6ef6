import Loop

/// Whose work the current task is, for the portable runtime path's ``GlobalJobRouting``: the
/// tally of a test store's effects, or of a test's own deterministic work (its ``TestJobScope``).
///
/// A task-local, so the tasks an owned task starts are owned too. A test store binds it around
/// launching its store's effect runner; a ``TestClock`` binds a sleeper's owner while it wakes
/// it; the `.deterministicJobs` trait binds it around a test. The global executor's hook routes
/// a job to the main queue, counted in this tally, only when the code that queues it is owned:
/// every other test's work runs on the global executor as usual, and counts nowhere.
package enum JobOwnership {
  /// The tally of the work the current task is part of, if it is a test's.
  @TaskLocal package static var current: JobTally?
}
