import Observation

// How a read through a store observes what it read: one entry in the store's `ObservedValues`,
// checked after the sends that may have changed it.
extension Store {
  /// Reads a field of the state, observing that field alone.
  ///
  /// ```swift
  /// Text("\(store.count)")      // re-renders when count changes, not when name does
  /// ```
  ///
  /// Inside a SwiftUI view or `withObservationTracking`, the read registers interest in this
  /// field: after a send, its observers are told only if the field is `!=` the value they saw
  /// (a field that is not `Equatable` is told after every send while observed). Reading
  /// ``state`` instead observes the whole state. A nested read, `store.user.name`, observes
  /// `user.name` alone when `user`'s type is ``ObservableState``, and `user` otherwise; scope
  /// to `user` to observe its fields one by one.
  ///
  /// - Complexity: O(1) beyond the key path: a dictionary lookup, and the first time a field is
  ///   read since it was last notified, one entry added to the fields checked after the next
  ///   send.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    let value = untrackedState[keyPath: keyPath]
    observeField(keyPath, seen: value)
    return value
  }

  /// Calls `body` with the current state, observing nothing: for a read that must not make a
  /// view re-render (a value used in an action, a log line), as TCA's `withState`.
  ///
  /// ```swift
  /// Button("Save") { store.send(.save(store.withState(\.draft))) }
  /// ```
  ///
  /// - Complexity: O(1) for a root store; a scoped store reads its parent's state through its
  ///   key path.
  @inlinable
  public func withState<Value>(_ body: (State) -> Value) -> Value {
    body(untrackedState)
  }

  /// Registers interest in the field at `keyPath`, whose observers saw `value`.
  @inlinable
  func observeField<Value>(_ keyPath: KeyPath<State, Value>, seen value: Value) {
    observe(
      keyPath, tracked: { observedStateKeyPath.appending(path: keyPath) },
      read: {
        let path = StoredPath(keyPath)
        return { path.read($0) }
      }, seen: value)
  }

  /// Registers interest in a value read from the state, under `key` (made once per key, by
  /// `tracked` and `read`), whose observers saw `value`: they are told after a send that
  /// changed it, as `isDuplicate` says (see `ObservedValues.register`).
  @inlinable
  func observe<Value, Tracked>(
    _ key: AnyKeyPath, tracked: () -> KeyPath<Store, Tracked>,
    read: () -> (State) -> Value, seen value: Value,
    isDuplicate: () -> (Value, Value) -> Bool = { duplicateCheck(for: Value.self) }
  ) {
    guard
      core.observed.register(
        key, subject: self, tracked: tracked, read: read, seen: value, isDuplicate: isDuplicate)
    else { return }
    core.scheduleCheck(of: self)
  }

  /// ``observe(_:tracked:read:seen:isDuplicate:)`` for an `Equatable` value (a child's presence
  /// and identity, an enum state's case): compared with `==` itself, specialised where it is
  /// called.
  @inlinable
  func observe<Value: Equatable, Tracked>(
    _ key: AnyKeyPath, tracked: () -> KeyPath<Store, Tracked>,
    read: () -> (State) -> Value, seen value: Value
  ) {
    observe(key, tracked: tracked, read: read, seen: value, isDuplicate: { { $0 == $1 } })
  }

  /// A scoped store's whole state, read for observers: told when it is `!=` what they saw.
  @inlinable
  func observedScopedState(_ scoped: ScopedCore<State, Action>) -> State {
    let value = scoped.untrackedState()
    if scoped.observed.registerWhole(seen: value) { scoped.watch(self) }
    return value
  }

  /// `\Store.state`, the key path the state and its fields are tracked under (see
  /// `StoreKeyPaths`).
  @inlinable
  var observedStateKeyPath: KeyPath<Store, State> {
    StoreKeyPaths.keyPath(.state) { \Store.state }
  }
}
