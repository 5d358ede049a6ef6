/// While a test store runs an assertion closure: the values its shared values have there — as
/// they were before the action, changed only by the closure — so that the closure works on a
/// copy and never changes a real value.
@usableFromInline
package final class SharedOverlay {

  private var values: [ObjectIdentifier: Any]

  /// An overlay in which each shared value is as `snapshot` has it.
  package init(_ snapshot: [ObjectIdentifier: SharedSnapshot]) {
    self.values = snapshot.mapValues(\.value)
  }

  /// Runs `body` with this overlay in place: the shared values it reads and writes are this
  /// overlay's.
  package func apply<Result>(_ body: () -> Result) -> Result {
    guard let seam = TestSeam.installed else { return body() }
    let outer = seam.sharedOverlay
    seam.sharedOverlay = self
    defer { seam.sharedOverlay = outer }
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
    guard slot.checksOverlay, let overlay = TestSeam.overlay else { return slot.value }
    return overlay.value(of: slot)
  }
}
