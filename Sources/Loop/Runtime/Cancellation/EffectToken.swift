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
  // allocated apart: one allocation per effect fewer (benchmark (c)).
  private var wordStorage: (Int, Int) = (0, EffectPhase.pending.rawValue)
  let tags: [CancellationTag]
  let cascade: EffectCascade?
  // NB: Unchecked, as `finisher`: each effect writes it as it starts, and a checked access
  // cost a `swift_beginAccess` and its `swift_endAccess` per effect (benchmark (c)); the phase
  // above orders every access, so none overlaps another.
  @exclusivity(unchecked) private nonisolated(unsafe) var task: UnsafeCurrentTask?
  // NB: Written by the effect's own task just before it moves the phase from `cancelling` to
  // `cancellingAwaited` (acquire-release), and read only by the canceller that finds that
  // phase when it is done with the task's handle.
  @exclusivity(unchecked) private nonisolated(unsafe) var finisher: UnsafeContinuation<Void, Never>?

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
  @usableFromInline final var isCancelled: Bool { words.load(0) != 0 }

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
    case .cancelling, .cancelled, .finished, .cancellingAwaited: true
    }
  }

  /// Whether the effect may still do something: it has not ended, and no one asked it to stop.
  /// A cancelled effect whose task is still unwinding is not live: nothing it sends reaches
  /// the reducer.
  final var isLive: Bool {
    guard !isCancelled else { return false }
    switch phase {
    case .pending, .running: return true
    case .cancelling, .cancelled, .finished, .cancellingAwaited: return false
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
        if cancelsTask { cancelTask() }
        return
      }
      current = original
    }
  }

  /// Cancels the running task through its handle, then lets its end go on.
  private func cancelTask() {
    task?.cancel()
    let (exchanged, original) = exchangePhase(.cancelling, .cancelled)
    if !exchanged, original.cancellerResumesFinisher {
      // NB: The task ended its work meanwhile and waits for this; after the resume it may end
      // at once, so nothing here touches it again.
      let finisher = self.finisher
      self.finisher = nil
      words.store(EffectPhase.cancelled.rawValue, at: 1)
      finisher?.resume()
    }
  }

  /// Records that the effect's task ended its work. Returns `false` when a canceller is using
  /// the task's handle right now: the task must then `await` ``waitForCanceller()`` before it
  /// ends.
  @usableFromInline
  final func finish() -> Bool {
    var current = phase
    while true {
      switch current.finish {
      case .none:
        return true
      case .wait:
        return false
      case let .move(to: next):
        let (exchanged, original) = exchangePhase(current, next)
        if exchanged { return true }
        current = original
      }
    }
  }

  // NB: The window is short in practice. The runtime runs a task's cancellation handlers
  // under the task's status-record lock, and a body cannot leave the scope of a handler of
  // its own while it runs, so the task reaches its end during `cancelling` only between
  // `task.cancel()` returning and the canceller's next step.
  /// Suspends the effect's task until the canceller using its handle is done with it.
  ///
  /// Who wakes it: the canceller, in ``cancel()``, once `task.cancel()` (the task's
  /// cancellation handlers) has returned. The waiter is published inside the continuation's
  /// body, by the same compare-and-swap that checks the canceller is still busy; if it is not,
  /// the task resumes itself. It suspends rather than spins, so the main actor, where effects
  /// run, goes on with other work meanwhile.
  @usableFromInline
  nonisolated(nonsending) final func waitForCanceller() async {
    await withUnsafeContinuation { continuation in
      finisher = continuation
      let (exchanged, _) = exchangePhase(.cancelling, .cancellingAwaited)
      if !exchanged {
        // NB: The canceller already moved on to `cancelled`: nothing to wait for.
        finisher = nil
        continuation.resume()
      }
    }
  }
}

extension EffectToken {
  /// Lives one effect's life in the current task — the one place the steps are written:
  /// starts the effect, runs `body` (told whether the effect started: `false` when it was
  /// cancelled before it could), ends it — waiting for a canceller that is using the task's
  /// handle — and unregisters it from `storage`, whether `body` returned or threw.
  @MainActor
  @inlinable
  func live<T, Failure: Error>(
    in storage: EffectStorage, _ body: (_ started: Bool) async throws(Failure) -> T
  ) async throws(Failure) -> T {
    let started = startInCurrentTask()
    let result: Result<T, Failure>
    do {
      result = .success(try await body(started))
    } catch {
      result = .failure(error)
    }
    if !finish() { await waitForCanceller() }
    storage.unregister(self)
    return try result.get()
  }
}
