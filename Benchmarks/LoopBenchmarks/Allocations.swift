// NB: The same C sources are the `AllocationCounter` target in Loop's package and the
// `OutsideAllocationCounter` target in Benchmarks/Outside (target names are unique across a
// package graph).
#if canImport(AllocationCounter)
  import AllocationCounter
#else
  import OutsideAllocationCounter
#endif

/// The process's heap allocations so far, counted by the AllocationCounter target (which
/// replaces `malloc` and friends on glibc).
struct Allocations {
  var count: Int
  var bytes: Int

  /// Whether allocations are counted on this platform.
  static var isCounted: Bool { allocation_counter_is_active() != 0 }

  /// Bytes of the heap in use now, or `nil` where allocations are not counted.
  static var inUse: Int? {
    let bytes = allocation_counter_in_use()
    return bytes < 0 ? nil : bytes
  }

  static var now: Allocations {
    Allocations(count: allocation_counter_count(), bytes: allocation_counter_bytes())
  }

  static func - (lhs: Self, rhs: Self) -> Self {
    Allocations(count: lhs.count - rhs.count, bytes: lhs.bytes - rhs.bytes)
  }
}
