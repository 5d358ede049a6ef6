import Dispatch
import Observation

/// The one place a shared value is kept: every ``Shared`` made with its key (in one registry)
/// reads and writes here.
///
/// Touched on the main thread only — by reducers, views and the test store, all of which run
/// there — so a change is an in-place write, with no lock and no copy of the value: a send
/// that edits a shared collection costs what editing a field of the state costs.
///
/// The value is kept at a pointer (`SharedCell`), which Swift's dynamic exclusivity check does
/// not track, and the counters a write touches are `@exclusivity(unchecked)`, as `RootCore`'s
/// are: the check needs a scratch buffer that made every write allocate its accessor's frame.
/// It is safe to skip: all access is on one thread, and a write's arguments are evaluated
/// before its access begins, so `items.remove(id: item.id)` (reading the slot through a
/// derived element) does not overlap the write.
@usableFromInline
final class SharedSlot<Value: Sendable>: SharedCell<Value>, @unchecked Sendable, Observable {
  // NB: @unchecked: every member is touched on the main thread only (see the type's comment).
  let key: SharedKey<Value>
  @usableFromInline let persistence: SharedPersistence<Value>?
  /// What views read of the value — the whole value, its members (see `ObservedValues`);
  /// made on the first such read.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var observed: ObservedValues<Value>?
  /// For a collection, what views read of its elements, by id, checked only for the elements
  /// its history says were touched (see `SharedRows`); made on the first such read.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var rows: AnyObject?
  /// Checks ``rows`` against the value; returns whether observers still wait. Made with them.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var checkRows: (() -> Bool)?
  /// How many times the value changed.
  @exclusivity(unchecked) @usableFromInline var version = 0
  /// Whether something watches the value (a file, observers), so that a write must do more
  /// than count itself (``afterChange()``).
  @exclusivity(unchecked) @usableFromInline var isWatched: Bool
  /// Whether a test store's assertion overlay may hold this value (see `TestSeam.overlay`):
  /// every slot but those of the process's own registry, so an app's writes never ask.
  @usableFromInline let checksOverlay: Bool

  init(
    key: SharedKey<Value>, value: Value, persistence: SharedPersistence<Value>?,
    checksOverlay: Bool = true
  ) {
    self.checksOverlay = checksOverlay
    self.key = key
    self.persistence = persistence
    self.isWatched = persistence != nil
    super.init(value: value)
    persistence?.read = { [weak self] in self?.value }
  }

  /// After a write to ``value``: counted, and handed on only when something watches it.
  @inlinable
  func afterWrite() {
    #if DEBUG
      if !MainQueue.isCurrent { reportWriteOffMainActor() }
    #endif
    version &+= 1
    SharedChecks.writes &+= 1
    if isWatched { afterChange() }
  }

  /// Whether a write off the main actor was reported (once per value).
  @exclusivity(unchecked) nonisolated(unsafe) var reportedWriteOffMainActor = false

  /// A write ran off the main actor (debug builds check every write): a data race on the
  /// value, which every holder reads on the main thread. Reported once per value.
  @usableFromInline
  func reportWriteOffMainActor() {
    guard !reportedWriteOffMainActor else { return }
    reportedWriteOffMainActor = true
    reportRuntimeWarning(
      """
      The shared value \(key) was written off the main actor: a data race with every holder, \
      which reads it on the main thread.

      To fix, write it where reducers and views run: in a reducer, or on the main actor \
      (`await MainActor.run { … }` in an effect).
      """)
  }

  /// What a change does beyond counting it, once something watches the value (``isWatched``):
  /// saves it and asks for its observers to be checked.
  @inlinable
  func afterChange() {
    persistence?.didChange()
    if observed != nil || rows != nil { scheduleChecks() }
  }

  /// Asks for this slot's observers to be checked once the current send is over.
  @usableFromInline
  func scheduleChecks() {
    SharedChecks.schedule(self)
  }

  /// Tells the observers of what changed: the whole value, its members, its elements.
  func checkObservers() {
    var waits = false
    if let observed, observed.isWaiting { waits = observed.check(value) }
    if let checkRows { waits = checkRows() || waits }
    // NB: Nothing waits any more (every observer was told): a write is back to counting
    // itself, until something reads again.
    isWatched = persistence != nil || waits
  }

  /// The table of what views read, made on the first read.
  @usableFromInline
  func observedValues() -> ObservedValues<Value> {
    if let observed { return observed }
    let made = ObservedValues<Value>()
    observed = made
    return made
  }

  /// The whole value was read: its observers are told after the next change.
  @inlinable
  func observeWhole() {
    isWatched = true
    _ = observedValues().registerEveryChange()
  }

  /// A member was read, whose observers saw `seen`: they are told after a change that left it
  /// different.
  @usableFromInline
  func observe<Member>(_ member: KeyPath<Value, Member>, seen: Member) {
    isWatched = true
    _ = observedValues().register(
      member, subject: self, tracked: { (\SharedSlot<Value>.value).appending(path: member) },
      read: { { $0[keyPath: member] } }, seen: seen)
  }
}

/// A slot, whatever its value's type: what a registry keeps and logs.
package protocol AnySharedSlot: AnyObject, Sendable {
  var keyDescription: String { get }
  func checkObservers()
  func flush() throws(SharedStorageError)
  /// The value now, type-erased, for a test store's comparison.
  var anyValue: any Sendable { get }
  /// How many times the value changed.
  var changeCount: Int { get }
  /// The key's id, which an encoded value carries.
  var keyID: String { get }
  /// Whether two values of the slot's type are equal (`false` when not `Equatable`).
  func isEqual(_ lhs: Any, _ rhs: Any) -> Bool
}

extension SharedSlot: AnySharedSlot {
  package var keyDescription: String { key.description }
  package func flush() throws(SharedStorageError) { try persistence?.flush() }
  package var anyValue: any Sendable { value }
  package var changeCount: Int { version }
  package var keyID: String { key.id }
  package func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? Value, let rhs = rhs as? Value else { return false }
    return duplicateCheck(for: Value.self)(lhs, rhs)
  }
}
