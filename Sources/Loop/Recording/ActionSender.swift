/// Who sent an action a store reduces: its origin and, for an effect's action, the number of
/// the recorded action whose reduce returned the effect. A queued action carries it, so a
/// recording store writes it with the action (see `QueuedAction`).
@usableFromInline
struct ActionSender: Sendable {
  @usableFromInline var origin: ActionOrigin
  /// While recording: the entry whose reduce returned the effect that sent the action.
  @usableFromInline var cause: Int?

  @inlinable
  init(origin: ActionOrigin, cause: Int?) {
    self.origin = origin
    self.cause = cause
  }

  /// The sender of an action sent in `cascade`: the app's (`nil`: `store.send(_:)`), or an
  /// effect's, whose reduce was entry `cause`.
  @inlinable
  init(_ cascade: EffectCascade?, cause: Int?) {
    self.init(origin: cascade == nil ? .user : .effect, cause: cause)
  }
}

/// An action waiting in a store's queue: with the cascade it belongs to (`nil`: the current
/// top-level send's, made when its first async effect starts) and who sent it.
@usableFromInline
struct QueuedAction<Action> {
  @usableFromInline let action: Action
  @usableFromInline let cascade: EffectCascade?
  @usableFromInline let sender: ActionSender

  @inlinable
  init(_ action: Action, cascade: EffectCascade?, sender: ActionSender) {
    self.action = action
    self.cascade = cascade
    self.sender = sender
  }
}
