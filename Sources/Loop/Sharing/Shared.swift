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
    case derived(SharedDerivation<Value>)

    // NB: Methods on the enum, whose `self` is borrowed: a `switch` on `Shared.storage` would
    // retain the slot, and a retain and release were most of a shared write's cost.

    /// Where a write through `shared` goes: the slot's value, in place (no cell), or the
    /// value of a cell to hand on after the write.
    @inlinable
    func writePlace(
      of shared: Shared<Value>
    ) -> (UnsafeMutablePointer<Value>, SharedWriteCell<Value>?) {
      if case let .root(slot) = self, SharedOverlay.current == nil { return (slot.place, nil) }
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
      if let overlay = SharedOverlay.current {
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
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
    let member = currentValue[keyPath: keyPath]
    observe(keyPath, seen: member)
    return member
  }

  /// A member of the value, to read (observing it alone) or change.
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
  func observe<Member>(_ member: KeyPath<Value, Member>, seen: Member) {
    switch storage {
    case let .root(slot): slot.observe(member, seen: seen)
    case let .derived(derivation): derivation.observe(member, seen: seen)
    }
  }

  /// The slot the value lives in, at the root of any derivation.
  var rootSlot: any AnySharedSlot {
    switch storage {
    case let .root(slot): slot
    case let .derived(derivation): derivation.rootSlot
    }
  }
}

extension Shared {
  /// Writes the value's file now, if it has a change not yet saved, and returns once it is on
  /// disk; nothing for a value in memory.
  public func flush() throws(SharedStorageError) {
    try rootSlot.flush()
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
  public subscript<ID: Hashable & Sendable, Element: Sendable>(
    id id: ID
  ) -> Shared<Element>? where Value == IdentifiedArray<ID, Element> {
    guard let element = currentValue[id: id] else { return nil }
    return Shared<Element>(storage: .derived(SharedElement(parent: self, id: id, last: element)))
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

/// A shared value that is a part of another: how it reads, writes and observes through it.
@usableFromInline
class SharedDerivation<Value: Sendable>: @unchecked Sendable {
  // NB: @unchecked: main thread only, as every shared value.
  /// The value now (or as it last was, once the part is gone), not observed.
  @usableFromInline var value: Value { preconditionFailure("a derivation reads its value") }
  /// The value now, observed whole.
  @usableFromInline func observedValue() -> Value {
    preconditionFailure("a derivation reads its value")
  }
  /// Writes `value` into the part.
  @usableFromInline func set(_ value: Value) {
    preconditionFailure("a derivation writes its value")
  }
  /// Registers interest in a member of the part.
  func observe<Member>(_ member: KeyPath<Value, Member>, seen: Member) {
    preconditionFailure("a derivation observes its value")
  }
  var rootSlot: any AnySharedSlot { preconditionFailure("a derivation has a root") }
}

/// One element of a shared collection, by id.
final class SharedElement<ID: Hashable & Sendable, Element: Sendable>: SharedDerivation<Element>,
  @unchecked Sendable
{
  let parent: Shared<IdentifiedArray<ID, Element>>
  let id: ID
  /// The element as it last was: what the value is once the element is gone.
  var last: Element

  init(parent: Shared<IdentifiedArray<ID, Element>>, id: ID, last: Element) {
    self.parent = parent
    self.id = id
    self.last = last
  }

  override var value: Element {
    if let element = parent.currentValue[id: id] { last = element }
    return last
  }

  override func observedValue() -> Element {
    let element = parent.currentValue[id: id]
    observeElement(\Element.self, seen: element)
    if let element { last = element }
    return last
  }

  override func set(_ value: Element) {
    guard parent.currentValue[id: id] != nil else {
      reportRuntimeWarning(
        """
        A shared element was changed after it was removed from its collection: \(id)

        The change reached nothing. To fix, stop changing the element once it is removed \
        (a screen showing it should close), or add it back first.
        """)
      last = value
      return
    }
    last = value
    parent.wrappedValue[id: id] = value
  }

  override func observe<Member>(_ member: KeyPath<Element, Member>, seen: Member) {
    // NB: What the observer is compared with later is the member as the collection has it
    // now — none, once the element is gone — not the last value this shows.
    observeElement(member, seen: parent.currentValue[id: id].map { $0[keyPath: member] })
  }

  /// Registers interest in `member` of the element, whose observers saw `seen` (`nil`: the
  /// element is gone): in the element's own table when the collection is a slot's whole value,
  /// checked only when the element was touched; else as a member of the collection.
  private func observeElement<Member>(_ member: KeyPath<Element, Member>, seen: Member?) {
    if case let .root(slot) = parent.storage {
      slot.elementObservation().observe(id: id, member: member, seen: seen)
    } else {
      parent.observe(
        (\IdentifiedArray<ID, Element>.[id: id]).appending(
          path: \Element?.[storeFieldMember: member]),
        seen: seen)
    }
  }

  override var rootSlot: any AnySharedSlot { parent.rootSlot }
}

/// A member of a shared value, by key path.
final class SharedMember<Parent: Sendable, Member: Sendable>: SharedDerivation<Member>,
  @unchecked Sendable
{
  let parent: Shared<Parent>
  let keyPath: WritableKeyPath<Parent, Member> & Sendable

  init(parent: Shared<Parent>, keyPath: WritableKeyPath<Parent, Member> & Sendable) {
    self.parent = parent
    self.keyPath = keyPath
  }

  override var value: Member { parent.currentValue[keyPath: keyPath] }

  override func observedValue() -> Member {
    let member = parent.currentValue[keyPath: keyPath]
    parent.observe(keyPath, seen: member)
    return member
  }

  override func set(_ value: Member) {
    parent.wrappedValue[keyPath: keyPath] = value
  }

  override func observe<Part>(_ part: KeyPath<Member, Part>, seen: Part) {
    parent.observe(keyPath.appending(path: part), seen: seen)
  }

  override var rootSlot: any AnySharedSlot { parent.rootSlot }
}

/// While a test store runs an assertion closure: the values its shared values have there — as
/// they were before the action, changed only by the closure — so that the closure works on a
/// copy and never changes a real value.
@usableFromInline
package final class SharedOverlay {
  // NB: Main thread only; set for the span of one synchronous closure.
  @usableFromInline nonisolated(unsafe) static var current: SharedOverlay?

  private var values: [ObjectIdentifier: Any]

  /// An overlay in which each shared value is as `snapshot` has it.
  package init(_ snapshot: [ObjectIdentifier: SharedSnapshot]) {
    self.values = snapshot.mapValues(\.value)
  }

  /// Runs `body` with this overlay in place: the shared values it reads and writes are this
  /// overlay's.
  package func apply<Result>(_ body: () -> Result) -> Result {
    let outer = Self.current
    Self.current = self
    defer { Self.current = outer }
    return body()
  }

  /// The value of `slot` the closure sees: its own, else the value before the action, else
  /// the value now.
  @usableFromInline
  func value<Value>(of slot: SharedSlot<Value>) -> Value {
    values[ObjectIdentifier(slot)] as? Value ?? slot.value
  }

  @usableFromInline
  func set<Value>(_ value: Value, of slot: SharedSlot<Value>) {
    values[ObjectIdentifier(slot)] = value
  }

  /// The value of the slot `id` here, if it has one.
  package func value(ofSlot id: ObjectIdentifier) -> Any? {
    values[id]
  }

  /// The value of `slot`: the overlay's while one is in place, else the slot's.
  @inlinable
  static func value<Value>(of slot: SharedSlot<Value>) -> Value {
    guard let current else { return slot.value }
    return current.value(of: slot)
  }
}
