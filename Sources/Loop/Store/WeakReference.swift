/// An object held weakly, as a value: what a closure on a hot path captures instead of
/// `[weak object]`.
///
/// ```swift
/// let cache = WeakReference(cache)
/// scheduledCheck = { cache.object?.check() }
/// ```
///
/// A `[weak object]` capture is a mutable box beside the closure's context: one more
/// allocation when the closure is made, and Swift's dynamic exclusivity check on every read of
/// it (`swift_beginAccess`, about 80 instructions). A `let` holding this struct is captured by
/// value, in the context itself, and read without either.
@usableFromInline
package struct WeakReference<Object: AnyObject> {
  /// The object, while something else keeps it alive.
  @usableFromInline package weak var object: Object?

  @inlinable
  package init(_ object: Object) { self.object = object }
}

extension WeakReference: Sendable where Object: Sendable {}
