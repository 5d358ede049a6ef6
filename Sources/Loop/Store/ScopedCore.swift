import Observation

/// What a scoped store is made of: how it reaches the store it was scoped from — reads its part
/// of that store's state, sends through it, observes it — and what makes it observable on its
/// own (`ScopeObservation`). It owns no state, reducer or effect: every kind of child store (a
/// part by key path, an optional child, an enum case, a collection's element, a stack's screen)
/// is one of these, built by the `scope` that makes it with the closures that say how that
/// kind reads and sends; an element store also carries its `membership` in its collection's
/// check.
@MainActor
@usableFromInline
final class ScopedCore<State, Action: Sendable> {
  /// The child's state, read without observing the parent.
  @usableFromInline let untrackedState: () -> State
  @usableFromInline let send: (Action) -> StoreTask
  /// Adds a state observer and its finish, returning its id (`nil` if the store is gone).
  @usableFromInline
  typealias Observe = (@escaping @MainActor (State) -> Void, @escaping @MainActor () -> Void) ->
    Int?
  /// Registers an element store's check with its collection's cache.
  @usableFromInline
  typealias Membership = (@escaping @MainActor (State?) -> Bool) -> Void
  let observe: Observe
  let removeObserver: (Int) -> Void
  let inFlightEffectCount: () -> Int
  /// Runs a check once, on the root store, after its next processed send.
  @usableFromInline let afterNextSend: (@escaping @MainActor () -> Void) -> Void
  @usableFromInline let observation: ScopeObservation<State>
  /// `\Store.state`, made once (see `StoreCore.stateKeyPath`).
  @usableFromInline let stateKeyPath: KeyPath<Store<State, Action>, State> = \.state
  /// For an element store: registers its check with its collection's cache.
  @usableFromInline let membership: Membership?

  @usableFromInline
  init(
    state: @escaping () -> State, send: @escaping (Action) -> StoreTask,
    observe: @escaping Observe,
    removeObserver: @escaping (Int) -> Void, inFlightEffectCount: @escaping () -> Int,
    afterNextSend: @escaping (@escaping @MainActor () -> Void) -> Void,
    observation: ScopeObservation<State>,
    membership: Membership? = nil
  ) {
    self.untrackedState = state
    self.send = send
    self.observe = observe
    self.removeObserver = removeObserver
    self.inFlightEffectCount = inFlightEffectCount
    self.afterNextSend = afterNextSend
    self.observation = observation
    self.membership = membership
  }
}
