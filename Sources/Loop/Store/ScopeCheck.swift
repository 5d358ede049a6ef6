/// A check that a scoped store or a collection's row stores ask their root store to run after
/// its next processed send (see `RootCore.scopeChecks`).
///
/// A struct around the closure, not the closure itself: an array keeps a bare closure at the
/// most general abstraction, so each append of one wrapped it in a new thunk (an allocation per
/// check asked for, and an extra call to run it). A closure stored in a struct's field is kept
/// as it is.
@usableFromInline
struct ScopeCheck {
  @usableFromInline let run: @MainActor () -> Void

  @inlinable
  init(_ run: @escaping @MainActor () -> Void) {
    self.run = run
  }
}
