/// The effects one `send` started, directly or through the actions they fed back: what a
/// ``StoreTask`` waits for and cancels.
@usableFromInline
final class EffectCascade: Sendable {
  private let state = LockedState(CascadeState<EffectToken, UnsafeContinuation<Void, Never>>())

  /// Adds a starting effect; cancels it at once if the cascade was cancelled.
  func add(_ token: EffectToken) {
    if !state.withLock({ $0.add(token) }) { token.cancel() }
  }

  /// Removes an ended effect, resuming `finish()` waiters if it was the last.
  func remove(_ token: EffectToken) {
    for waiter in state.withLock({ $0.remove(token) }) { waiter.resume() }
  }

  /// Cancels every running effect of the cascade, and any that joins it later.
  func cancel() {
    for token in state.withLock({ $0.cancel() }) { token.cancel() }
  }

  var isCancelled: Bool { state.withLock { $0.isCancelled } }

  var isRunning: Bool { state.withLock { !$0.running.isEmpty } }

  /// Waits until no effect of the cascade runs.
  nonisolated(nonsending) func finish() async {
    await withUnsafeContinuation { continuation in
      if !state.withLock({ $0.wait(continuation) }) { continuation.resume() }
    }
  }
}
