/// How a wait for effects decides, each time it looks, whether it is over: the rule behind
/// "settled", as a pure state machine (see ``MainQueueJobs/wait(for:until:endsWhenQuiet:timeout:)``).
///
/// A wait looks after every counted job of the work it waits for, and once when it starts. The
/// work is **quiet** when none of its jobs is queued or running: every task of it is suspended
/// on something outside it (a ``TestClock``, a continuation, real I/O). Because jobs are only
/// counted when they go through a counted executor, quiet is then *confirmed* by a barrier: a
/// block put at the back of the main queue. Work that reached the main queue without being
/// counted (a `Task.yield()` on the main actor, say) is ahead of the barrier and runs first; if
/// it enqueued a counted job, or any counted job ran meanwhile, the wait goes on.
///
/// ```
/// look → isDone? end(.done) · over the job limit? end(.neverQuiet) · nothing pending? confirm
/// barrier → still nothing pending and no job ran since? end(.quiet) · else look again
/// ```
package struct SettleRule: Equatable {
  /// Why a wait ended.
  package enum Outcome: Equatable, Sendable {
    /// The caller's condition held.
    case done
    /// The work was quiet (only for a wait that ends when quiet).
    case quiet
    /// The work ran `jobLimit` jobs without either: it never waits on anything the test
    /// controls.
    case neverQuiet
    /// The backstop on the real clock ran out, or the waiting task was cancelled.
    case timedOut
  }

  /// What the wait does next.
  enum Decision: Equatable {
    /// Keep waiting: a later job, or the barrier already queued, looks again.
    case wait
    /// Queue a barrier at the back of the main queue, and call ``confirm(pending:ran:isDone:)``
    /// when it runs.
    case confirm
    /// Resume the waiter.
    case end(Outcome)
  }

  /// Whether quiet ends the wait; otherwise only the condition, the limit or the backstop do.
  let endsWhenQuiet: Bool
  /// The most jobs the work may run while this waits.
  let jobLimit: Int
  /// The work's count of jobs run when the wait began.
  let startRan: Int
  /// The count of jobs run when the barrier now on its way was queued.
  private(set) var confirming: Int?

  init(ran: Int, endsWhenQuiet: Bool, jobLimit: Int) {
    self.startRan = ran
    self.endsWhenQuiet = endsWhenQuiet
    self.jobLimit = jobLimit
  }

  /// Looks at the work: after one of its jobs ran, or when the wait starts.
  ///
  /// - Parameters:
  ///   - pending: Its jobs queued or running.
  ///   - ran: Its jobs run so far.
  ///   - isDone: Whether the caller's condition holds.
  mutating func look(pending: Int, ran: Int, isDone: Bool) -> Decision {
    if isDone { return .end(.done) }
    if ran - startRan >= jobLimit { return .end(.neverQuiet) }
    guard endsWhenQuiet, pending == 0, confirming == nil else { return .wait }
    confirming = ran
    return .confirm
  }

  /// The barrier came round: quiet holds if nothing was queued and no job ran since it was
  /// queued.
  mutating func confirm(pending: Int, ran: Int, isDone: Bool) -> Decision {
    guard let queuedAt = confirming else { return .wait }
    confirming = nil
    if !isDone, pending == 0, ran == queuedAt { return .end(.quiet) }
    return look(pending: pending, ran: ran, isDone: isDone)
  }
}
