/// The effect runner's bookkeeping as a pure state machine: the queue of effects to start, the
/// runner's waiter, and whether the runner is running or shut down.
///
/// Each method is one step that the runner takes on the main actor with nothing in between,
/// and returns what to do next. The one rule that keeps wake-ups from being lost lives here:
/// ``wait(_:)`` looks at the queue and publishes the waiter in the same step, so a ``start(_:)``
/// either comes before it (and `wait` declines to wait) or after it (and finds the waiter).
@usableFromInline
struct EffectRunnerState<Job, Waiter> {
  /// Effects queued and not started yet.
  @usableFromInline var pending: [Job] = []
  /// The runner, suspended until there is work; set only by ``wait(_:)``.
  @usableFromInline var waiter: Waiter?
  /// Whether the runner's task exists (it is launched by the first effect).
  @usableFromInline var isLaunched = false
  @usableFromInline var isShutDown = false

  @usableFromInline init() {}

  /// What ``start(_:)`` asks of the runner.
  @usableFromInline
  enum StartAction {
    /// Nothing: the runner will pick the job up before it next waits, or it is shut down.
    case none
    /// Resume the waiting runner.
    case resume(Waiter)
    /// Launch the runner's task: this is the first effect.
    case launch
  }

  /// Queues `job`, unless the runner has shut down (then the job is dropped: the caller
  /// cancels it).
  @inlinable
  mutating func start(_ job: Job) -> StartAction {
    guard !isShutDown else { return .none }
    pending.append(job)
    if let waiter {
      self.waiter = nil
      return .resume(waiter)
    }
    if !isLaunched {
      isLaunched = true
      return .launch
    }
    return .none
  }

  /// Marks the runner launched ahead of its first effect. Returns whether the caller must
  /// launch it now (`false`: it was launched already, or shut down).
  @usableFromInline
  mutating func launchEarly() -> Bool {
    guard !isLaunched, !isShutDown else { return false }
    isLaunched = true
    return true
  }

  /// Moves the queued jobs into `batch` (empty on entry) to be started, leaving `pending`
  /// with `batch`'s old buffer, so draining allocates nothing in steady state.
  @inlinable
  mutating func takePending(into batch: inout [Job]) {
    swap(&pending, &batch)
  }

  /// The runner is about to wait with `waiter`. Returns `waiter` itself when it must not
  /// wait (work is queued, or the runner shut down): the caller resumes it at once.
  /// Otherwise stores it, for ``start(_:)`` or ``shutDown()`` to resume.
  @inlinable
  mutating func wait(_ waiter: Waiter) -> Waiter? {
    guard pending.isEmpty, !isShutDown else { return waiter }
    self.waiter = waiter
    return nil
  }

  /// Shuts the runner down. Returns the jobs that will never start (to cancel) and the
  /// waiter to resume, so the runner sees the shutdown and ends.
  @usableFromInline
  mutating func shutDown() -> (unstarted: [Job], waiter: Waiter?) {
    isShutDown = true
    defer {
      pending.removeAll()
      waiter = nil
    }
    return (pending, waiter)
  }
}

extension EffectRunnerState.StartAction: Equatable where Waiter: Equatable {}
