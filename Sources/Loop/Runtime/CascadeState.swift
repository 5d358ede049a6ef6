/// The effects one `send` started, directly or through the actions they fed back, as a pure
/// state machine: a count of running effects, the waiters of `finish()`, and cancellation.
struct CascadeState<Token: AnyObject, Waiter> {
  private(set) var running: [ObjectIdentifier: Token] = [:]
  private(set) var waiters: [Waiter] = []
  private(set) var isCancelled = false

  /// Adds an effect to the cascade. Returns `false` if the cascade is cancelled: the caller
  /// must cancel the token at once.
  mutating func add(_ token: Token) -> Bool {
    running[ObjectIdentifier(token)] = token
    return !isCancelled
  }

  /// Removes an ended effect. Returns the waiters to resume if it was the last one.
  mutating func remove(_ token: Token) -> [Waiter] {
    running[ObjectIdentifier(token)] = nil
    guard running.isEmpty else { return [] }
    defer { waiters.removeAll() }
    return waiters
  }

  /// Adds a waiter for the end of the cascade. Returns `false` if nothing is running: the
  /// caller must not wait.
  mutating func wait(_ waiter: Waiter) -> Bool {
    guard !running.isEmpty else { return false }
    waiters.append(waiter)
    return true
  }

  /// Marks the cascade cancelled and returns the running effects, to cancel.
  mutating func cancel() -> [Token] {
    isCancelled = true
    return Array(running.values)
  }
}
