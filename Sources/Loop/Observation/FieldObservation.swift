import Observation

/// What makes a read of one field observe that field alone: `store.count` registers interest
/// in `count`, and its observers are told when `count` changed — not when `name` did.
///
/// How: each field read through ``Store/subscript(dynamicMember:)`` has an entry here, made
/// once per key path, that Observation tracks under its own key path (`\Store.state.count`).
/// A read registers the value its observers saw, once per round (the first read after the
/// last notification), and asks the root store to check the fields after its next send.
/// After each processed send the fields whose observers wait are read again: a field `!=` the
/// value its observers saw (for an `Equatable` field; any field that is not `Equatable` counts
/// as changed after every send) is notified and stops waiting until it is read again; the
/// others keep waiting.
///
/// - Complexity: per send, O(1) per field read since it was last notified; nothing when no
///   field is read.
@MainActor
@usableFromInline
final class FieldObservation<State> {
  /// Every field read so far, by its key path from the state: made once each.
  @usableFromInline var fields: [AnyKeyPath: ObservedField<State>] = [:]
  /// The fields whose observers wait, in the order they were read.
  @usableFromInline var waiting: [ObservedField<State>] = []
  /// The list the check runs from, kept for its capacity.
  @usableFromInline var spare: [ObservedField<State>] = []
  /// Whether a check after the next send is asked for.
  @usableFromInline var isScheduled = false

  @usableFromInline init() {}

  /// Registers interest in a value read from the state of `subject` (a store, a shared value),
  /// under `key` — its entry made once per key, by `tracked` and `read` — whose observers saw
  /// `value`. Returns whether it started waiting (it was not): the caller then makes sure a
  /// check will run.
  @usableFromInline
  func register<Subject: Observable & AnyObject, Value, Tracked>(
    _ key: AnyKeyPath, subject: Subject, registrar: ObservationRegistrar,
    tracked: () -> KeyPath<Subject, Tracked>, read: () -> (State) -> Value, seen value: Value
  ) -> Bool {
    let field: ObservedFieldValue<Subject, State, Value, Tracked>
    if let known = fields[key] {
      // NB: An entry is made for one key, whose type fixes `Value` and `Tracked`.
      field = unsafeDowncast(known, to: ObservedFieldValue<Subject, State, Value, Tracked>.self)
    } else {
      field = ObservedFieldValue(
        read: read(), tracked: tracked(), registrar: registrar, subject: subject)
      fields[key] = field
    }
    registrar.access(subject, keyPath: field.tracked)
    guard !field.isWaiting else { return false }
    field.isWaiting = true
    field.seen = value
    waiting.append(field)
    return true
  }

  /// Reads every waiting field from `state`: notifies those that changed, keeps the others.
  /// Returns whether any still wait.
  @usableFromInline
  func check(_ state: State) -> Bool {
    isScheduled = false
    // NB: The lists trade places, so a notified observer that reads again at once (inside
    // `withMutation`) registers on the new list, not the one being read.
    var current: [ObservedField<State>] = []
    swap(&current, &spare)
    swap(&current, &waiting)
    for field in current {
      if field.hasChanged(in: state) {
        field.isWaiting = false
        field.notify()
      } else {
        waiting.append(field)
      }
    }
    current.removeAll(keepingCapacity: true)
    spare = current
    return !waiting.isEmpty
  }
}

/// One field read through a store: a class, so the store keeps one per key path whatever the
/// field's type.
@MainActor
@usableFromInline
class ObservedField<State> {
  /// Whether its observers wait: it was read since it was last notified.
  @usableFromInline var isWaiting = false

  @usableFromInline init() {}

  /// Whether the field in `state` differs from what its observers saw.
  @usableFromInline func hasChanged(in state: State) -> Bool { true }
  /// Tells its observers.
  @usableFromInline func notify() {}
}

/// A value of type `Value` read from the state (a field, or a child's presence), tracked under
/// `tracked`, a key path from the store.
@MainActor
@usableFromInline
final class ObservedFieldValue<Subject: Observable & AnyObject, State, Value, Tracked>:
  ObservedField<State>
{
  @usableFromInline let read: (State) -> Value
  @usableFromInline let tracked: KeyPath<Subject, Tracked>
  @usableFromInline let registrar: ObservationRegistrar
  /// The store, weakly: the store keeps its fields.
  @usableFromInline weak var subject: Subject?
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  /// The value the observers saw, while they wait.
  @usableFromInline var seen: Value?

  @usableFromInline
  init(
    read: @escaping (State) -> Value, tracked: KeyPath<Subject, Tracked>,
    registrar: ObservationRegistrar, subject: Subject
  ) {
    self.read = read
    self.tracked = tracked
    self.registrar = registrar
    self.subject = subject
    self.isDuplicate = duplicateCheck(for: Value.self)
  }

  @usableFromInline
  override func hasChanged(in state: State) -> Bool {
    guard let seen else { return true }
    return !isDuplicate(seen, read(state))
  }

  @usableFromInline
  override func notify() {
    seen = nil
    guard let subject else { return }
    registrar.withMutation(of: subject, keyPath: tracked) {}
  }
}

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

  /// Registers interest in the field at `keyPath`, whose observers saw `value`.
  @usableFromInline
  func observeField<Value>(_ keyPath: KeyPath<State, Value>, seen value: Value) {
    observe(
      keyPath, tracked: { observedStateKeyPath.appending(path: keyPath) },
      read: { { $0[keyPath: keyPath] } }, seen: value)
  }

  /// Registers interest in a value read from the state, under `key` (made once per key, by
  /// `tracked` and `read`), whose observers saw `value`: they are told after a send that
  /// changed it.
  @usableFromInline
  func observe<Value, Tracked>(
    _ key: AnyKeyPath, tracked: () -> KeyPath<Store, Tracked>,
    read: () -> (State) -> Value, seen value: Value
  ) {
    let observation = fieldObservation ?? makeFieldObservation()
    guard
      observation.register(
        key, subject: self, registrar: observationRegistrar, tracked: tracked, read: read,
        seen: value)
    else { return }
    guard !observation.isScheduled else { return }
    observation.isScheduled = true
    scheduleFieldCheck()
  }

  private func makeFieldObservation() -> FieldObservation<State> {
    let observation = FieldObservation<State>()
    fieldObservation = observation
    return observation
  }

  /// Checks the waiting fields after the next processed send, and again while any wait.
  private func scheduleFieldCheck() {
    afterNextSend { [weak self] in
      guard let self, let observation = self.fieldObservation else { return }
      // NB: An observer that read again while being told (inside `withMutation`) scheduled
      // the next check already.
      if observation.check(self.untrackedState), !observation.isScheduled {
        observation.isScheduled = true
        self.scheduleFieldCheck()
      }
    }
  }

  /// The registrar this store's observers register with.
  @usableFromInline
  var observationRegistrar: ObservationRegistrar {
    core.registrar
  }

  /// `\Store.state`, the key path fields are tracked under.
  @usableFromInline
  var observedStateKeyPath: KeyPath<Store, State> {
    core.stateKeyPath
  }
}

extension Store {
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
}
