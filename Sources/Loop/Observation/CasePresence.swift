/// What a view that asks for the store of an enum state's case observes: the state's case and,
/// while the state is in the scoped case, the child's identity. A value of this changes when
/// the child comes, goes or is replaced by another, and not when the child edits its state.
/// A `switch store.case` observes the same: which case, and the `id` of its value.
///
/// Scopes are told apart by `CasePresenceKey`, built from the case's tag, not from the
/// ``CasePath`` (two paths to one case are two values that cannot be compared). That is sound
/// for paths built from the case alone (``CasePath/isSingleCase``):
/// - two scopes with the child there share a key only if they name the same tag, payload and
///   action types: the same case, extracted the same way, so either one's reading serves both;
/// - two scopes with the child absent share a key, and read only the state's `tag` (no
///   identity), the same whichever scope made the entry: a scope whose child comes moves the
///   state to its own case, which changes the tag. (The cost: a view whose child is absent is
///   also told when the state moves between two other cases; never when another scope's child
///   is replaced within its case.)
@usableFromInline
struct CasePresence: Equatable {
  /// The state's case.
  @usableFromInline let tag: UInt32
  /// The child's identity, while the state is in the scoped case.
  @usableFromInline let identity: ChildKey?

  @inlinable
  init(tag: UInt32, identity: ChildKey?) {
    self.tag = tag
    self.identity = identity
  }

  /// What `Store.case` observes: the state's case and, when the case's value (or its one
  /// labeled value) is `Identifiable`, its `id`.
  init<State>(of state: State, _ layout: EnumLayout) {
    tag = layout.tag(of: state)
    guard let identifiable = mirroredPayload(of: state) as? any Identifiable else {
      identity = nil
      return
    }
    identity = Self.id(of: identifiable)
  }

  private static func id<Value: Identifiable>(of value: Value) -> ChildKey {
    ChildKey(value.id)
  }
}

/// Which case scope a `CasePresence` belongs to: the case's tag while the child is there
/// (`nil` while it is not), the payload and action types.
@usableFromInline
struct CasePresenceKey: Hashable {
  let tag: UInt32?
  let payload: ObjectIdentifier
  let action: ObjectIdentifier

  @usableFromInline
  init(tag: UInt32?, payload: Any.Type, action: Any.Type) {
    self.tag = tag
    self.payload = ObjectIdentifier(payload)
    self.action = ObjectIdentifier(action)
  }
}
