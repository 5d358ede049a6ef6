import Loop
import Testing

/// Where a test's work runs so that it is deterministic: every step of it a counted main-queue
/// job, in one order, on both runtime paths.
///
/// - A test store runs its effects in a ``context(tally:)`` of its own.
/// - A test that makes a ``TestClock`` owns its task (``ownCurrentTask()``): a plain `Store`
///   made in it, and every task it starts, runs in the test's context, so `advance` lets that
///   work reach its sleeps before it moves time.
/// - The trait `.deterministicJobs` does the same for each test of a suite (Loop's own tests
///   of stores made by hand), and ``task(_:)`` starts a task that runs that way.
package struct DeterministicJobs: SuiteTrait, TestTrait, TestScoping {
  package var isRecursive: Bool { true }

  /// Where a store's effects run so that their every job is counted in `tally`: preferring a
  /// ``MainQueueTaskExecutor`` on the fast path; on the others, as tasks
  /// ``GlobalJobRouting`` routes (its runner's, owned as it starts, and the tasks it starts).
  package static func context(tally: JobTally) -> EffectContext {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), RuntimePath.isFast {
      return EffectContext(
        executor: PreferredExecutor(MainQueueTaskExecutor(tally: tally)), runnerDidStart: nil)
    }
    return EffectContext(
      executor: nil, runnerDidStart: { GlobalJobRouting.own(currentTaskIn: tally) },
      taskDidEnd: { GlobalJobRouting.forgetCurrentTask() })
  }

  /// Makes the current task's work the test's: counted in a tally of its own (one
  /// ``MainQueueJobs/unowned`` counts too), which a plain store made in it runs its effects in.
  /// Returns the tally to give ``endOwnership(_:)`` when the test is over, or `nil` if the
  /// task's work is already some test's (or there is no task).
  package static func ownCurrentTask() -> JobTally? {
    guard GlobalJobRouting.tallyOfCurrentTask == nil else { return nil }
    _ = TestSeamInstallation.installed
    let tally = JobTally(parent: TestWork.current ?? MainQueueJobs.shared.unowned)
    if !RuntimePath.isFastPathAvailable { GlobalJobRouting.retain() }
    GlobalJobRouting.own(currentTaskIn: tally)
    return tally
  }

  /// Ends what ``ownCurrentTask()`` began.
  package static func endOwnership(_ tally: JobTally) {
    GlobalJobRouting.disown(tally)
    if !RuntimePath.isFastPathAvailable { GlobalJobRouting.release() }
  }

  /// The tally the current task's work is counted in: its test's, or, in no test's, that of
  /// the work no test store owns.
  package static var currentTally: JobTally {
    GlobalJobRouting.tallyOfCurrentTask ?? MainQueueJobs.shared.unowned
  }

  /// Starts `operation` as a task whose every step runs on the main queue, in order, counted
  /// in the current test's tally (``currentTally``).
  @MainActor
  @discardableResult
  package static func task<Success: Sendable>(
    _ operation: sending @escaping @isolated(any) () async throws -> Success
  ) -> Task<Success, any Error> {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), RuntimePath.isFast {
      return Task(
        executorPreference: MainQueueTaskExecutor(tally: currentTally), operation: operation)
    }
    // NB: Started by the test's owned task, the task is owned too (see `OwnedTasks`).
    return Task(operation: operation)
  }

  package func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil, let tally = Self.ownCurrentTask() else {
      return try await function()
    }
    defer { Self.endOwnership(tally) }
    try await function()
  }
}

extension Trait where Self == DeterministicJobs {
  /// Runs each test's work in one order, on both runtime paths (see ``DeterministicJobs``).
  package static var deterministicJobs: Self { DeterministicJobs() }
}
