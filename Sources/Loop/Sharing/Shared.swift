/// One value that many features hold: an edit through any of them is seen through all of
/// them, at once — no copy kept in step by hand, no delegate action to sync it.
///
/// ```swift
/// struct List: Equatable {
///   var records = Shared(wrappedValue: [], .file(url))   // IdentifiedArrayOf<Record>, saved
/// }
/// struct Detail: Equatable {
///   var record: Shared<Record>                              // one of them, derived by id
/// }
/// // the list, presenting a record:
/// state.detail = Detail(record: state.records[id: id]!)   // `records[id:]` is nil if absent
/// // the detail, editing it — the list's `records` has the edit too:
/// state.record.title = "Groceries"
/// ```
///
/// A `Shared` is made with a ``SharedKey`` — where the value lives: ``SharedKey/inMemory(_:)``
/// or ``SharedKey/file(_:saveDelay:)`` — and the value it starts from when there is none yet.
/// Two made with equal keys are one value, across features and stores.
///
/// In the state it behaves as a value where Loop's tools look at it:
/// - **Tests**: a test store's assertion closure asserts a shared value like any field
///   (`$0.records.append(record)`), exhaustively: a change nobody asserted fails with the
///   usual diff. The closure works on a copy of the value as it was before the action, so
///   writing in it never changes the real value.
/// - **Each test has its own values**, in memory, even for a file key: tests run in parallel
///   without seeing each other's, and never touch the disk nor wait for a save.
/// - **Recording and replay**: a recorded state holds the value (and its key), so a replay
///   starts from it and checks it.
/// - **Observation**: a view reading a member (`store.records.count`, `detail.record.title`)
///   is told when that member changed, once per send; reading `wrappedValue` observes the
///   whole value.
///
/// A shared value is read and changed on the main thread, where reducers, views and the test
/// store run.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  @usableFromInline let storage: Storage

  /// Where the value is: a slot of its own key, or a part of another shared value.
  @usableFromInline
  enum Storage: Sendable {
    case root(SharedSlot<Value>)
    case derived(any SharedDerivation<Value>)

    // NB: Methods on the enum, whose `self` is borrowed: a `switch` on `Shared.storage` would
    // retain the slot, and a retain and release were most of a shared write's cost.

    /// Where a write through `shared` goes: the slot's value, in place (no cell), or the
    /// value of a cell to hand on after the write.
    @inlinable
    func writePlace(
      of shared: Shared<Value>
    ) -> (UnsafeMutablePointer<Value>, SharedWriteCell<Value>?) {
      // NB: An app's slot never asks the seam here: a call made while the slot is in hand
      // retains it (a slot is weakly referenced, so its count is in a side table, and a
      // retain and release there cost more than the write).
      if case let .root(slot) = self, !slot.checksOverlay { return (slot.place, nil) }
      return writePlaceAskingSeam(of: shared)
    }

    /// `writePlace(of:)` for a slot a test's overlay may hold, or a derivation.
    @usableFromInline
    func writePlaceAskingSeam(
      of shared: Shared<Value>
    ) -> (UnsafeMutablePointer<Value>, SharedWriteCell<Value>?) {
      if TestSeam.overlay == nil, case let .root(slot) = self { return (slot.place, nil) }
      let cell = shared.writeCell()
      return (cell.place, cell)
    }

    /// After a write in place: the slot counts it (see `SharedSlot.afterWrite()`).
    @inlinable
    func afterWriteInPlace() {
      if case let .root(slot) = self { slot.afterWrite() }
    }
  }

  @usableFromInline
  init(storage: Storage) {
    self.storage = storage
  }

  /// The shared value of `key`, or, when there is none yet in this process (or this test),
  /// one starting from `value` — for a file key outside tests, from the file when there is
  /// one.
  public init(wrappedValue value: @autoclosure () -> Value, _ key: SharedKey<Value>) {
    storage = .root(SharedRegistry.current().slot(for: key, default: value))
  }

  /// The shared value of `key`, or, when there is none yet, one starting from the key's
  /// default (``DefaultedSharedKey``).
  ///
  /// ```swift
  /// @Shared(.launchCount) var launchCount   // extension DefaultedSharedKey<Int> { static var launchCount … }
  /// ```
  public init(_ key: DefaultedSharedKey<Value>) {
    storage = .root(SharedRegistry.current().slot(for: key.key, default: key.defaultValue))
  }

  /// The shared value of `key`, or, when there is none yet, one starting from `value` (which
  /// wins over the key's own default).
  public init(wrappedValue value: @autoclosure () -> Value, _ key: DefaultedSharedKey<Value>) {
    storage = .root(SharedRegistry.current().slot(for: key.key, default: value))
  }

  /// A key with no default needs one on the declaration.
  @available(
    *, unavailable,
    message:
      "a shared value needs a value to start from: write one (`@Shared(key) var value = 0`), or give the key a default (`DefaultedSharedKey`, `.inMemory(\"name\", default: 0)`)"
  )
  public init(_ key: SharedKey<Value>) {
    fatalError()
  }

  /// A shared value of its own, under no key: whoever is handed it (or a `$` of it) shares
  /// it; nobody else can find it. swift-sharing's `Shared(value:)`.
  ///
  /// ```swift
  /// let signUp = Shared(value: SignUpData())   // one per flow
  /// state.topics = TopicsFeature.State(signUpData: signUp)
  /// ```
  ///
  /// It is the current test's in a test, as every shared value is, so a test store checks it.
  public init(value: Value) {
    storage = .root(SharedRegistry.current().slot(for: .ownValue(), default: { value }))
  }

  /// Changes the value in `body`, for every holder, and returns what `body` returns: the
  /// spelling of swift-sharing's, for a line-for-line port. A shared value is read and
  /// changed on the main thread, so no other lock is taken.
  ///
  /// ```swift
  /// state.$count.withLock { $0 += 1 }
  /// ```
  @discardableResult
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try body(&wrappedValue)
  }

  /// The shared value itself, as `$records` names it where `records` is declared
  /// `@Shared(…) var records`: to derive an element (`$records[id: id]`), or to hand it on.
  public var projectedValue: Shared<Value> { self }

  /// The shared value the property wrapper holds: `@Shared var record: Record`, given one.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The value. Reading it observes the whole value; writing it changes it for every holder.
  @inlinable
  public var wrappedValue: Value {
    get {
      switch storage {
      case let .root(slot):
        slot.observeWhole()
        return SharedOverlay.value(of: slot)
      case let .derived(derivation):
        return derivation.observedValue()
      }
    }
    nonmutating _modify {
      // NB: One yield, and a frame of a pointer and an optional reference, so Swift inlines
      // the accessor and need not allocate its frame per write (see `SharedCell`). A write in
      // place holds no reference at all: `self` keeps the slot alive for the whole access.
      let (place, cell) = storage.writePlace(of: self)
      yield &place.pointee
      if let cell { cell.didWrite() } else { storage.afterWriteInPlace() }
    }
  }

  /// A cell that sets the value where it belongs after a write: a test's overlay, or a
  /// derivation.
  @usableFromInline
  func writeCell() -> SharedWriteCell<Value> {
    SharedWriteCell(self)
  }

  /// Writes `value`: into the test overlay, or through a derivation.
  @usableFromInline
  func set(_ value: Value) {
    switch storage {
    case let .root(slot):
      if slot.checksOverlay, let overlay = TestSeam.overlay {
        overlay.set(value, of: slot)
      } else {
        slot.value = value
        slot.afterWrite()
      }
    case let .derived(derivation):
      derivation.set(value)
    }
  }

  /// A member of the value: reading it observes that member alone.
  @inlinable
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
    let member = currentValue[keyPath: keyPath]
    observe(keyPath, seen: member)
    return member
  }

  /// A member of the value, to read (observing it alone) or change.
  @inlinable
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Member {
    get {
      let member = currentValue[keyPath: keyPath]
      observe(keyPath, seen: member)
      return member
    }
    nonmutating _modify {
      yield &wrappedValue[keyPath: keyPath]
    }
  }

  /// The value, read without observing it.
  @inlinable
  var currentValue: Value {
    switch storage {
    case let .root(slot): SharedOverlay.value(of: slot)
    case let .derived(derivation): derivation.value
    }
  }

  /// Registers interest in `member`, whose observers saw `seen`.
  @inlinable
  func observe<Member>(_ member: KeyPath<Value, Member>, seen: Member) {
    switch storage {
    case let .root(slot): slot.observe(member, seen: seen)
    case let .derived(derivation):
      // NB: An element of a slot's collection registers in its own table, here, specialised
      // for the app's types; what the observer is compared with later is the member as the
      // collection has it now (none, once the element is gone), not the value this shows.
      let registered = derivation.registerInOwnTable { table, element in
        table.registerMember(member, of: element)
      }
      if !registered { derivation.observe(member, seen: seen) }
    }
  }

  /// The key id of the slot the value lives in, at the root of any derivation.
  var rootKeyID: String {
    switch storage {
    case let .root(slot): slot.keyID
    case let .derived(derivation): derivation.rootKeyID
    }
  }
}

