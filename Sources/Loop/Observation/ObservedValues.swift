import Observation

/// Everything views read of one state — a store's, or a shared value's — and the one routine
/// that tells them of a change: Loop's whole observation, for every kind of read.
///
/// Each observable read is an entry here, made once per key:
/// - the whole state (`store.state`, a shared value's `wrappedValue`);
/// - a field (`store.count`, `shared.count`), a field of a field (`store.profile.name`);
/// - a child's presence and identity (`scope(state: \.sheet, …)`), an enum state's case
///   (`store.case`, `scope(state: State.login, …)`).
///
/// A read registers interest in its entry under the entry's own key path, and records the value
/// its observers saw, once per round (the first read since they were last told). After a change,
/// ``check(_:)`` reads every waiting entry from the new state: an entry `!=` what its observers
/// saw is told and stops waiting until it is read again; the others keep waiting. An entry of a
/// type that is not `Equatable` cannot be compared and is told after every check; so is a root
/// store's whole state, which is told once per processed send and keeps no copy of the state.
///
/// Who runs the check differs by where the state lives (see Observation.md, "After a send"):
/// a root store checks its table after each processed send; a scoped store asks its root for a
/// check after the next send; a row's store is checked by its collection when its row changed
/// (`ScopeCache`); a shared value, after a change to it.
///
/// - Complexity: per check, O(1) per entry read since it was last told; nothing when nothing
///   is read.
///
/// Main thread only, as the stores and shared values that own a table (it is not `@MainActor`
/// so that a shared value, read wherever its holder is, can own one).
@usableFromInline
final class ObservedValues<State> {
  /// What every entry here registers with.
  @usableFromInline let registrar = ObservationRegistrar()
  /// Every entry made so far, by its key: made once each.
  @usableFromInline var entries: [AnyKeyPath: ObservedValue<State>] = [:]
  /// The whole state's entry, kept apart from `entries`: a root store's `state` is read on every
  /// render, and a dictionary lookup would cost more than the rest of the read.
  @usableFromInline var whole: ObservedValue<State>?
  /// The entries whose observers wait, in the order they were read.
  @usableFromInline var waiting: [ObservedValue<State>] = []
  /// The list a check runs from, kept for its capacity.
  @usableFromInline var spare: [ObservedValue<State>] = []
  /// Whether a check is asked for (by a scoped or row store, from whatever runs it).
  @usableFromInline var isScheduled = false

  @usableFromInline init() {}

  /// Registers interest in a value read from the state of `subject` (a store, a shared value),
  /// under `key` — its entry made once per key, by `tracked` and `read` — whose observers saw
  /// `value`. Returns whether it started waiting (it was not): the caller then makes sure a
  /// check will run.
  @usableFromInline
  func register<Subject: Observable & AnyObject, Value, Tracked>(
    _ key: AnyKeyPath, subject: Subject, tracked: () -> KeyPath<Subject, Tracked>,
    read: () -> (State) -> Value, seen value: Value
  ) -> Bool {
    let entry: ObservedMember<Subject, State, Value, Tracked>
    if let known = entries[key] {
      // NB: An entry is made for one key, whose type fixes `Value` and `Tracked`.
      entry = unsafeDowncast(known, to: ObservedMember<Subject, State, Value, Tracked>.self)
    } else {
      entry = ObservedMember(
        read: read(), tracked: tracked(), registrar: registrar, subject: subject)
      entries[key] = entry
    }
    return enlist(entry, subject: subject, seen: value)
  }

