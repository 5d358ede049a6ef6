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
  /// - Complexity: O(1) to create; reading the child's state applies the key path.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    // NB: The closure a child store's `send` calls is formed here, in the caller's module, so
    // it and the parent's `send` under it are specialised for the app's types (as the root
    // store's reduce closure is); formed inside Loop, it was a generic thunk.
    scoped(state: toChildState, send: { self.send(fromChildAction($0)) })
  }

  @usableFromInline
  func scoped<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    send: @escaping (ChildAction) -> StoreTask
  ) -> Store<ChildState, ChildAction> {
    scoped(read: { $0[keyPath: toChildState] }, send: send)
  }

  @inlinable
  func scoped<ChildState, ChildAction>(
    read: @escaping (State) -> ChildState,
    send: @escaping (ChildAction) -> StoreTask,
    membership: ScopedCore<ChildState, ChildAction>.Membership? = nil
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      scoped: ScopedCore(
        state: { read(self.untrackedState) },
        send: send,
        observe: { observe, finish in
          self.addObserver({ observe(read($0)) }, onFinish: finish)
        },
        removeObserver: { self.removeObserver($0) },
        inFlightEffectCount: { self.inFlightEffectCount },
        afterNextSend: { self.afterNextSend($0) },
        observation: ScopeObservation<ChildState>(), membership: membership))
  }

  /// The state, read without observing it: what a scoped store reads through, so observing a
  /// child never observes its whole parent.
  @usableFromInline
  var untrackedState: State {
    core.untrackedState
  }

  /// Runs `check` once, on the root store, after its next processed send.
  @usableFromInline
  func afterNextSend(_ check: @escaping @MainActor () -> Void) {
    core.afterNextSend(check)
  }

  /// A scoped store's state read: observes this store alone (see `ScopeObservation`).
  @inlinable
  func observedScopedState(_ parent: ScopedCore<State, Action>) -> State {
    let observation = parent.observation
    observation.registrar.access(self, keyPath: parent.stateKeyPath)
    let value = parent.untrackedState()
    let isWaiting = observation.seen != nil
    observation.seen = value
    if let membership = parent.membership {
      // NB: An element store is checked by its collection's one check, only when its element
      // changed (see `ScopeCache`); while its observers wait, it is registered there already.
      guard !isWaiting else { return value }
      if observation.memberCheck == nil {
        // NB: The check reaches its observation through the store, weakly: the observation
        // keeps the check, so capturing the observation itself would be a cycle that keeps it,
        // and the element state it last saw, alive after every store is released.
        observation.memberCheck = { [weak self] element in
          guard let self else { return false }
          // NB: The element is gone: the store shows the state it last had, so nothing
          // changed for its observers; they wait, and are told if an element of the same id
          // comes back different (as a store through any other path would tell them).
          guard let element else { return true }
          return self.notifyIfChanged(to: element)
        }
      }
      if let check = observation.memberCheck { membership(check) }
    } else if !observation.isScheduled {
      observation.isScheduled = true
      scheduleCheck(parent)
    }
    return value
  }

  /// Compares the state the observers saw with `value`; notifies them if it changed. Returns
  /// whether they are still waiting (nothing changed).
  @inlinable
  func notifyIfChanged(to value: State) -> Bool {
    guard let parent = core.scoped else { return false }
    let observation = parent.observation
    guard let seen = observation.seen else { return false }
    if observation.isDuplicate(seen, value) { return true }
    observation.seen = nil
    observation.registrar.withMutation(of: self, keyPath: parent.stateKeyPath) {}
    return false
  }

  @inlinable
  func scheduleCheck(_ parent: ScopedCore<State, Action>) {
    parent.afterNextSend { [weak self] in
      guard let self, let parent = self.core.scoped else { return }
      if self.notifyIfChanged(to: parent.untrackedState()) {
        self.scheduleCheck(parent)
      } else {
        parent.observation.isScheduled = false
      }
    }
  }
}
