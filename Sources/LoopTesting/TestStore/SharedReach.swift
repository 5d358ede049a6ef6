import Loop

/// Whether a state holds a shared value whole — so an assertion closure can set it through the
/// state — or only through something the test holds: what a failure's "To fix" says.
///
/// ```swift
/// SharedReach.holds(state, slot: id)   // `$0.records` can be set in the closure
/// ```
enum SharedReach {
  /// Whether `value` holds, at any depth, a ``Shared`` that is the whole of `slot`.
  static func holds(_ value: Any, slot: ObjectIdentifier) -> Bool {
    holds(value, slot: slot, depth: 0)
  }

  private static func holds(_ value: Any, slot: ObjectIdentifier, depth: Int) -> Bool {
    if let shared = value as? any SharedValueIdentifying, shared.wholeSlotID == slot {
      return true
    }
    // NB: Deep enough for any screen's state; a bound, so a cycle through a class ends.
    guard depth < 32 else { return false }
    return Mirror(reflecting: value).children.contains {
      holds($0.value, slot: slot, depth: depth + 1)
    }
  }
}
