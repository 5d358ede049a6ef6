import Observation

extension Store {
  /// A store for a child feature, derived from this one: its state is a part of this store's
  /// state, and its actions are sent to this store wrapped in a parent action.
  ///
  /// ```swift
  /// let counterStore = appStore.scope(state: \.counter, action: AppAction.counter)
  /// counterStore.send(.increment)          // appStore receives .counter(.increment)
  /// counterStore.state.count               // always appStore.state.counter.count
  /// ```
  ///
  /// The child has no state of its own, so the two can never disagree: a change made through
  /// either is seen by both at once. The child keeps its parent alive.
  ///
  /// Asking again for the same part (the same key path and action type) gives the same store
  /// while something holds it, as for a child: a view's part store keeps its identity and what
  /// its observers read across re-renders. It routes as the first call said; a later call whose
  /// routing sends an action elsewhere is reported, once, as a runtime warning (two routings of
  /// one state).
  ///
  /// - Complexity: O(1) to create; reading the child's state applies the key path.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    cachedPart(toChildState, embed: fromChildAction)
  }

  /// The store of the part at `toChildState`: the one cached for it while something holds it,
  /// else a new one, cached (see `PartRouting`).
  @inlinable
  func cachedPart<ChildState, ChildAction>(
    _ toChildState: KeyPath<State, ChildState>, embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let key = ChildStoreCache.Key(
      state: AnyHashable(ChildStoreCache.Part(toChildState)), action: ChildAction.self)
    if let store = childStores.store(
      key, identity: partIdentity, as: Store<ChildState, ChildAction>.self),
      let routing = store.partRouting as? PartRouting<ChildAction, Action>
    {
      routing.offer(embed)
      return store
    }
    let routing = PartRouting<ChildAction, Action>()
    // NB: The closure a child store's `send` calls is formed here, in the caller's module, so
    // it and the parent's `send` under it are specialised for the app's types (as the root
    // store's reduce closure is); formed inside Loop, it was a generic thunk. It reads one flag
    // of the routing per send.
    let store: Store<ChildState, ChildAction> = scoped(
      state: toChildState,
      send: { action in
        if routing.isOffered { routing.check(embed, on: action) }
        return self.send(embed(action))
      })
    store.partRouting = routing
    childStores.insert(store, key, identity: partIdentity)
    return store
  }

  // NB: Inlinable, so the core's closures (its reads, its check after a send) are formed in the
  // app's module, specialised for its types: formed in Loop, each read and check of a part
  // store ran generic code.
  @inlinable
  func scoped<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    send: @escaping (ChildAction) -> StoreTask
  ) -> Store<ChildState, ChildAction> {
    let path = StoredPath(toChildState)
    return scoped(read: { path.read($0) }, send: send)
  }

  @inlinable
  func scoped<ChildState, ChildAction>(
    read: @escaping (State) -> ChildState, send: @escaping (ChildAction) -> StoreTask
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(scoped: ScopedCore(parent: self, read: read, send: send))
  }

  /// The state, read without observing it: what a scoped store reads through, so observing a
  /// child never observes its whole parent.
  @usableFromInline
  var untrackedState: State {
    core.untrackedState
  }

  /// Runs `check` on the root store after its next processed send, and after each send after
  /// that while it returns `true`.
  @usableFromInline
  func afterNextSend(_ check: @escaping @MainActor () -> Bool) {
    core.afterNextSend(check)
  }
}
