/// The effects one `send` started, directly or through the actions they fed back: what a
/// ``StoreTask`` waits for and cancels.
@usableFromInline
final class EffectCascade: Sendable {
  private let state = LockedState(CascadeState<EffectToken, UnsafeContinuation<Void, Never>>())

  /// The runtime-warning handler in scope at the send that made the cascade: its effects, and
  /// the actions they feed back, report to it.
  @usableFromInline let warningHandler: RuntimeWarnings.Handler

  @usableFromInline
  init() {
    warningHandler = .current
  }

  /// Runs `body` (the reduce of an action this cascade's effect sent) with the cascade's
  /// warning handler as the current task's.
  @usableFromInline
  func withWarningHandler(_ body: () -> Void) {
    RuntimeWarnings.$current.withValue(warningHandler, operation: body)
  }

  /// Adds a starting effect; cancels it at once if the cascade was cancelled.
  func add(_ token: EffectToken) {
    if !state.withLock({ $0.add(token) }) { token.cancel() }
  }

  /// Removes an ended effect, resuming `finish()` waiters if it was the last.
  func remove(_ token: EffectToken) {
    for waiter in state.withLock({ $0.remove(token, needsNoCancel: \.needsNoCancel) }) {
      waiter.resume()
    }
  }

  /// Cancels every running effect of the cascade, and any that joins it later.
  func cancel() {
    for token in state.withLock({ $0.cancel() }) { token.cancel() }
  }

  var isCancelled: Bool { state.withLock { $0.isCancelled } }

  var isRunning: Bool { state.withLock { $0.isRunning } }

  /// Whether an effect of the cascade is live: running, and not cancelled (see
  /// ``EffectToken/isLive``). An idle cascade lists no member.
  var hasLiveEffects: Bool { state.withLock { $0.members.contains(where: \.isLive) } }

  /// Waits until no effect of the cascade runs; if the waiting task is cancelled, cancels
  /// the cascade and goes on waiting for its effects to end.
  ///
  /// On the fast and executor runtime paths, a waiter on the main actor waits preferring
  /// ``MainActorTaskExecutor``, so the last effect's end wakes it with one main-queue job.
  func finish(isolation: isolated (any Actor)? = #isolation) async {
    guard isRunning else { return }
    if isolation === MainActor.shared {
      await finishOnMainActor()
    } else {
      await waitCancellingOnCancel(isolation: isolation)
    }
  }

  @MainActor
  private func finishOnMainActor() async {
    // NB: Marked `@MainActor` so it stays on the main actor; unmarked, it would be nonisolated
    // and start with a hop.
    // NB: Not while a test routes this task's jobs (the portable and executor paths' tests):
    // a wake-up through the main actor's task executor would be a job it does not count.
    if #available(macOS 15.4, iOS 18.4, tvOS 18.4, watchOS 11.4, visionOS 2.4, *),
      RuntimePath.prefersMainActorExecutor, !EffectContext.routesCurrentTask
    {
      await withTaskExecutorPreference(MainActorTaskExecutor.shared) { @MainActor in
        await waitCancellingOnCancel()
      }
    } else {
      await waitCancellingOnCancel()
    }
  }

  /// Waits for the cascade's end on the caller's actor; cancelling the waiter cancels the
  /// cascade.
  private func waitCancellingOnCancel(isolation: isolated (any Actor)? = #isolation) async {
    // NB: The closure captures `isolation`, which keeps it on the caller's actor; a closure
    // that does not runs on the global executor (two more hops).
    await withTaskCancellationHandler {
      _ = isolation
      await wait()
    } onCancel: {
      cancel()
    }
  }

  private nonisolated(nonsending) func wait() async {
    await withUnsafeContinuation { continuation in
      if !state.withLock({ $0.wait(continuation) }) { continuation.resume() }
    }
  }
}
