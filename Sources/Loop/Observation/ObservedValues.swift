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
/// A read registers interest in its entry under the entry's own key path (the whole state's,
/// under one of ``ObservedWhole``'s), and records the value its observers saw, once per round
/// (the first read since they were last told). After a change, ``check(_:)`` reads every
/// waiting entry from the new state: an entry `!=` what its observers saw is told and stops
/// waiting until it is read again; the others keep waiting. An entry of a type that is not
/// `Equatable` cannot be compared and is told after every check; so is a root store's whole
/// state, which is told once per processed send and keeps no copy of the state.
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
/// so that a shared value, read wherever its holder is, can own one). So its fields skip
/// Swift's dynamic exclusivity check, as `RootCore`'s do: accesses cannot overlap on one
/// thread, and an observer told while a check runs reads into the other list (see `check`).
@usableFromInline
final class ObservedValues<State> {
  /// What every entry here registers with.
  @usableFromInline let registrar = ObservationRegistrar()
  /// Every entry made so far, by its key: made once each.
  @exclusivity(unchecked) @usableFromInline var entries: [AnyKeyPath: ObservedValue<State>] = [:]
  /// The whole state's entry, kept apart from `entries`: a root store's `state` is read on every
  /// render, and a dictionary lookup would cost more than the rest of the read.
  @exclusivity(unchecked) @usableFromInline var whole: ObservedValue<State>?
  /// The entries whose observers wait, in the order they were read.
  @exclusivity(unchecked) @usableFromInline var waiting: [ObservedValue<State>] = []
  /// The list a check runs from, kept for its capacity.
  @exclusivity(unchecked) @usableFromInline var spare: [ObservedValue<State>] = []
  /// Whether the observers of the whole state, told at every check, wait (see
  /// `registerEveryChange`).
  @exclusivity(unchecked) @usableFromInline var wholeWaits = false
  /// Whether a check is asked for (by a scoped or row store, from whatever runs it).
  @exclusivity(unchecked) @usableFromInline var isScheduled = false

  @usableFromInline init() {}

  /// Registers interest in a value read from the state of `subject` (a store, a shared value),
  /// under `key` — its entry made once per key, by `tracked` and `read` — whose observers saw
  /// `value`. Returns whether it started waiting (it was not): the caller then makes sure a
  /// check will run.
  ///
  /// `isDuplicate` compares what was seen with what is read after a change: by default `==`
  /// found at run time (see `duplicateCheck`); the overload for an `Equatable` value passes
  /// `==` itself, specialised where it is called.
  @inlinable
  func register<Subject: Observable & AnyObject, Value, Tracked>(
    _ key: AnyKeyPath, subject: Subject, tracked: () -> KeyPath<Subject, Tracked>,
    read: () -> (State) -> Value, seen value: Value,
    isDuplicate: () -> (Value, Value) -> Bool = { duplicateCheck(for: Value.self) }
  ) -> Bool {
    let entry: ObservedMember<Subject, State, Value, Tracked>
    if let known = entries[key] {
      // NB: An entry is made for one key, whose type fixes `Value` and `Tracked`.
      entry = unsafeDowncast(known, to: ObservedMember<Subject, State, Value, Tracked>.self)
    } else {
      entry = ObservedMember(
        read: read(), tracked: tracked(), registrar: registrar, subject: subject,
        isDuplicate: isDuplicate())
      entries[key] = entry
    }
    return enlist(entry, subject: subject, seen: value)
  }

  /// ``register(_:subject:tracked:read:seen:isDuplicate:)`` for an `Equatable` value: its check
  /// compares with `==` itself, specialised for the value's type, where the run-time lookup of
  /// `==` runs the value's generic conformance (about 900 instructions for an optional child's
  /// identity, per check: callgrind, 2026-12-04).
  @inlinable
  func register<Subject: Observable & AnyObject, Value: Equatable, Tracked>(
    _ key: AnyKeyPath, subject: Subject, tracked: () -> KeyPath<Subject, Tracked>,
    read: () -> (State) -> Value, seen value: Value
  ) -> Bool {
    register(
      key, subject: subject, tracked: tracked, read: read, seen: value, isDuplicate: { (==) })
  }

  /// Registers interest in the whole state, whose observers saw `value`: they are told when
  /// the state is `!=` it (a scoped store's state).
  @inlinable
  func registerWhole(seen value: State) -> Bool {
    let entry: ObservedMember<ObservedWhole, State, State, Bool>
    if let whole {
      entry = unsafeDowncast(whole, to: ObservedMember<ObservedWhole, State, State, Bool>.self)
    } else {
      entry = ObservedMember(
        read: { $0 }, tracked: ObservedWhole.value, registrar: registrar,
        subject: ObservedWhole.subject, isDuplicate: duplicateCheck(for: State.self))
      whole = entry
    }
    return enlist(entry, subject: ObservedWhole.subject, seen: value)
  }