  /// Registers interest in the whole state of `subject`, tracked under `tracked`. With
  /// `compared`, its observers saw `value` and are told when the state is `!=` it; without,
  /// they are told after every check and no copy of the state is kept (a root store's state,
  /// a shared value written in place).
  @inlinable
  func registerWhole<Subject: Observable & AnyObject, Tracked>(
    subject: Subject, tracked: () -> KeyPath<Subject, Tracked>, seen value: State,
    compared: Bool
  ) -> Bool {
    if compared {
      let entry: ObservedMember<Subject, State, State, Tracked>
      if let whole {
        entry = unsafeDowncast(whole, to: ObservedMember<Subject, State, State, Tracked>.self)
      } else {
        entry = ObservedMember(
          read: { $0 }, tracked: tracked(), registrar: registrar, subject: subject)
        whole = entry
      }
      return enlist(entry, subject: subject, seen: value)
    }
    let entry: ObservedMember<Subject, State, Void, Tracked>
    if let whole {
      entry = unsafeDowncast(whole, to: ObservedMember<Subject, State, Void, Tracked>.self)
    } else {
      entry = ObservedMember(
        read: { _ in }, tracked: tracked(), registrar: registrar, subject: subject)
      whole = entry
    }
    return enlist(entry, subject: subject, seen: ())
  }

  /// Registers the read with Observation, and makes `entry` wait with `value` unless it waits.
  @inlinable
  func enlist<Subject: Observable & AnyObject, Value, Tracked>(
    _ entry: ObservedMember<Subject, State, Value, Tracked>, subject: Subject, seen value: Value
  ) -> Bool {
    registrar.access(subject, keyPath: entry.tracked)
    guard !entry.isWaiting else { return false }
    entry.isWaiting = true
    entry.seen = value
    waiting.append(entry)
    return true
  }

  /// Reads every waiting entry from `state`: tells those that changed, keeps the others.
  /// Returns whether any still wait (an observer told may have read again).
  @usableFromInline
  func check(_ state: State) -> Bool {
    isScheduled = false
    // NB: The lists trade places, so an observer that reads again while it is told (inside
    // `withMutation`) registers on the new list, not the one being read.
    var current: [ObservedValue<State>] = []
    swap(&current, &spare)
    swap(&current, &waiting)
    for entry in current where entry.check(in: state) {
      waiting.append(entry)
    }
    current.removeAll(keepingCapacity: true)
    spare = current
    return !waiting.isEmpty
  }

  /// Ends every entry: the subject is gone for good (a released store). A `states` stream
  /// finishes; the others are dropped.
  func finish() {
    let ended = waiting
    waiting.removeAll()
    for entry in ended { entry.finish() }
  }
}

/// One entry of an `ObservedValues`: a class, so the table keeps one per key whatever the
/// value's type.
@usableFromInline
class ObservedValue<State> {
  /// Whether its observers wait: it was read since it was last told.
  @usableFromInline var isWaiting = false

  @usableFromInline init() {}

  /// Whether the value in `state` differs from what its observers saw.
  @usableFromInline func hasChanged(in state: State) -> Bool { true }
  /// Tells its observers.
  @usableFromInline func notify() {}
  /// The subject is gone for good.
  @usableFromInline func finish() {}

  /// Checks the entry against `state`: tells its observers if it changed. Returns whether they
  /// still wait.
  @usableFromInline
  func check(in state: State) -> Bool {
    guard hasChanged(in: state) else { return true }
    // NB: Not waiting before it tells: an observer that reads again at once waits anew.
    isWaiting = false
    notify()
    return false
  }
}

/// A value of type `Value` read from the state (the state itself, a field, a child's presence,
/// a case), tracked under `tracked`, a key path from the subject views read it through.
@usableFromInline
final class ObservedMember<Subject: Observable & AnyObject, State, Value, Tracked>:
  ObservedValue<State>
{
  @usableFromInline let read: (State) -> Value
  @usableFromInline let tracked: KeyPath<Subject, Tracked>
  @usableFromInline let registrar: ObservationRegistrar
  /// The subject, weakly: the subject keeps its table.
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

/// `==` when `State` is `Equatable`, found once (when an entry or a reducer is made);
/// otherwise a check that answers `ifNotEquatable` for every pair (by default: every state is
/// new).
@usableFromInline
func duplicateCheck<State>(
  for type: State.Type, ifNotEquatable: Bool = false
) -> (State, State) -> Bool {
  guard let equatable = type as? any Equatable.Type,
    let equality = equality(equatable) as? (State, State) -> Bool
  else { return { _, _ in ifNotEquatable } }
  return equality
}

private func equality<E: Equatable>(_ type: E.Type) -> Any {
  { (lhs: E, rhs: E) in lhs == rhs } as (E, E) -> Bool
}
