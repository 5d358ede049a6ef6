extension Store {
  /// A store for an optional child feature, while the child is there: `nil` when it is not.
  ///
  /// ```swift
  /// if let detailsStore = store.scope(state: \.details, action: Action.details) {
  ///   DetailsView(store: detailsStore)      // a sheet, shown while the child exists
  /// }
  /// ```
  ///
  /// Called while observing (a view's body), it observes whether the child is there and its
  /// `id`, nothing else: the view is told when the child comes, goes or is replaced by another
  /// — never when the child edits its own state, nor when something else in this store's state
  /// changes. The child's own store observes the child's fields.
  ///
  /// The child store belongs to the child that was there when it was made (the same `id`). Once
  /// that child is gone — `nil`, or replaced by another — the store stops delivering: a `send`
  /// reaches nothing (and is reported as a runtime warning), and its `state` stays what it was
  /// when the store last read it — what a view last showed, for a sheet that animates away. Ask
  /// the parent store again for the new child's store.
  ///
  /// Asking again for the same child (the same key path, the same `id`) gives the same store
  /// while something holds it, as in TCA: a view's child store survives its re-renders. The
  /// parent keeps it weakly; a child of another `id` gets a new one.
  ///
  /// A child that is not `Identifiable` has no identity: the store delivers while the state is
  /// not `nil`, whichever child it is, and a view calling this observes only whether the child
  /// is there.
  ///
  /// - Complexity: O(1) to create; reading the state applies the key path.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    let child = untrackedState[keyPath: toChildState]
    if let child, let row = rowStore(toChildState, child, action: fromChildAction) { return row }
    let identity = ChildIdentity<ChildState>()
    // NB: The key path through the identity only names the entry; the check after a send
    // reads by the stored path and the closure, as projecting a subscript component looks up
    // generic metadata on every read.
    let toIdentity = toChildState.appending(path: \.[childIdentity: identity])
    let childPath = StoredPath(toChildState)
    observe(
      toIdentity, tracked: { observedStateKeyPath.appending(path: toIdentity) },
      read: { { childPath.read($0).map(identity.of) } }, seen: child.map(identity.of))
    guard let child else { return nil }
    return cachedChildStore(AnyHashable(toChildState), identity: identity.of(child)) {
      scope(
        initial: child, child: childPath.read, identity: identity.of,
        send: { self.send(fromChildAction($0)) })
    }
  }

  /// The store of the `Identifiable` child at `toChild` when that is a row of a stored
  /// collection, `\.rows[id: id]`: its store and its presence are checked by the collection's
  /// history, like `scope(forEach:)`'s rows (see `RowKeyPath`).
  @usableFromInline
  func rowStore<ChildState, ChildAction>(
    _ toChild: KeyPath<State, ChildState?>, _ child: ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    guard let identifiable = ChildState.self as? any Identifiable.Type else { return nil }
    func open<Row: Identifiable>(_: Row.Type) -> Store<ChildState, ChildAction>? {
      guard let toRow = toChild as? KeyPath<State, Row?>, let row = child as? Row,
        let toElements = RowKeyPath.collection(of: toRow, id: row.id)
      else { return nil }
      let cache = scopeCache(for: toElements, rowAction: ChildAction.self)
      cache.observePresence(of: row.id, in: untrackedState[keyPath: toElements])
      let store = elementStore(
        id: row.id, in: untrackedState[keyPath: toElements], cache: cache,
        forEach: toElements, element: { $0 }, action: { _, action in fromChildAction(action) })
      return store as? Store<ChildState, ChildAction>
    }
    return open(identifiable)
  }

  /// The identity of every part: a part is always there.
  @usableFromInline
  var partIdentity: ChildKey { .shared }

  /// The store cached for the child at `toChild` of `identity`, or the one `make` makes, cached.
  @usableFromInline
  func cachedChildStore<ChildState, ChildAction>(
    _ toChild: AnyHashable?, identity: ChildKey,
    make: () -> Store<ChildState, ChildAction>?
  ) -> Store<ChildState, ChildAction>? {
    guard let toChild else { return make() }
    let key = ChildStoreCache.Key(state: toChild, action: ChildAction.self)
    if let store = childStores.store(
      key, identity: identity, as: Store<ChildState, ChildAction>.self)
    {
      return store
    }
    guard let store = make() else { return nil }
    childStores.insert(store, key, identity: identity)
    return store
  }

  /// A store for the child feature of one case of an enum state, while the state is in that
  /// case: `nil` when it is not.
  ///
  /// ```swift
  /// switch store.state {
  /// case .loggedIn:
  ///   if let loggedIn = store.scope(state: State.loggedIn, action: Action.loggedIn) { … }
  /// case .loggedOut: …
  /// }
  /// ```
  ///
  /// Called while observing (a view's body), it observes the state's case and the child's
  /// `id`: the view is told when the state enters or leaves the case, moves between other
  /// cases, or the case gets a child of another `id` — not when the child edits its own state.
  /// That holds for a path built from the case alone (`CasePath(State.loggedIn)`, or a case
  /// function); a path built from closures or by `then(_:)` cannot be told apart from
  /// another, so calling this with one observes the whole state, and gives a new store each
  /// time.
  ///
  /// Once the state leaves the case (or the case gets a value of another `id`), the store stops
  /// delivering, as the optional `scope(state:action:)` does. Asking again while the state is in
  /// the same case, with a child of the same `id`, gives the same store while something holds
  /// it.
  ///
  /// A child that is not `Identifiable` has no identity: the store delivers while the state is
  /// in the case, and a view calling this observes the state's case alone.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toCase: CasePath<State, ChildState>,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    scope(state: toCase, send: { self.send(fromChildAction($0)) })
  }

  /// The store of the child in the case `toCase`; observes the state's case and the child's
  /// identity (see `CasePresence`).
  @inlinable
  func scope<ChildState, ChildAction>(
    state toCase: CasePath<State, ChildState>, send: @escaping (ChildAction) -> StoreTask
  ) -> Store<ChildState, ChildAction>? {
    let identity = ChildIdentity<ChildState>().of
    let state = untrackedState
    let child = toCase.extract(from: state)
    guard toCase.isSingleCase, let layout = EnumLayout(State.self), !layout.isOptional else {
      // NB: Nothing tells this path from another: observe the whole state, cache nothing.
      _ = self.state
      guard let child else { return nil }
      return scope(initial: child, child: toCase.extract(from:), identity: identity, send: send)
    }
    let tag = layout.tag(of: state)
    let presence = CasePresenceKey(
      tag: child == nil ? nil : tag, payload: ChildState.self, action: ChildAction.self)
    let tracked = StoreKeyPaths.keyPath(.casePresence(presence)) {
      \Store.[casePresence: presence]
    }
    // NB: With the child absent, only the state's case is read: every scope whose child is
    // absent reads the same (see `CasePresence`).
    observe(
      tracked, tracked: { tracked },
      read: {
        if child == nil { return { CasePresence(tag: layout.tag(of: $0), identity: nil) } }
        return {
          CasePresence(tag: layout.tag(of: $0), identity: toCase.extract(from: $0).map(identity))
        }
      }, seen: CasePresence(tag: tag, identity: child.map(identity)))
    guard let child else { return nil }
    return cachedChildStore(
      AnyHashable(ChildStoreCache.Case(tag: tag, payload: ChildState.self)),
      identity: identity(child)
    ) {
      scope(initial: child, child: toCase.extract(from:), identity: identity, send: send)
    }
  }

  /// What Observation tracks a scope to an enum case under (see `CasePresence`).
  @usableFromInline
  nonisolated subscript(casePresence key: CasePresenceKey) -> Bool { false }

  /// The store of the child `child` reads, bound to the child `initial` is (see `ChildCore`);
  /// `nil` if there is none.
  @inlinable
  func scope<ChildState, ChildAction, Identity: Equatable>(
    initial: ChildState?,
    child: @escaping (State) -> ChildState?,
    identity: @escaping (ChildState) -> Identity,
    send: @escaping (ChildAction) -> StoreTask
  ) -> Store<ChildState, ChildAction>? {
    guard let initial else { return nil }
    return Store<ChildState, ChildAction>(
      scoped: ChildCore(
        parent: self, initial: initial, child: child, identity: identity, send: send))
  }
}
