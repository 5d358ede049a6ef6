/// Work a reducer asks the store to do, described as a value: a stream of actions to feed
/// back into the reducer.
///
/// An effect is inert until a ``Store`` (or ``actions``) runs it. `.none` and `.send` are
/// handled synchronously and never create a task; `.run` starts async work as a child task
/// of the store's task group.
///
/// ```swift
/// case .refreshTapped:
///   state.isLoading = true
///   return .run { send in
///     let page = try await environment.movies.search(state.query, 1)
///     await send(.response(page))
///   } catch: { error, send in
///     await send(.failed("\(error)"))
///   }
/// ```
public struct Effect<Action: Sendable>: Sendable {
  @usableFromInline
  enum Storage: Sendable {
    case none
    case one(Operation)
    // NB: Merges are flattened into one list, never nested, so a fan-out of 1,000 effects is
    // 1,000 sibling tasks and not 1,000 nested groups.
    case many([Operation])
  }

  @usableFromInline
  enum Operation: Sendable {
    /// An action fed back synchronously, before `send` returns.
    case send(Action)
    /// Async work, started as a child task.
    case run(Run)
    /// Cancels the in-flight effects with an id, synchronously.
    case cancel(EffectID)
    /// Cancels the effects of the children of one collection that are no longer in it,
    /// synchronously (see ``ChildLifetime``).
    case endRemovedChildren(RemovedChildren)
  }

  /// One unit of async work and how it is cancelled and how its errors are handled.
  @usableFromInline
  struct Run: Sendable {
    // NB: The priority's raw value, not a `TaskPriority`: that type is resilient (its size is
    // known only at run time), and one such field gave `Run`, `Operation`, `Storage` and
    // `Effect` itself a layout known only at run time. Every copy, check and destroy of an
    // effect, even `.none`, then went through value witnesses and metadata lookups, in the
    // store and in every reducer.
    @usableFromInline var priorityRawValue: UInt8?
    /// The ids it can be cancelled by, innermost first.
    @usableFromInline var cancellation: [CancellationTag]
    // NB: Stored as given, `nonisolated(nonsending)`: the store calls them on the main actor,
    // where they stay, and wrapping them in a `@MainActor` closure cost an allocation and a
    // call per effect.
    @usableFromInline var operation:
      nonisolated(nonsending) @Sendable (Send<Action>) async throws -> Void
    @usableFromInline var handler:
      (nonisolated(nonsending) @Sendable (any Error, Send<Action>) async -> Void)?
    // NB: Carried by a tag (the newest that has one: the child's lifetime tag, or the
    // "outlives its child" mark), not stored here: one more field in `Run` makes every `Effect`
    // bigger, and every `.none` send pays for moving it (benchmark (a)).
    /// The child features this effect came from, whose ids it uses (see `ChildIDScope`); `nil`
    /// for a root feature's effect.
    @inlinable
    var childScope: ChildIDScope? {
      var index = cancellation.endIndex
      while index > cancellation.startIndex {
        index -= 1
        if let scope = cancellation[index].childScope { return scope }
      }
      return nil
    }
    // NB: Kept as a marker in `cancellation`, not a stored `Bool`: one more byte in `Run` makes
    // every `Effect` bigger, and every `.none` send pays for it (benchmark (a)).
    /// Whether it keeps running when the child feature that started it goes away (see
    /// ``Effect/outlivingChild()``).
    var outlivesChild: Bool {
      get { cancellation.contains { $0.marksOutlivingChild } }
      set {
        cancellation.removeAll { $0.marksOutlivingChild }
        if newValue { cancellation.append(.outlivingChild) }
      }
    }

    @inlinable
    init(
      priority: TaskPriority?, cancellation: [CancellationTag],
      operation: nonisolated(nonsending) @escaping @Sendable (Send<Action>) async throws -> Void,
      handler: (nonisolated(nonsending) @Sendable (any Error, Send<Action>) async -> Void)?
    ) {
      self.priorityRawValue = priority?.rawValue
      self.cancellation = cancellation
      self.operation = operation
      self.handler = handler
    }

    /// The priority of the effect's task.
    @inlinable
    var priority: TaskPriority? { priorityRawValue.map(TaskPriority.init(rawValue:)) }
  }

  @usableFromInline
  var storage: Storage

  // NB: Inlinable, as `.none` is: otherwise a `return .none` specialised in an app's module
  // still calls this unspecialised, looking up `Effect<Action>`'s metadata to do it.
  @inlinable
  init(storage: Storage) { self.storage = storage }

  @inlinable
  init(operations: [Operation]) {
    switch operations.count {
    case 0: self.init(storage: .none)
    case 1: self.init(storage: .one(operations[0]))
    default: self.init(storage: .many(operations))
    }
  }

