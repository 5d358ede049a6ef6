/// How a child feature's effects end with the child: the ids they are tagged with, and the
/// operation that ends the effects of children that are gone.
///
/// `Reducer.ifLet(state:action:environment:then:)` and
/// `Reducer.forEach(state:action:environment:element:)` tag each effect a child's reducer
/// returns with a ``ChildLifetimeID`` (the collection's key path and the child's identity).
/// After every action they compare an O(1) mark of the collection before and after — the
/// optional child's identity, the array's version (see `IdentifiedArrayHistory`) — and only when it changed add an
/// `endRemovedChildren` operation, which the store handles like `.cancel(id:)`: it cancels the
/// tagged effects of every child with effects that is no longer there. A cancelled effect's
/// `Send` drops what it sends, so nothing from a gone child reaches the store.
///
/// An effect that must outlive its child says so with ``Effect/outlivingChild()``.
@usableFromInline
struct ChildLifetimeID: Hashable, @unchecked Sendable {
  // NB: @unchecked: both are made from values taken to be `Sendable` (a key path, an id; see
  // `ChildIdentity` for the id), which
  // `AnyHashable` does not say of itself.
  @usableFromInline let scope: AnyHashable
  @usableFromInline let child: AnyHashable

  /// Whether the action being reduced was sent by an effect marked
  /// ``Effect/outlivingChild()``: then a gone child is no misuse to warn about.
  @TaskLocal @usableFromInline static var isOutlivingSend = false

  @usableFromInline
  init(scope: AnyHashable, child: AnyHashable) {
    self.scope = scope
    self.child = child
  }
}

/// The children of one scope that went away during an action: named, or known by the children
/// that are still there.
///
/// A class, so the `Effect` operation that carries it is one reference: an `AnyHashable`
/// stored inline has a size known only at run time, and would make every `Effect` — even
/// `.none` — a type that only value witnesses can copy (see `EffectID`).
@usableFromInline
final class RemovedChildren: @unchecked Sendable {
  // NB: @unchecked: `contains` reads a copy of the parent's collection, whose elements need
  // not be `Sendable`. It only looks up ids (which are), and runs once, on the main actor,
  // while the store handles the effect of the action that made it.
  let scope: AnyHashable
  let removed: Removed

  enum Removed {
    /// These children went.
    case ids([AnyHashable])
    /// Every child not in the collection went.
    case allExcept(contains: (AnyHashable) -> Bool)
  }

  @usableFromInline
  init(scope: AnyHashable, ids: [AnyHashable]) {
    self.scope = scope
    self.removed = .ids(ids)
  }

  @usableFromInline
  init(scope: AnyHashable, contains: @escaping (AnyHashable) -> Bool) {
    self.scope = scope
    self.removed = .allExcept(contains: contains)
  }

  /// The same removal, for a scope renamed (see `ChildIDScope`).
  init(scope: AnyHashable, removed: Removed) {
    self.scope = scope
    self.removed = removed
  }
}

extension Effect {
  /// Keeps this effect running when the child feature that returned it goes away.
  ///
  /// By default a child's effects end with it (see `Reducer.ifLet(state:action:environment:then:)`
  /// and `Reducer.forEach(state:action:environment:element:)`). Use this for work that must
  /// finish anyway — saving a draft as its screen closes — and whose actions the parent
  /// handles, since the child may be gone when they arrive:
  ///
  /// ```swift
  /// case .closeTapped:
  ///   return .run { [draft = state.draft] send in
  ///     try await environment.save(draft)
  ///     await send(.saved)
  ///   }
  ///   .outlivingChild()
  /// ```
  ///
  /// Its actions go to the child while it is there. Once it is gone they still reach the
  /// parent reducer (which sees every child action), with no warning: sending to a gone child
  /// is what this effect was told it may do.
  public func outlivingChild() -> Self {
    mapRuns { run in
      var run = run
      run.outlivesChild = true
      let operation = run.operation
      run.operation = { send in
        try await operation(
          Send { action in ChildLifetimeID.$isOutlivingSend.withValue(true) { send(action) } })
      }
      return run
    }
  }

  /// Makes this effect the child `lifetime`'s: tags every `.run` that does not outlive the
  /// child with its lifetime, and makes every id the effect names the child's own (see
  /// `ChildIDScope`).
  @usableFromInline
  func tiedToChild(_ lifetime: ChildLifetimeID) -> Self {
    let scope = ChildIDScope(lifetime)
    func apply(_ operation: Operation) -> Operation {
      switch operation {
      case .send:
        return operation
      case let .cancel(id):
        return .cancel(scope.scoped(id))
      case let .endRemovedChildren(removed):
        return .endRemovedChildren(scope.scoped(removed))
      case var .run(run):
        let runScope = run.childScope.map { ChildIDScope(lifetime, inner: $0) } ?? scope
        if !run.cancellation.isEmpty { run.cancellation = run.cancellation.map(scope.scoped) }
        if let mark = run.cancellation.firstIndex(where: \.marksOutlivingChild) {
          run.cancellation[mark].childScope = runScope
        } else {
          var tag = CancellationTag(lifetime: lifetime)
          tag.childScope = runScope
          run.cancellation.append(tag)
        }
        return .run(run)
      }
    }
    switch storage {
    case .none: return self
    case let .one(operation): return Self(storage: .one(apply(operation)))
    case let .many(operations): return Self(storage: .many(operations.map(apply)))
    }
  }

  /// An operation that ends the effects of the children of `scope` that `removed` no longer
  /// contains.
  @usableFromInline
  static func endRemovedChildren(_ removed: RemovedChildren) -> Self {
    Self(storage: .one(.endRemovedChildren(removed)))
  }

  func mapRuns(_ transform: (Run) -> Run) -> Self {
    func apply(_ operation: Operation) -> Operation {
      guard case let .run(run) = operation else { return operation }
      return .run(transform(run))
    }
    switch storage {
    case .none: return self
    case let .one(operation): return Self(storage: .one(apply(operation)))
    case let .many(operations): return Self(storage: .many(operations.map(apply)))
    }
  }
}
