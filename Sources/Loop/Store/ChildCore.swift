/// What the store of an optional child or of an enum case's child is made of: a scoped core
/// bound to the child it was made for.
///
/// The child is that child while it is there with the same identity (its `id`, or "present"
/// for a child that is not `Identifiable`). Once it is gone — `nil`, another case, or another
/// identity — the store delivers nothing (a `send` is reported as a runtime warning, never
/// passed to the parent, where it would reach whichever child is there now) and its state is
/// the one it last read: what a view last showed, for a sheet that animates away.
@MainActor
@usableFromInline
class ChildCore<State, Action: Sendable>: ScopedCore<State, Action> {
  /// A core for the child `child` reads from `parent`'s state, while its identity is
  /// `identity(initial)`. `untrackedChild`, if given, reads the same child from the parent
  /// without copying the parent's whole state (see `ScopedCore`).
  @inlinable
  init<ParentState, ParentAction, Identity: Equatable>(
    parent: Store<ParentState, ParentAction>, initial: State,
    child: @escaping (ParentState) -> State?, untrackedChild: (@MainActor () -> State?)? = nil,
    identity: @escaping (State) -> Identity, send: @escaping (Action) -> StoreTask
  ) {
    let original = identity(initial)
    // NB: The child's state as this store last read it while the child was there.
    let last = LastChildState(initial)
    /// `value`, if it is still the child this store was made for.
    func accepted(_ value: State?) -> State? {
      guard let value, identity(value) == original else { return nil }
      last.value = value
      return value
    }
    /// The child now, if it is still the one this store was made for.
    let current: @MainActor () -> State? =
      if let untrackedChild { { accepted(untrackedChild()) } } else {
        { accepted(child(parent.untrackedState)) }
      }
    super.init(
      parent: parent, read: { accepted(child($0)) ?? last.value },
      untracked: { current() ?? last.value },
      send: { action in
        guard current() != nil else {
          reportChildGone(action)
          return StoreTask(cascade: nil)
        }
        return send(action)
      })
  }
}

/// Reports an action sent to a child store whose child is gone.
@usableFromInline
func reportChildGone(_ action: some Any) {
  reportRuntimeWarning(
    """
    A child store received an action after its child was gone: \(action)

    The action was not sent: the child this store was made for is nil, in another case, or \
    replaced by another. To fix, stop using the child store when its child goes (ask the \
    parent store for a new one), or send the action to the parent.
    """)
}

/// The state a child store last read while its child was there: what it shows once the child
/// is gone. Main actor only: `value` skips Swift's dynamic exclusivity check (it is written on
/// every read of the child's state, and no two accesses can overlap on the one thread).
@MainActor
@usableFromInline
final class LastChildState<State> {
  @exclusivity(unchecked) @usableFromInline var value: State
  @usableFromInline init(_ value: State) { self.value = value }
}
