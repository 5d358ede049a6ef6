import Loop
import Testing

/// The work of each running test, counted in one ``JobTally`` per test (per test case, for a
/// parameterised test): the effects of every test store made in it, and what a test that made a
/// ``TestClock`` owns (see ``DeterministicJobs``). A clock's `advance` lets it all run until it
/// waits before it moves time, so a sleeper that work reaches is woken on both runtime paths,
/// whether the clock or the store was made first.
///
/// ```swift
/// let tally = JobTally(parent: TestWork.current ?? MainQueueJobs.shared.everything)
/// ```
///
/// It only counts: nothing is routed for it, so a task the test starts runs where it would.
enum TestWork {
  private static let tallies = LockedState<[String: JobTally]>([:])

  /// The current test's tally; `nil` outside a test.
  static var current: JobTally? {
    guard let id = TestSharedRegistries.currentTestID else { return nil }
    return tallies.withLock { tallies in
      if let tally = tallies[id] { return tally }
      let tally = JobTally(parent: MainQueueJobs.shared.everything)
      tallies[id] = tally
      return tally
    }
  }
}
