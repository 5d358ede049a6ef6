/// How a cached part store checks the routing a later `scope(state:action:)` call gives it.
///
/// A part's store is cached by its key path and action type (`Store.cachedPart`), so asking again
/// for it gives the same object, as a child store's does, and it routes as the first call said
/// (as `scope(forEach:action:)`'s row stores do). Routings are closures, which Swift cannot
/// compare (not even by their bits: a closure passed through generic code is wrapped anew each
/// time); so a routing given again is checked when the store next sends: the action is embedded
/// by both, and if the two parent actions differ, two routings of one state were given — a
/// runtime warning says so, once.
@MainActor
@usableFromInline
final class PartRouting<ChildAction, Action> {
  /// A routing given by a later call, not yet compared with the store's own.
  @usableFromInline var offered: ((ChildAction) -> Action)?
  /// Whether `offered` holds one: the one thing a send reads here.
  @exclusivity(unchecked) @usableFromInline var isOffered = false
  /// Whether this part warned of a second routing.
  @usableFromInline var hasWarned = false

  @inlinable
  init() {}

  /// A later `scope` call gave `embed`: compared with the store's own at its next send.
  @inlinable
  func offer(_ embed: @escaping (ChildAction) -> Action) {
    guard !hasWarned else { return }
    offered = embed
    isOffered = true
  }

  /// Compares the routing offered with the store's own, `embed`, on `action`: warns, once, if
  /// they send it to different actions.
  @usableFromInline
  func check(_ embed: (ChildAction) -> Action, on action: ChildAction) {
    isOffered = false
    guard let offered, !hasWarned else { return }
    self.offered = nil
    let (routed, other) = (embed(action), offered(action))
    guard String(reflecting: routed) != String(reflecting: other) else { return }
    hasWarned = true
    reportRuntimeWarning(
      """
      A part's store was asked for with two routings: \(action) goes to \(routed), and another \
      call routes it to \(other).

      `scope(state:action:)` gives one store per key path and action type, which routes as the \
      first call said. To fix, route each part one way, or give each routing a state of its own \
      (a key path per destination).
      """)
  }
}