  /// The operations, in order.
  @usableFromInline
  var operations: [Operation] {
    switch storage {
    case .none: []
    case let .one(operation): [operation]
    case let .many(operations): operations
    }
  }

  /// An effect that does nothing. Returning it costs nothing: no allocation, no task.
  @inlinable
  public static var none: Self { Self(storage: .none) }

  /// An effect that feeds `action` back into the store immediately.
  ///
  /// The action is queued and reduced before the `send` that produced it returns, after the
  /// action being reduced now (first in, first out). No task is created.
  ///
  /// ```swift
  /// case .saveTapped:
  ///   return .send(.validate)
  /// ```
  @inlinable
  public static func send(_ action: Action) -> Self { Self(storage: .one(.send(action))) }

  /// An effect that runs async work and sends actions back with `send`.
  ///
  /// The operation starts on the store's actor, as a child task of the store's task group,
  /// and stays there until it awaits something that runs elsewhere (its type is
  /// `nonisolated(nonsending)`): an effect that only computes and sends costs no thread hop.
  /// Put CPU-heavy work in a `@concurrent` function so it does not hold up the store.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await tick in environment.ticks() { await send(.tick(tick)) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the effect's task.
  ///   - operation: The work. An error it throws goes to `handler`; a `CancellationError` (or
  ///     any error thrown after the effect was cancelled) is ignored.
  ///   - handler: Handles a thrown error, and may send actions. Without one, an error is
  ///     reported as a runtime warning and the store carries on.
  @inlinable
  public static func run(
    priority: TaskPriority? = nil,
    operation: nonisolated(nonsending) @escaping @Sendable (Send<Action>) async throws -> Void,
    catch handler: (nonisolated(nonsending) @Sendable (any Error, Send<Action>) async -> Void)? =
      nil
  ) -> Self {
    Self(
      storage: .one(
        .run(Run(priority: priority, cancellation: [], operation: operation, handler: handler))))
  }

  /// An effect that sends every action of an async sequence, in order, until it ends.
  ///
  /// ```swift
  /// return .stream(environment.notifications.map(Action.notification))
  /// ```
  ///
  /// An error the sequence throws is reported like an error thrown by ``run(priority:operation:catch:)``.
  public static func stream<S: AsyncSequence & Sendable>(_ actions: S) -> Self
  where S.Element == Action {
    .run { send in
      for try await action in actions { await send(action) }
    }
  }
}

/// An effect's cancellation id, type-erased.
///
/// A class, so an id is one reference: an `AnyHashable` stored inline is an existential of
/// unknown size, which made every `Effect` (through `Operation.cancel`) a type only value
/// witnesses could copy or destroy, and so every reducer's `return .none` and every store's
/// check of it paid for metadata lookups and indirect calls.
@usableFromInline
final class EffectID: Hashable, @unchecked Sendable {
  // NB: Built only from `some Hashable & Sendable` values, so the wrapped value is Sendable;
  // `AnyHashable` itself is not marked so.
  let base: AnyHashable
  init(_ base: some Hashable & Sendable) { self.base = AnyHashable(base) }
  @usableFromInline static func == (lhs: EffectID, rhs: EffectID) -> Bool { lhs.base == rhs.base }
  @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(base) }
}

/// What ``CancellationTag/outlivingChild``'s id wraps: nothing anyone can cancel by.
private struct OutlivingChildMark: Hashable, Sendable {}

/// An id an effect can be cancelled by, and whether starting it cancels the one in flight.
@usableFromInline
struct CancellationTag: Sendable {
  /// The scope of the child features the effect came from, on the tag `tiedToChild` added
  /// last (see `Effect.Run.childScope`).
  @usableFromInline var childScope: ChildIDScope?
  var id: EffectID
  var cancelInFlight: Bool
  /// The child feature whose lifetime the id is, when it is one (then `id` wraps it).
  var lifetime: ChildLifetimeID?
  /// Whether this is no id at all, but the mark of an effect that outlives its child.
  var marksOutlivingChild = false

  init(id: EffectID, cancelInFlight: Bool) {
    self.id = id
    self.cancelInFlight = cancelInFlight
    self.lifetime = nil
  }

  init(lifetime: ChildLifetimeID) {
    self.id = EffectID(lifetime)
    self.cancelInFlight = false
    self.lifetime = lifetime
  }

  /// The mark of an effect that outlives its child; the registry skips it.
  static let outlivingChild: CancellationTag = {
    var tag = CancellationTag(id: EffectID(OutlivingChildMark()), cancelInFlight: false)
    tag.marksOutlivingChild = true
    return tag
  }()
}
