import Observation

/// What makes a scoped store observable on its own: reading its `state` registers interest in
/// the child only, and its observers are told when the child's state changed — not when
/// anything else in the parent did.
///
/// How: the scoped store has its own `ObservationRegistrar`. A read records the value seen
/// and asks the root store to check this child after its next send (once: the checks are
/// one-shot, like Observation's own registrations). After each processed send, the root runs
/// the checks: a child whose state is `!=` the value its observers saw (for `Equatable` state;
/// after every processed send for other state, which cannot be compared) is notified and
/// forgets the value; an unchanged child asks to be checked again.
///
/// - Complexity: per send, O(1) per scoped store read since it was last notified.
@MainActor
@usableFromInline
final class ScopeObservation<State> {
  @usableFromInline let registrar = ObservationRegistrar()
  /// The state the observers saw, while some are registered.
  @usableFromInline var seen: State?
  /// Whether a check after the next send is already asked for.
  @usableFromInline var isScheduled = false
  /// Whether two states are the same for observers: `==` for `Equatable` state, else never.
  @usableFromInline let isDuplicate: (State, State) -> Bool

  @usableFromInline
  init() {
    isDuplicate = duplicateCheck(for: State.self)
  }
}

/// `==` when `State` is `Equatable`, found once (when a scoped store or a reducer is made);
/// otherwise a check that answers `ifNotEquatable` for every pair (by default: every state is
/// new).
@usableFromInline
func duplicateCheck<State>(
  for type: State.Type, ifNotEquatable: Bool = false
) -> (State, State) -> Bool {
  guard let equatable = type as? any Equatable.Type,
    let equality = equality(equatable) as? (State, State) -> Bool
  else { return { _, _ in ifNotEquatable } }
  return equality
}

private func equality<E: Equatable>(_ type: E.Type) -> Any {
  { (lhs: E, rhs: E) in lhs == rhs } as (E, E) -> Bool
}
