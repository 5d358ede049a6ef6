/// A check that a scoped store or a collection's row stores ask their root store to run after
/// its next processed send (see `RootCore.scopeChecks`). It returns whether its observers still
/// wait: the root then keeps it for the send after, so a check that waits across many sends is
/// asked for once, not made again after each (an allocation per send per observed store).
///
/// A struct around the closure, not the closure itself: an array keeps a bare closure at the
/// most general abstraction, so each append of one wrapped it in a new thunk (an allocation per
/// check asked for, and an extra call to run it). A closure stored in a struct's field is kept
/// as it is.
@usableFromInline
struct ScopeCheck {
  /// Runs the check; returns whether to run it again after the next send.
  @usableFromInline let run: @MainActor () -> Bool

  @inlinable
  init(_ run: @escaping @MainActor () -> Bool) {
    self.run = run
  }
}
