extension Effect {
  /// Runs several effects at the same time.
  ///
  /// Their `.send` actions are fed back in the order given; their `.run` operations start in
  /// that order and then run concurrently. Merges are flattened, so merging merges costs
  /// nothing extra.
  ///
  /// ```swift
  /// return .merge(.send(.started), loadProfile, loadFeed)
  /// ```
  ///
  /// - Complexity: O(*n*) in the number of operations.
  @inlinable
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs several effects at the same time.
  ///
  /// - Complexity: O(*n*) in the number of operations.
  // NB: Inlinable, so it is specialised for the app's `Action`: unspecialised, each operation
  // it copied went through `Operation`'s value witnesses (benchmark (c)).
  @inlinable
  public static func merge(_ effects: [Self]) -> Self {
    var operations: [Operation] = []
    operations.reserveCapacity(effects.count)
    for effect in effects {
      switch effect.storage {
      case .none: continue
      case let .one(operation): operations.append(operation)
      case let .many(more): operations += more
      }
    }
    return Self(operations: operations)
  }

  /// Adds `other`'s operations after this effect's.
  ///
  /// - Complexity: O(1) when either effect is `.none`; otherwise O(*n*) in the operations of
  ///   both. To merge many effects, build an array and call ``merge(_:)-([Effect<Action>])`` once.
  @inlinable
  public mutating func merge(with other: Self) {
    // NB: Each storage tested where it is: switching over the pair copied both, payloads and
    // all, through their outlined copies (about 140 instructions for two `.none`s, which every
    // parent with a child reducer merges on each action).
    if case .none = other.storage { return }
    if case .none = storage {
      self = other
      return
    }
    self = Self(operations: operations + other.operations)
  }

  /// Runs effects one after another: each starts when the one before has finished.
  ///
  /// ```swift
  /// return .concatenate(.run { _ in await environment.save(draft) }, .send(.saved))
  /// ```
  ///
  /// Its leading synchronous parts (`.send`, `.cancel(id:)`, and merges of those) are handled
  /// as `.send` is, before the action that returned them finishes being processed; from its
  /// first asynchronous part on, the sequence is one task. So an effect that sends `.b1`, whose
  /// reducer returns `.concatenate(.send(.b2), .send(.b3))`, has all three reduced before its
  /// `send(.b1)` returns. An unhandled error in one effect ends the sequence and is handled like
  /// the error of a single `.run`.
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs effects one after another: each starts when the one before has finished.
  public static func concatenate(_ effects: [Self]) -> Self {
    let effects = effects.filter { if case .none = $0.storage { false } else { true } }
    // NB: The synchronous prefix is spliced in as operations of its own, so it is handled now,
    // in order, like a `.send`; the rest waits for it by starting only after this action's
    // queued actions are reduced (the runner starts effects after `send` returns).
    let prefix = effects.prefix { $0.isSynchronous }
    let rest = effects.dropFirst(prefix.count)
    guard !rest.isEmpty else { return Self(operations: prefix.flatMap(\.operations)) }
    if prefix.isEmpty, rest.count == 1 { return rest[rest.startIndex] }
    let sequence = Array(rest)
    let run = Operation.run(
      Run(
        priority: nil, cancellation: [],
        operation: { @MainActor send in
          for effect in sequence { try await effect.run(send: send) }
        },
        handler: nil))
    return Self(operations: prefix.flatMap(\.operations) + [run])
  }

  /// Whether the effect only sends and cancels: nothing in it needs a task.
  var isSynchronous: Bool {
    operations.allSatisfy { if case .run = $0 { false } else { true } }
  }
}
