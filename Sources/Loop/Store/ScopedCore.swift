import Observation

/// What a store made by `scope(state: keyPath, action:)` is made of — a part of its parent's
/// state — and what every other scoped kind builds on: its way to the store it was scoped from
/// (reads its part of that store's state, sends through it, observes it) and what makes it
/// observable on its own (`ObservedValues`). It owns no state, reducer or effect.
///
/// The kinds, each a class of its own:
/// - `ScopedCore` itself: a part by key path. Always delivers; observed by a check the root
///   runs after its next send.
/// - `ChildCore`: an optional child or an enum case's child, bound to the child it was made
///   for (its identity). Once that child is gone it delivers nothing and shows the state it
///   last had.
/// - `ElementCore`: a collection's element, or a stack's screen (the element's `state`): a
///   child bound to its id, observed through its collection's one check (`ScopeCache`) rather
///   than a check per store.
///
/// How each reads and sends is a closure formed in the `scope` call, in the caller's module,
/// so that it and the parent's `send` under it are specialised for the app's types: `send` is
/// a closure call, never a class method (a method of a generic class runs its unspecialised
/// body). What differs between kinds beyond that — how the store's observers are told — is
/// the one overridden method, `watch(_:)`, called when an observer starts waiting.
@MainActor
@usableFromInline
class ScopedCore<State, Action: Sendable> {
  /// The child's state, read without observing the parent.
  @usableFromInline let untrackedState: () -> State
  @usableFromInline let send: (Action) -> StoreTask
  /// Adds a `states` observer and its finish, at the root (`nil` if the root is gone).
  @usableFromInline
  typealias Observe = (@escaping @MainActor (State) -> Void, @escaping @MainActor () -> Void) ->
    (any StateStreamEnding)?
  @usableFromInline let observe: Observe
  @usableFromInline let inFlightEffectCount: () -> Int
  /// Runs a check once, on the root store, after its next processed send.
  @usableFromInline let afterNextSend: (@escaping @MainActor () -> Void) -> Void
  /// What its observers read (see `ObservedValues`).
  @usableFromInline let observed = ObservedValues<State>()
  /// `\Store.state`, made once (see `StoreCore.stateKeyPath`).
  @usableFromInline let stateKeyPath: KeyPath<Store<State, Action>, State> = \.state

  /// A core that reads `read` of `parent`'s state and sends with `send`. `untracked`, if
  /// given, reads the same state from the parent without copying the parent's whole state
  /// (see `StoreCore.untracked(_:)`): what a read of this store's state does.
  @inlinable
  init<ParentState, ParentAction>(
    parent: Store<ParentState, ParentAction>, read: @escaping (ParentState) -> State,
    untracked: (() -> State)? = nil, send: @escaping (Action) -> StoreTask
  ) {
    self.untrackedState = untracked ?? { read(parent.untrackedState) }
    self.send = send
    self.observe = { observe, finish in
      parent.addObserver({ observe(read($0)) }, onFinish: finish)
    }
    self.inFlightEffectCount = { parent.inFlightEffectCount }
    self.afterNextSend = { parent.afterNextSend($0) }
  }

  /// Makes sure `store`'s entries, which observers just started waiting on, are checked: asks
  /// the root for a check after its next send, unless one is asked for already.
  @usableFromInline
  func watch(_ store: Store<State, Action>) {
    guard !observed.isScheduled else { return }
    observed.isScheduled = true
    store.checkAfterNextSend(self)
  }
}
