import Loop
import Testing

/// The effects one ``TestStore/send(_:assert:sourceLocation:)`` started, to wait for or cancel
/// in a test.
///
/// ```swift
/// let task = await store.send(.startTimer)
/// await clock.advance(by: .seconds(1))
/// await store.receive(.tick) { $0.seconds = 1 }
/// await task.cancel()
/// ```
public struct TestStoreTask: Hashable, Sendable {
  /// The store task underneath.
  public let rawValue: StoreTask
  let timeout: Duration
  /// The jobs of its test store's effects.
  let tally: JobTally

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }

  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  /// Cancels the effects, and lets the cancellation run before returning.
  @MainActor
  public func cancel() async {
    rawValue.cancel()
    _ = await MainQueueJobs.shared.wait(for: tally)
  }

  /// Waits for the effects to end; fails the test if they are still running after `timeout`
  /// (the test store's timeout by default).
  @MainActor
  public func finish(timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation)
    async
  {
    let (task, tally) = (rawValue, tally)
    let neverQuiet = {
      guard !Task.isCancelled else { return }
      Issue.record(
        Comment(
          rawValue: FailureMessage.neverQuiet(
            [], during: "in this task's finish()", jobs: tally.jobLimit,
            aftermath: "This task's effects were cancelled.")),
        sourceLocation: sourceLocation)
      task.cancel()
      _ = await MainQueueJobs.shared.wait(for: tally)
    }
    guard
      await waitForEffects(
        timeout: timeout ?? self.timeout, tally: tally, neverQuiet: neverQuiet,
        until: { !task.hasLiveEffects })
    else {
      Issue.record(
        Comment(
          rawValue: """
            The effects of this task are still running after \(timeout ?? self.timeout).

            To fix, let them finish (advance the TestClock), or pass a longer timeout.
            """),
        sourceLocation: sourceLocation)
      return
    }
  }

  /// Whether the task was cancelled (or started no effect).
  public var isCancelled: Bool { rawValue.isCancelled }
}
