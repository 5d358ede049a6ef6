extension Effect {
  /// Makes the effect cancellable by `id`, in the store that runs it.
  ///
  /// ```swift
  /// case let .queryChanged(query):
  ///   return .run { send in await send(.response(try await environment.search(query))) }
  ///     .cancellable(id: SearchID.self, cancelInFlight: true)
  /// case .cancelTapped:
  ///   return .cancel(id: SearchID.self)
  /// ```
  ///
  /// Ids belong to one store: another store using the same id never cancels this one's
  /// effects. A cancelled effect's task is cancelled and nothing it sends afterwards reaches
  /// the reducer. `.send` actions are delivered at once and cannot be cancelled.
  ///
  /// - Parameters:
  ///   - id: Any hashable value; a type (`SearchID.self`) or a string are common.
  ///   - cancelInFlight: Cancel the effects already running with this id before this one
  ///     starts, synchronously, during the `send` that returned this effect.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    let id = EffectID(id)
    switch storage {
    case .none:
      return self
    case let .one(operation):
      return Self(
        storage: .one(operation.tagged(CancellationTag(id: id, cancelInFlight: cancelInFlight))))
    case let .many(operations):
      // NB: The in-flight effects are cancelled once, before any of these starts, so the
      // operations of one merged effect never cancel each other.
      let tag = CancellationTag(id: id, cancelInFlight: false)
      return Self(
        storage: .many((cancelInFlight ? [.cancel(id)] : []) + operations.map { $0.tagged(tag) }))
    }
  }

  /// An effect that cancels every in-flight effect with `id` in this store, synchronously.
  ///
  /// ```swift
  /// case .onDisappear:
  ///   return .cancel(id: TimerID.self)
  /// ```
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(storage: .one(.cancel(EffectID(id))))
  }

  /// An effect that cancels the in-flight effects of every id in `ids`.
  public static func cancel(ids: [some Hashable & Sendable]) -> Self {
    Self(operations: ids.map { .cancel(EffectID($0)) })
  }
}

extension Effect.Operation {
  fileprivate func tagged(_ tag: CancellationTag) -> Self {
    guard case var .run(run) = self else { return self }
    run.cancellation.append(tag)
    return .run(run)
  }
}