extension Shared {
  /// Writes the value's file now, if it has a change not yet saved, and returns once it is on
  /// disk; nothing for a value in memory.
  public func flush() throws(SharedStorageError) {
    switch storage {
    case let .root(slot): try slot.flush()
    case let .derived(derivation): try derivation.flushRoot()
    }
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Whether the two values are equal, as they are now.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.currentValue == rhs.currentValue
  }
}

/// A shared value seen through `Any`: which slot it is the whole of, for a test store looking
/// for a value in a state.
package protocol SharedValueIdentifying {
  /// The slot this value is the whole of; `nil` for a part of another (a derived element or
  /// member).
  var wholeSlotID: ObjectIdentifier? { get }
}

extension Shared: SharedValueIdentifying {
  package var wholeSlotID: ObjectIdentifier? {
    if case let .root(slot) = storage { ObjectIdentifier(slot) } else { nil }
  }
}

extension Shared: CustomReflectable {
  /// The value's own mirror: a shared value dumps, diffs and prints as its value.
  public var customMirror: Mirror { Mirror(reflecting: currentValue) }
}

extension Shared: CustomStringConvertible {
  public var description: String { "\(currentValue)" }
}

extension Shared {
  /// The element `id` of a shared collection, as a shared value of its own — what a detail
  /// screen holds. `nil` when there is no such element.
  ///
  /// The element is read from the collection each time, and written into it: an edit through
  /// either is seen through both. Once the element is removed from the collection, the derived
  /// value keeps the element as it last was; a change made to it then reaches nothing, and is
  /// reported as a runtime warning.
  @inlinable
  public subscript<ID: Hashable & Sendable, Element: Sendable>(
    id id: ID
  ) -> Shared<Element>? where Value == IdentifiedArray<ID, Element> {
    guard let element = currentValue[id: id] else { return nil }
    let parent = self
    let rows: SharedRows<ID, Element>?
    if case let .root(slot) = storage { rows = slot.elementObservation() } else { rows = nil }
    // NB: Held as a value, not captured `[weak rows]` (see `WeakReference`), and not as an
    // optional one, which each call would copy (a weak reference's copy is an atomic
    // increment and decrement).
    let ownTable: ((ObservedValues<Element?>, Element?) -> Bool) -> Bool
    if let rows {
      let weakRows = WeakReference(rows)
      ownTable = { register in weakRows.object?.registerInTable(of: id, register) ?? false }
    } else {
      ownTable = { _ in false }
    }
    return Shared<Element>(
      storage: .derived(
        SharedElement(
          parent: self, id: id, last: element, elementNow: { parent.currentValue[id: id] },
          ownTable: ownTable)))
  }
}

extension Shared {
  /// A member of the value as a shared value of its own, read from the value each time and
  /// written into it — swift-sharing's `$signUpData.topics`, for a screen that holds one field
  /// of a shared value.
  ///
  /// ```swift
  /// TopicsFeature.State(topics: state.$signUpData.topics)   // a Shared<[String]>
  /// ```
  ///
  /// Where the context asks for no `Shared` (`let topics = $signUpData.topics`), the member's
  /// value is read instead, as before.
  @_disfavoredOverload
  public subscript<Member: Sendable>(
    dynamicMember keyPath: WritableKeyPath<Value, Member> & Sendable
  ) -> Shared<Member> {
    Shared<Member>(storage: .derived(SharedMember(parent: self, keyPath: keyPath)))
  }
}
