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
