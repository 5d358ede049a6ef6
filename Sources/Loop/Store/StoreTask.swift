/// The effects one ``Store/send(_:)`` started — directly, or through the actions they fed
/// back — to wait for or cancel.
///
/// ```swift
/// let task = store.send(.refresh)
/// await task.finish()     // the refresh and everything it led to are done
///
/// store.send(.startTimer).cancel()   // or stop it all
/// ```
public struct StoreTask: Hashable, Sendable {
  @usableFromInline
  let cascade: EffectCascade?

  @usableFromInline
  init(cascade: EffectCascade?) { self.cascade = cascade }

  /// A task with no effects: finished, and cancelling it does nothing.
  package static var none: Self { Self(cascade: nil) }

  /// Cancels every effect of the task; effects its actions start later are cancelled too.
  ///
  /// Nothing they send afterwards reaches the reducer. Safe to call from any thread.
  public func cancel() { cascade?.cancel() }

  /// Waits until every effect of the task has ended.
  ///
  /// If the waiting task is cancelled, the effects are cancelled, and this still waits for
  /// them to end (which cancellation makes quick).
  nonisolated(nonsending) public func finish() async {
    await cascade?.finish()
  }

  /// Whether any effect of the task is still running and was not cancelled: a cancelled effect
  /// has ended for every check a test store makes, as in TCA, even while its task unwinds.
  package var hasLiveEffects: Bool { cascade?.hasLiveEffects ?? false }

  /// Whether ``cancel()`` was called; `true` for a send that started no effect, as there is
  /// nothing left to run.
  public var isCancelled: Bool { cascade?.isCancelled ?? true }

  /// Two tasks are equal when they stand for the same send.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.cascade === rhs.cascade }

  /// Hashes the task's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(cascade.map(ObjectIdentifier.init))
  }
}
