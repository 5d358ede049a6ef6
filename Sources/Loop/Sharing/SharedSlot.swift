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
  @usableFromInline let registrar = ObservationRegistrar()
  /// The members views read, checked after each change (see `FieldObservation`); made on the
  /// first such read.
  @usableFromInline nonisolated(unsafe) var observation: FieldObservation<Value>?
  /// Whether the whole value was read since its observers were last told (as a root store's
  /// `state`): a change tells them only then.
  @exclusivity(unchecked) @usableFromInline var wasRead = false
  /// For a collection: the members observed of one element, by the element's id — checked
  /// only when the collection's history says the element was touched.
  @usableFromInline nonisolated(unsafe) var observationByID:
    [AnyHashable: FieldObservation<Value>] = [:]
  /// The collection's version when the observers by id were last checked.
  nonisolated(unsafe) var checkedVersion: Int?
  /// How many times the value changed.
  @exclusivity(unchecked) @usableFromInline var version = 0
  /// Whether something watches the value (a file, observers), so that a write must do more
  /// than count itself (``afterChange()``).
  @exclusivity(unchecked) @usableFromInline var isWatched: Bool

  init(
    key: SharedKey<Value>, value: Value, persistence: SharedPersistence<Value>?
  ) {
    self.key = key
    self.persistence = persistence
    self.isWatched = persistence != nil
    super.init(value: value)
    persistence?.read = { [weak self] in self?.value }
  }

  /// After a write to ``value``: counted, and handed on only when something watches it.
  @inlinable
  func afterWrite() {
    version &+= 1
    if isWatched { afterChange() }
  }

  /// What a change does beyond counting it, once something watches the value (``isWatched``):
  /// saves it and asks for its observers to be checked.
  @inlinable
  func afterChange() {
    persistence?.didChange()
    if wasRead || observation != nil || !observationByID.isEmpty { scheduleChecks() }
  }

  /// Asks for this slot's observers to be checked once the current send is over.
  @usableFromInline
  func scheduleChecks() {
    SharedChecks.schedule(self)
  }

  /// Tells the observers of the whole value, and those of the members that changed.
  func checkObservers() {
    if wasRead {
      wasRead = false
      registrar.withMutation(of: self, keyPath: \.version) {}
    }
    MainActor.assumeIsolated {
      if let observation { _ = observation.check(value) }
      if !observationByID.isEmpty { checkObserversByID() }
      // NB: Nothing waits any more (every observer was told): a write is back to counting
      // itself, until something reads again.
      isWatched =
        persistence != nil || wasRead || observation?.waiting.isEmpty == false
        || observationByID.values.contains { !$0.waiting.isEmpty }
    }
  }

  /// Checks the observers of the elements the collection's history says were touched, or of
  /// all when it has no path back (an older copy restored, a new collection, more steps than
  /// it keeps): the plain way.
  @MainActor
  private func checkObserversByID() {
    let history = value as? any IdentifiedHistoryReading
    let told =
      if let history, let checkedVersion {
        history.forEachID(touchedSince: checkedVersion) { id in
          _ = observationByID[id]?.check(value)
        }
      } else {
        false
      }
    if !told {
      for observation in observationByID.values { _ = observation.check(value) }
    }
    checkedVersion = history?.historyVersion
  }

  /// The whole value was read: its observers are told after the next change.
  @inlinable
  func observeWhole() {
    wasRead = true
    isWatched = true
    registrar.access(self, keyPath: \.version)
  }

  /// A member was read, whose observers saw `seen`: they are told after a change that left it
  /// different.
  @usableFromInline
  func observe<Member>(_ member: KeyPath<Value, Member>, seen: Member, id: AnyHashable? = nil) {
    // NB: Main thread only (see the type's comment): nothing here crosses to another thread.
    nonisolated(unsafe) let member = member
    nonisolated(unsafe) let seen = seen
    nonisolated(unsafe) let id = id
    isWatched = true
    MainActor.assumeIsolated {
      let observation: FieldObservation<Value>
      if let id, let history = value as? any IdentifiedHistoryReading {
        // NB: A member of one element: checked when the history names the element.
        if observationByID.isEmpty, checkedVersion == nil {
          checkedVersion = history.historyVersion
        }
        observation = observationByID[id] ?? FieldObservation<Value>()
        observationByID[id] = observation
      } else {
        observation = self.observation ?? FieldObservation<Value>()
        self.observation = observation
      }
      _ = observation.register(
        member, subject: self, registrar: registrar,
        tracked: { (\SharedSlot<Value>.value).appending(path: member) },
        read: { { $0[keyPath: member] } }, seen: seen)
    }
  }
}

/// A value kept in memory of its own, at one address for the cell's life, so that a write can
/// yield it through a pointer without holding the cell (see `Shared.wrappedValue`): a slot's
/// value, or the copy a write into a test's overlay or through a derivation works on
/// (`SharedWriteCell`).
@usableFromInline
class SharedCell<Value: Sendable>: @unchecked Sendable {
  // NB: @unchecked: main thread only, as every shared value.
  @usableFromInline final let place: UnsafeMutablePointer<Value>
  /// The value, in ``place``.
  @inlinable
  final var value: Value {
    get { place.pointee }
    _modify { yield &place.pointee }
    set { place.pointee = newValue }
  }

  @usableFromInline
  init(value: Value) {
    place = .allocate(capacity: 1)
    place.initialize(to: value)
  }

  deinit {
    place.deinitialize(count: 1)
    place.deallocate()
  }
}

/// A write that is not in place: into a test's overlay, or through a derivation. It works on
/// a copy of the value, and sets it where it belongs after the write.
@usableFromInline
final class SharedWriteCell<Value: Sendable>: SharedCell<Value>, @unchecked Sendable {
  let shared: Shared<Value>

  @usableFromInline
  init(_ shared: Shared<Value>) {
    self.shared = shared
    super.init(value: shared.currentValue)
  }

  /// After the write: sets the value where it belongs.
  @usableFromInline
  func didWrite() {
    shared.set(value)
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

/// The slots whose observers must be checked once the current send is over: run by the
/// store after every send, and by a main-queue job for a change made outside a send.
@usableFromInline
enum SharedChecks {
  // NB: Main thread only. A plain `Bool`, initialised statically: the store reads it after
  // every send, and it must cost one load.
  @usableFromInline nonisolated(unsafe) static var isPending = false
  nonisolated(unsafe) static var slots: [any AnySharedSlot] = []

  static func schedule(_ slot: any AnySharedSlot) {
    if !slots.contains(where: { $0 === slot }) { slots.append(slot) }
    guard !isPending else { return }
    isPending = true
    // NB: A change made outside any send (an effect that writes directly) is told on the main
    // queue's next turn; inside a send, the store runs the checks first.
    DispatchQueue.main.async { run() }
  }

  @usableFromInline
  static func run() {
    guard isPending else { return }
    isPending = false
    let pending = slots
    slots.removeAll()
    for slot in pending { slot.checkObservers() }
  }
}