  /// Registers interest in every change to the state: its observers are told at the next
  /// check, and nothing of the state is kept (a root store's state, a shared value written in
  /// place). The entry is one flag, `wholeWaits`.
  @inlinable
  func registerEveryChange() -> Bool {
    registrar.access(ObservedWhole.subject, keyPath: ObservedWhole.everyChange)
    guard !wholeWaits else { return false }
    wholeWaits = true
    return true
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

  /// Makes `entry` wait unless it waits; returns whether it started waiting.
  @inlinable
  func enlist(_ entry: ObservedValue<State>) -> Bool {
    guard !entry.isWaiting else { return false }
    entry.isWaiting = true
    waiting.append(entry)
    return true
  }

  /// Reads every waiting entry from `state`: tells those that changed, keeps the others.
  /// Returns whether any still wait (an observer told may have read again).
  @inlinable
  func check(_ state: State) -> Bool {
    isScheduled = false
    if wholeWaits {
      // NB: Not waiting before it tells: an observer that reads again at once waits anew.
      wholeWaits = false
      registrar.withMutation(of: ObservedWhole.subject, keyPath: ObservedWhole.everyChange) {}
    }
    if waiting.count == 1 {
      // NB: One entry (a row's table, most often): taken out before it is checked, so that an
      // observer that reads again while it is told registers it anew, as below.
      let entry = waiting.removeLast()
      if entry.check(state) { waiting.append(entry) }
      return isWaiting
    }
    // NB: The lists trade places, so an observer that reads again while it is told (inside
    // `withMutation`) registers on the new list, not the one being read.
    var current: [ObservedValue<State>] = []
    swap(&current, &spare)
    swap(&current, &waiting)
    for entry in current where entry.check(state) {
      waiting.append(entry)
    }
    current.removeAll(keepingCapacity: true)
    spare = current
    return isWaiting
  }

  /// Whether any observer waits.
  @inlinable
  var isWaiting: Bool { wholeWaits || !waiting.isEmpty }

  /// Ends every entry: the subject is gone for good (a released store). A `states` stream
  /// finishes; the others are dropped.
  func finish() {
    wholeWaits = false
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
  @exclusivity(unchecked) @usableFromInline final var isWaiting = false
  /// Checks the entry against a new state: tells its observers if it changed, and returns
  /// whether they still wait. A closure made with the entry, in the module that reads — so it
  /// runs specialised for the app's types, where a method of this generic class would run its
  /// generic body.
  ///
  /// `final` and unchecked, as `isWaiting`: read on every check, where a class's overridable
  /// property would be a call through the class's table and Swift's dynamic exclusivity check.
  @exclusivity(unchecked) @usableFromInline final var check: (State) -> Bool = { _ in true }

  @usableFromInline init() {}

  /// An entry that runs `check` — which checks observers kept elsewhere (a row store's table)
  /// and returns whether they still wait — and may be enlisted again while `check` runs.
  @inlinable
  convenience init(check: @escaping (State) -> Bool) {
    self.init()
    // NB: `unowned(unsafe)`: the entry keeps this closure, so it never outlives the entry.
    self.check = { [unowned(unsafe) self] state in
      // NB: Not waiting while it checks: an observer that reads again then enlists it anew,
      // and it must not be kept twice.
      self.isWaiting = false
      guard check(state), !self.isWaiting else { return false }
      self.isWaiting = true
      return true
    }
  }

  /// The subject is gone for good.
  @usableFromInline func finish() {}
}

/// A value of type `Value` read from the state (the state itself, a field, a child's presence,
/// a case), tracked under `tracked`, a key path from the subject views read it through.
@usableFromInline
final class ObservedMember<Subject: Observable & AnyObject, State, Value, Tracked>:
  ObservedValue<State>
{
  @usableFromInline let tracked: KeyPath<Subject, Tracked>
  /// The subject, weakly: the subject keeps its table.
  @exclusivity(unchecked) @usableFromInline weak var subject: Subject?
  /// The value the observers saw, while they wait.
  @exclusivity(unchecked) @usableFromInline var seen: Value?

  @inlinable
  init(
    read: @escaping (State) -> Value, tracked: KeyPath<Subject, Tracked>,
    registrar: ObservationRegistrar, subject: Subject,
    isDuplicate: @escaping (Value, Value) -> Bool
  ) {
    self.tracked = tracked
    self.subject = subject
    super.init()
    // NB: `unowned(unsafe)`: the entry keeps this closure, so it never outlives the entry.
    check = { [unowned(unsafe) self] state in
      if let seen = self.seen, isDuplicate(seen, read(state)) { return true }
      // NB: Not waiting before it tells: an observer that reads again at once waits anew.
      self.isWaiting = false
      self.seen = nil
      if let subject = self.subject { registrar.withMutation(of: subject, keyPath: tracked) {} }
      return false
    }
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
