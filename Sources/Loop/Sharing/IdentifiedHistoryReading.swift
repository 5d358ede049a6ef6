/// A collection that can say which ids changed since one of its versions: what lets a shared
/// collection tell the observers of one element (derived by id) only when that element was
/// touched, in O(changed), instead of comparing every observer after every change.
protocol IdentifiedHistoryReading {
  /// The version of the contents (see `IdentifiedArrayHistory`: equal versions, equal
  /// contents).
  var historyVersion: Int { get }
  /// Calls `body` with each id edited, inserted or removed since version `earlier`, and returns
  /// `true`; or returns `false`, calling nothing, when there is no path back to it.
  func forEachID(touchedSince earlier: Int, _ body: (AnyHashable) -> Void) -> Bool
}

extension IdentifiedArray: IdentifiedHistoryReading {
  var historyVersion: Int { version }

  func forEachID(touchedSince earlier: Int, _ body: (AnyHashable) -> Void) -> Bool {
    history.forEachID(touchedSince: earlier) { body(AnyHashable($0)) }
  }
}
