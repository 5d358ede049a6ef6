extension Effect {
  /// Runs a failing `.run` operation again, up to `attempts` more times, waiting `backoff`
  /// before the first retry and twice as long before each next one.
  ///
  /// ```swift
  /// return .run { send in await send(.loaded(try await environment.load())) }
  ///   catch: { error, send in await send(.failed("\(error)")) }
  ///   .retry(2, backoff: .seconds(1), clock: environment.clock)
  /// // tries at 0 s, 1 s and 3 s; sends .failed only if all three throw
  /// ```
  ///
  /// Only errors no handler took count as failures: the `catch:` handler sees the error of the
  /// last attempt. Cancellation is never retried. Actions a failed attempt sent before it
  /// threw have already been received.
  public func retry(_ attempts: Int, backoff: Duration, clock: any Clock<Duration>) -> Self {
    guard attempts > 0 else { return self }
    return Self(
      operations: operations.map { operation in
        guard case var .run(run) = operation else { return operation }
        let operation = run.operation
        run.operation = { @MainActor send in
          var delay = backoff
          var attempt = 0
          while true {
            do {
              return try await operation(send)
            } catch {
              if error is CancellationError || Task.isCancelled || attempt >= attempts {
                throw error
              }
            }
            attempt += 1
            try await clock.sleep(for: delay)
            delay *= 2
          }
        }
        return .run(run)
      })
  }
}
