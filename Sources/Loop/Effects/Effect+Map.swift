extension Effect {
  /// Transforms every action the effect sends, typically to wrap a child's action in the
  /// parent's.
  ///
  /// ```swift
  /// return childEffect.map(AppAction.child)
  /// ```
  ///
  /// Cancellation ids and error handlers are kept.
  public func map<T: Sendable>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    switch storage {
    case .none: .none
    case let .one(operation): Effect<T>(storage: .one(operation.map(transform)))
    case let .many(operations): Effect<T>(storage: .many(operations.map { $0.map(transform) }))
    }
  }
}

extension Effect.Operation {
  func map<T: Sendable>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T>.Operation {
    switch self {
    case let .send(action): return .send(transform(action))
    case let .cancel(id): return .cancel(id)
    case let .endRemovedChildren(children): return .endRemovedChildren(children)
    case let .run(run):
      let operation = run.operation
      var mappedHandler: (@MainActor @Sendable (any Error, Send<T>) async -> Void)?
      if let handler = run.handler {
        mappedHandler = { @MainActor error, send in
          await handler(error, Send { @MainActor action in send(transform(action)) })
        }
      }
      let mapped = Effect<T>.Run(
        priority: run.priority, cancellation: run.cancellation,
        operation: { @MainActor send in
          try await operation(Send { @MainActor action in send(transform(action)) })
        },
        handler: mappedHandler)
      // NB: The tags are copied whole: the "outlives its child" mark and the child scope
      // (see `Run.childScope`) come with them.
      return .run(mapped)
    }
  }
}
