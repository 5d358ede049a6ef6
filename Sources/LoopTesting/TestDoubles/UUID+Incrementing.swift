import Foundation

extension UUID {
  /// A UUID whose last digits are `value`, as TCA's tests write them: `UUID(0)` is
  /// `00000000-0000-0000-0000-000000000000`, `UUID(1)` ends in `…000000000001`.
  ///
  /// ```swift
  /// #expect(store.state.todos.ids == [UUID(0), UUID(1)])
  /// ```
  public init(_ value: Int) {
    let value = UInt64(truncatingIfNeeded: value)
    func byte(_ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> (8 * index)) }
    // NB: The last six bytes (twelve hex digits) hold the value, as in TCA's `UUID(_:)`.
    self.init(
      uuid: (
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, byte(5), byte(4), byte(3), byte(2), byte(1), byte(0)
      ))
  }

  /// A generator of ``init(_:)`` UUIDs in order — `UUID(0)`, `UUID(1)`, … — for an
  /// environment's `uuid` endpoint: TCA's `UUIDGenerator.incrementing`.
  ///
  /// ```swift
  /// let environment = Todos.Environment(uuid: UUID.incrementing())
  /// ```
  public static func incrementing() -> @Sendable () -> UUID {
    let next = LockIsolated(0)
    return {
      UUID(
        next.withValue { value in
          defer { value += 1 }
          return value
        })
    }
  }
}
