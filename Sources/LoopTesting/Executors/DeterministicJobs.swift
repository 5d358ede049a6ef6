import Loop
import Testing

/// Loop's own tests of stores and clocks outside a ``TestStore``: a way to run their work in the
/// one order a test store's effects run in, on both runtime paths.
///
/// - ``preferredExecutor`` is what a hand-made store's effects prefer (fast path) — `nil` on
///   the portable path, where the trait routes the global executor's jobs instead.
/// - ``task(_:)`` starts a task that runs that way.
/// - The trait `.deterministicJobs` holds ``GlobalJobRouting`` on for the length of each test
///   of a suite (portable path only; it does nothing on the fast path).
package struct DeterministicJobs: SuiteTrait, TestTrait, TestScoping {
  package var isRecursive: Bool { true }

  /// What a store's effects prefer to run in the test store's order, on the fast path: an
  /// executor of its own, whose jobs count as work no test store owns (which a ``TestClock``
  /// lets run before it moves time).
  @MainActor
  package static var preferredExecutor: PreferredExecutor? {
    makeExecutor(tally: JobTally(parent: MainQueueJobs.shared.unowned))?.executor
  }

  /// A new executor of the fast path's, with the tally of its jobs, for a test store of its
  /// own; `nil` on the portable path.
  @MainActor
  package static func makeExecutor(tally: JobTally = JobTally()) -> (
    executor: PreferredExecutor, tally: JobTally
  )? {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), RuntimePath.isFast {
      let executor = MainQueueTaskExecutor(tally: tally)
      return (PreferredExecutor(executor), executor.tally)
    }
    return nil
  }

  /// Starts `operation` as a task whose every step runs on the main queue, in order.
  @MainActor
  @discardableResult
  package static func task<Success: Sendable>(
    _ operation: sending @escaping @isolated(any) () async throws -> Success
  ) -> Task<Success, any Error> {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), RuntimePath.isFast {
      return Task(executorPreference: MainQueueTaskExecutor.shared, operation: operation)
    }
    return Task(operation: operation)
  }

  package func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil, !RuntimePath.isFastPathAvailable else {
      return try await function()
    }
    GlobalJobRouting.retain()
    defer { GlobalJobRouting.release() }
    try await function()
  }
}

extension Trait where Self == DeterministicJobs {
  /// Runs each test's work in one order on the portable runtime path, too (see
  /// ``DeterministicJobs``).
  package static var deterministicJobs: Self { DeterministicJobs() }
}
