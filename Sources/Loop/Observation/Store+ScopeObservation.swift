import Observation

// How a scoped store's `state` read observes that store alone (see `ScopeObservation`).
extension Store {
  /// A scoped store's state read: observes this store alone (see `ScopeObservation`).
  @inlinable
  func observedScopedState(_ core: ScopedCore<State, Action>) -> State {
    let observation = core.observation
    observation.registrar.access(self, keyPath: core.stateKeyPath)
    let value = core.untrackedState()
    let wasWaiting = observation.seen != nil
    observation.seen = value
    core.watch(self, wasWaiting: wasWaiting)
    return value
  }

  /// Compares the state the observers saw with `value`; notifies them if it changed. Returns
  /// whether they are still waiting (nothing changed).
  @inlinable
  func notifyIfChanged(to value: State) -> Bool {
    guard let scoped = core.scoped else { return false }
    let observation = scoped.observation
    guard let seen = observation.seen else { return false }
    if observation.isDuplicate(seen, value) { return true }
    observation.seen = nil
    observation.registrar.withMutation(of: self, keyPath: scoped.stateKeyPath) {}
    return false
  }

  /// Checks this store's state after the next send of the root `scoped` reads through, and
  /// again after each send while its observers wait.
  @inlinable
  func scheduleCheck(_ scoped: ScopedCore<State, Action>) {
    scoped.afterNextSend { [weak self] in
      guard let self, let scoped = self.core.scoped else { return }
      if self.notifyIfChanged(to: scoped.untrackedState()) {
        self.scheduleCheck(scoped)
      } else {
        scoped.observation.isScheduled = false
      }
    }
  }
}
