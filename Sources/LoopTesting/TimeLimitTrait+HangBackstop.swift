import Testing

extension Trait where Self == TimeLimitTrait {
  /// The time limit Loop's own suites carry: a backstop that turns a hang into a failure naming
  /// the test, never a deadline a passing test must meet.
  ///
  /// ```swift
  /// @Suite("withTaskCancellation under churn", .hangBackstop)
  /// struct WithTaskCancellationChurnTests { … }
  /// ```
  ///
  /// Tests run in parallel and share one main actor, so a test's wall time grows with everything
  /// else the machine and the suite are doing, not with its own work: a test that takes 10 s
  /// alone took over 600 s in a full-seed ThreadSanitizer run beside a CI run on 2 cores, still
  /// making progress. So the limit is set far above that, where only a hang reaches it.
  package static var hangBackstop: Self { .timeLimit(.minutes(hangBackstopMinutes)) }
}

extension Duration {
  /// As long as ``Testing/Trait/hangBackstop``: the bound of a backstop a test keeps on the real
  /// clock itself (a watchdog that finishes a stream, cancels a wait), for the same reason.
  ///
  /// ```swift
  /// try await ContinuousClock().sleep(for: .hangBackstop)
  /// ```
  package static var hangBackstop: Duration { .seconds(hangBackstopMinutes * 60) }
}

/// How long a hang backstop is, in minutes: the one figure both spellings read.
private let hangBackstopMinutes = 30
