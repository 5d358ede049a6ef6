/// The handle on one running effect: cancels its task, and tells whether it was cancelled.
///
/// Its ``EffectPhase`` lives in an atomic word, so starting, cancelling and finishing an effect
/// take no lock. Cancellation is safe from any thread and
/// re-entrant: a task's cancellation handlers may cancel other effects (or this one again)
/// without deadlocking, because only the first canceller gets past `cancelRequested`.
@usableFromInline
class EffectToken: @unchecked Sendable {
  // NB: @unchecked because of `task`: it is written once, by the effect's own task, before
  // the phase is published as `running` (release), and read only by the one canceller that
  // moved the phase from `running` to `cancelling` (acquire); the task does not end while
  // the phase is `cancelling`, so the handle never outlives its task.
  // NB: First, so it sits where `AtomicWords(storedPropertiesOf:)` looks: word 0 says whether
  // a cancel was requested (0 or 1), word 1 holds the ``EffectPhase``. Written here by the
  // initialiser, then only through `words`' atomic operations. In the token itself rather than
  // allocated apart: one allocation per effect fewer, about 10 % of a fan-out's cost.
  private var wordStorage: (Int, Int) = (0, EffectPhase.pending.rawValue)
  let tags: [CancellationTag]
  let cascade: EffectCascade?
  private nonisolated(unsafe) var task: UnsafeCurrentTask?

  @usableFromInline
  init(tags: [CancellationTag], cascade: EffectCascade?) {
    self.tags = tags
    self.cascade = cascade
    assert(
      withUnsafeMutablePointer(to: &wordStorage) { UnsafeMutableRawPointer($0) }
        == words.address,
      "EffectToken's atomic words are not its first stored property")
  }

  private var words: AtomicWords { AtomicWords(storedPropertiesOf: self) }

  /// The warning handler to bind while the effect runs: its cascade's, unless that is standard
  /// error (where the runner's tasks report already).
  @usableFromInline
  final var warningHandlerToBind: RuntimeWarnings.Handler? {
    guard let handler = cascade?.warningHandler, !handler.isStandardError else { return nil }
    return handler
  }

  /// Whether the effect has been asked to stop.
  final var isCancelled: Bool { words.load(0) != 0 }

  /// The effect's phase now.
  final var phase: EffectPhase { EffectPhase(word: words.load(1)) }

  /// Moves the phase from `expected` to `desired` if it is still `expected`; returns whether
  /// it moved and the phase it found.
  private func exchangePhase(
    _ expected: EffectPhase, _ desired: EffectPhase
  ) -> (exchanged: Bool, original: EffectPhase) {
    let (exchanged, original) = words.compareExchange(
      at: 1, expected: expected.rawValue, desired: desired.rawValue)
    return (exchanged, EffectPhase(word: original))
  }

  /// Whether cancelling the effect would do nothing: it has ended, or was cancelled.
  final var needsNoCancel: Bool {
    switch phase {
    case .pending, .running: false
    case .cancelling, .cancelled, .finished: true
    }
  }

  /// Records the current task as the effect's. Returns `false` if the effect was cancelled
  /// before it started (or outside a task).
  @usableFromInline
  final func startInCurrentTask() -> Bool {
    withUnsafeCurrentTask { task in
      guard let task else { return false }
      self.task = task
      return exchangePhase(.pending, .running).exchanged
    }
  }

  /// Cancels the effect: a pending one never starts, a running one's task is cancelled.
  @usableFromInline
  final func cancel() {
    guard words.compareExchange(at: 0, expected: 0, desired: 1).exchanged else { return }
    var current = phase
    while let (next, cancelsTask) = current.cancelled {
      let (exchanged, original) = exchangePhase(current, next)
      if exchanged {
        if cancelsTask {
          task?.cancel()
          words.store(EffectPhase.cancelled.rawValue, at: 1)
        }
        return
      }
      current = original
    }
  }

  /// Records that the effect's task ended. If a canceller is using the task's handle right
  /// now, waits for it: that takes as long as the task's cancellation handlers.
  @usableFromInline
  final func finish() {
    var current = phase
    while true {
      switch current.finish {
      case .none:
        return
      case .wait:
        current = phase
      case let .move(to: next):
        let (exchanged, original) = exchangePhase(current, next)
        if exchanged { return }
        current = original
      }
    }
  }
}

/// One effect a store runs: its token, and the operation and `Send` its task runs with.
///
/// The runner queues these and the effect's task captures one, so starting an effect copies
/// one reference rather than the operation's closures.
@usableFromInline
final class EffectJob<Action: Sendable>: EffectToken, @unchecked Sendable {
  @usableFromInline let run: Effect<Action>.Run
  @usableFromInline let send: Send<Action>

  @inlinable
  init(run: Effect<Action>.Run, cascade: EffectCascade, send: Send<Action>) {
    self.run = run
    self.send = send
    super.init(tags: run.cancellation, cascade: cascade)
  }
}
