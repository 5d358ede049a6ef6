import Observation

// How a scoped store's `state` read observes that store alone (see `ScopeObservation`).
extension Store {
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
