/// The effects one `send` started, directly or through the actions they fed back, as a pure
/// state machine: a count of running effects, the waiters of `finish()`, and cancellation.
///
/// It keeps its members in a list, not a set: adding and removing an effect is a count and
/// an append, with no hashing. An ended effect stays listed (cancelling it again does nothing)
/// until the cascade goes idle, or until ended ones outnumber the running ones and are dropped.
/// Both lists keep their first element inline (``SmallList``): a send's one effect and the one
/// `finish()` waiting on it allocate no list.
struct CascadeState<Token: AnyObject, Waiter> {
  /// The number of effects added and not yet removed.
  private(set) var runningCount = 0
  /// Every effect added since the cascade was last idle, some of which may have ended.
  private(set) var members = SmallList<Token>()
  private(set) var waiters = SmallList<Waiter>()
  private(set) var isCancelled = false

  var isRunning: Bool { runningCount > 0 }

  /// Adds an effect to the cascade. Returns `false` if the cascade is cancelled: the caller
  /// must cancel the token at once.
  mutating func add(_ token: Token) -> Bool {
    runningCount += 1
    members.append(token)
    return !isCancelled
  }

  /// Removes an ended effect. Returns the waiters to resume if it was the last one.
  ///
  /// - Parameter needsNoCancel: Whether a listed effect can be forgotten: it has ended, or
  ///   was already cancelled. Asked only when ended effects outnumber running ones.
  mutating func remove(_ token: Token, needsNoCancel: (Token) -> Bool) -> SmallList<Waiter> {
    runningCount -= 1
    guard runningCount == 0 else {
      if members.count > 2 * runningCount + 16 { members.removeAll(where: needsNoCancel) }
      return SmallList()
    }
    members.removeAll()
    defer { waiters.removeAll() }
    return waiters
  }

  /// Adds a waiter for the end of the cascade. Returns `false` if nothing is running: the
  /// caller must not wait.
  mutating func wait(_ waiter: Waiter) -> Bool {
    guard isRunning else { return false }
    waiters.append(waiter)
    return true
  }

  /// Marks the cascade cancelled and returns its effects, to cancel.
  mutating func cancel() -> SmallList<Token> {
    isCancelled = true
    return members
  }
}
