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
  ///
  /// A main-actor closure, as the reads it makes, formed where no run-time check of the actor is
  /// needed: one cost about 220 instructions a call, a sixth of an observed part store's check
  /// after a send (callgrind, 2026-12-04).
  @usableFromInline let untrackedState: @MainActor () -> State
  @usableFromInline let send: (Action) -> StoreTask
  /// Adds a `states` observer and its finish, at the root (`nil` if the root is gone).
  @usableFromInline
  typealias Observe = (@escaping @MainActor (State) -> Void, @escaping @MainActor () -> Void) ->
    (any StateStreamEnding)?
  @usableFromInline let observe: Observe
  @usableFromInline let inFlightEffectCount: @MainActor () -> Int
  /// Runs a check on the root store after its next processed send, and after each send after
  /// that while it returns `true`.
  @usableFromInline let afterNextSend: (@escaping @MainActor () -> Bool) -> Void
  /// What its observers read (see `ObservedValues`).
  @usableFromInline let observed = ObservedValues<State>()
  /// The check the root runs after each send while this store's observers wait: made once, in
  /// the initialiser, in the app's module (see ``checkObservers()``).
  @exclusivity(unchecked) @usableFromInline var scheduledCheck: @MainActor () -> Bool = { false }

  /// A core that reads `read` of `parent`'s state and sends with `send`. `untracked`, if
  /// given, reads the same state from the parent without copying the parent's whole state
  /// (see `StoreCore.untracked(_:)`): what a read of this store's state does.
  @inlinable
  init<ParentState, ParentAction>(
    parent: Store<ParentState, ParentAction>, read: @escaping (ParentState) -> State,
    untracked: (@MainActor () -> State)? = nil, send: @escaping (Action) -> StoreTask
  ) {
    // NB: Not `untracked ?? { … }`: formed inside `??`'s autoclosure, the closure checked at
    // run time, on every call, that it runs on the main actor.
    if let untracked {
      self.untrackedState = untracked
    } else {
      self.untrackedState = { read(parent.untrackedState) }
    }
    self.send = send
    self.observe = { observe, finish in
      parent.addObserver({ observe(read($0)) }, onFinish: finish)
    }
    self.inFlightEffectCount = { parent.inFlightEffectCount }
    self.afterNextSend = { parent.afterNextSend($0) }
    // NB: Weakly: the root keeps the check while observers wait, which must not keep the core.
    let weakSelf = WeakReference(self)
    self.scheduledCheck = { weakSelf.object?.checkObservers() ?? false }
  }

  /// Tells this store's observers of what changed since they read; returns whether any still
  /// wait, for the root to run it again after the next send.
  ///
  /// Final, inlinable and called from ``scheduledCheck``, which the initialiser forms in the
  /// app's module, so it runs specialised for the app's types: run as Loop's generic code (a
  /// closure formed in Loop, or a method called through the class's table), a check looked up
  /// the metadata of every type it touched, about 3,000 instructions per send for each observed
  /// scoped store (measured with callgrind, 2026-12-04).
  @inlinable
  final func checkObservers() -> Bool {
    // NB: An observer that read again while being told (inside `withMutation`) asked for a
    // check of its own (`check` clears `isScheduled` first): this one is then dropped.
    guard observed.check(untrackedState()), !observed.isScheduled else { return false }
    observed.isScheduled = true
    return true
  }

  /// Makes sure `store`'s entries, which observers just started waiting on, are checked: asks
  /// the root for a check after its next send, unless one is asked for already.
  @usableFromInline
  func watch(_ store: Store<State, Action>) {
    guard !observed.isScheduled else { return }
    observed.isScheduled = true
    afterNextSend(scheduledCheck)
  }
}
