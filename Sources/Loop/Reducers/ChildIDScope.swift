/// The child features an effect belongs to, innermost first: what makes the cancellation ids
/// a child uses its own.
///
/// As in TCA, an id a child feature uses — `.cancellable(id:)`, `.cancel(id:)`, a throttle's or
/// a debounce's id — names that child's effects only: row 2 of a `forEach` starting
/// `.cancellable(id: TimerID(), cancelInFlight: true)` does not cancel row 1's timer, and a
/// screen's `.cancel(id:)` leaves its sibling screens alone. The parent's ids are its own.
///
/// `Effect.tiedToChild(_:)` rewrites the ids an effect names as it leaves the child (its tags,
/// its `.cancel`s, and the scopes of its own children's lifetimes), once per level of nesting.
/// Ids an effect names only while it runs (a later part of `.concatenate`, a throttle's window)
/// are rewritten then, through ``current``, which the effect's task carries.
///
/// A class, so the task-local that carries it holds no function (optimised builds crash binding
/// one, Swift 6.3.1 on Linux), and a `Run` holds one reference.
@usableFromInline
final class ChildIDScope: Sendable {
  /// The child, at this level.
  let lifetime: ChildLifetimeID
  /// The children inside it that the effect came through first.
  let inner: ChildIDScope?

  @usableFromInline
  init(_ lifetime: ChildLifetimeID, inner: ChildIDScope? = nil) {
    self.lifetime = lifetime
    self.inner = inner
  }

  /// The children of the effect running in this task, if it came from a child feature.
  @TaskLocal static var current: ChildIDScope?

  /// `key`, as the children of this scope own it.
  func scoped(_ key: AnyHashable) -> AnyHashable {
    AnyHashable(ScopedKey(child: lifetime, key: inner?.scoped(key) ?? key))
  }

  /// `id`, as the children of this scope own it.
  func scoped(_ id: EffectID) -> EffectID {
    EffectID(ScopedKey(child: lifetime, key: inner?.scoped(id.base) ?? id.base))
  }

  /// A tag of this scope's children: its id scoped, and a lifetime's scope too.
  func scoped(_ tag: CancellationTag) -> CancellationTag {
    guard !tag.marksOutlivingChild else { return tag }
    if let lifetime = tag.lifetime {
      return CancellationTag(
        lifetime: ChildLifetimeID(scope: scoped(lifetime.scope), child: lifetime.child))
    }
    var tag = tag
    tag.id = scoped(tag.id)
    return tag
  }

  /// The removal of the children of one of this scope's children.
  func scoped(_ removed: RemovedChildren) -> RemovedChildren {
    RemovedChildren(scope: scoped(removed.scope), removed: removed.removed)
  }
}

/// A key owned by one child: its lifetime and the key as the child named it.
private struct ScopedKey: Hashable, @unchecked Sendable {
  // NB: @unchecked: both parts are made from `Sendable` values (see `ChildLifetimeID`).
  let child: ChildLifetimeID
  let key: AnyHashable
}

extension ChildIDScope {
  /// `id` as the effect running in this task owns it: scoped to its children, if any.
  static func scopedByCurrent(_ id: EffectID) -> EffectID {
    current?.scoped(id) ?? id
  }

  /// This scope with `inner`'s levels inside its innermost one: the scope of an effect whose
  /// ids were made `inner`'s, running inside an effect of this scope.
  func wrapping(_ inner: ChildIDScope) -> ChildIDScope {
    ChildIDScope(lifetime, inner: self.inner?.wrapping(inner) ?? inner)
  }
}
