extension Task where Success == Never, Failure == Never {
  /// Suspends until the task is cancelled, then throws `CancellationError`: a test double's
  /// sleep or stream that never ends on its own, as TCA's `Task.never()`.
  ///
  /// ```swift
  /// let environment = Timer.Environment(sleep: { _ in try await Task.never() })
  /// ```
  public static func never() async throws -> Never {
    let stream = AsyncStream<Never> { _ in }
    for await _ in stream {}
    throw _Concurrency.CancellationError()
  }
}
