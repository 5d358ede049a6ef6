import Dispatch

extension Duration {
  /// This duration for Dispatch, to the nanosecond: how long a save waits.
  var dispatchInterval: DispatchTimeInterval {
    // NB: Read through `components`, as old as `Duration` itself: the `attoseconds` property
    // is newer than Loop's platform floor.
    let (seconds, fraction) = components
    return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(fraction / 1_000_000_000))
  }
}
