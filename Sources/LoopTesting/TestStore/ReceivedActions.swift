import Loop

// NB: Actions and states are kept in two arrays, and no method hands a tuple or an optional
// through a generic parameter: `TestStore` is generic and not inlinable, so its code runs
// unspecialised, and there every `(action:, state:)` tuple, `Optional` or slice of them is a
// metadata lookup in the runtime's caches (benchmark (e); an array of tuples edited through
// `withLock`'s closure was most of that).
/// The actions effects sent back that the test has not asserted yet, each with the state after
/// it, in the order they were reduced.
///
/// Behind a lock so that the test store's deinit, which is not isolated, can read it; every
/// other access is on the main actor.
final class ReceivedActions<State, Action>: @unchecked Sendable {  // NB: `lock` guards the arrays.
  private let lock = LockedState(())
  private var actions: [Action] = []
  private var states: [State] = []
  /// The shared values after each action (see `SharedValues`).
  private var shared: [SharedValues] = []

  /// Whether no action is waiting to be received.
  var isEmpty: Bool {
    lock.withLock { _ in actions.isEmpty }
  }

  /// Adds an action an effect sent, with the state after it.
  func append(_ action: Action, state: State, shared values: SharedValues = [:]) {
    lock.withLock { _ in
      actions.append(action)
      states.append(state)
      shared.append(values)
    }
  }

  /// The position of the first action `matching` accepts.
  func firstIndex(where matching: (Action) -> Bool) -> Int? {
    lock.withLock { _ in
      for index in 0..<actions.count where matching(actions[index]) { return index }
      return nil
    }
  }

  /// Removes and returns the first action and the state after it.
  ///
  /// - Precondition: The list is not empty (the caller looked, on the main actor, where
  ///   actions are also added).
  func removeFirst() -> (action: Action, state: State) {
    // NB: Two turns of the lock, each returning a type the caller's metadata already
    // describes: one returning the pair would look up the tuple's. The deinit, the only reader
    // off the main actor, cannot run during a method call on the store.
    let action = lock.withLock { _ in actions.remove(at: 0) }
    let state = lock.withLock { _ in states.remove(at: 0) }
    lastRemovedShared = lock.withLock { _ in shared.remove(at: 0) }
    return (action, state)
  }

  /// The shared values after the last action a `remove` method removed.
  private(set) var lastRemovedShared: SharedValues = [:]

  /// Removes the first `count` actions; returns them and the state after the last.
  ///
  /// - Precondition: `0 < count <= ` the number of actions.
  func removeFirst(_ count: Int) -> (actions: [Action], lastState: State) {
    lock.withLock { _ in
      let removed = Array(actions[..<count])
      let lastState = states[count - 1]
      lastRemovedShared = shared[count - 1]
      actions.removeSubrange(..<count)
      states.removeSubrange(..<count)
      shared.removeSubrange(..<count)
      return (removed, lastState)
    }
  }

  /// Removes every action; returns them and the state after the last.
  ///
  /// - Precondition: The list is not empty.
  func removeAll() -> (actions: [Action], lastState: State) {
    let removed = lock.withLock { _ in
      defer { actions.removeAll() }
      return actions
    }
    let lastState = lock.withLock { _ in
      defer { states.removeAll() }
      return states[states.count - 1]
    }
    lastRemovedShared = lock.withLock { _ in
      defer { shared.removeAll() }
      return shared[shared.count - 1]
    }
    return (removed, lastState)
  }

  /// The actions, without removing them.
  var all: [Action] {
    lock.withLock { _ in actions }
  }
}
