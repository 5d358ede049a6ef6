// How an effect's operations run inside another effect's task (concatenate, timeout,
// debounce, `actions`); the store starts top-level operations itself, see `EffectRunner`.

extension Effect {
  /// Runs every operation of the effect in the current task and waits for all of them.
  ///
  /// `.send` actions are sent in order, `.run` operations run concurrently as child tasks of a
  /// local group, cancellations go to the current store's registry. An error no handler took
  /// is rethrown, so an enclosing `retry`, `catch:` or the store can see it.
  @MainActor
  func run(send: Send<Action>) async throws {
    switch storage {
    case .none:
      return
    case let .one(operation):
      try await operation.run(send: send)
    case let .many(operations):
      try await withThrowingDiscardingTaskGroup { group in
        for operation in operations {
          group.addMainActorTask { try await operation.run(send: send) }
        }
      }
    }
  }
}

extension Effect.Operation {
  @MainActor
  func run(send: Send<Action>) async throws {
    switch self {
    case let .send(action):
      send(action)
    // NB: Ids named here, while an effect runs, are its children's own: the static rewrite in
    // `tiedToChild` never saw them (see `ChildIDScope`).
    case let .cancel(id):
      EffectStorage.current?.cancel(id: ChildIDScope.scopedByCurrent(id))
    case let .endRemovedChildren(children):
      EffectStorage.current?.endRemovedChildren(ChildIDScope.current?.scoped(children) ?? children)
    case let .run(run) where run.cancellation.isEmpty:
      try await run.perform(send)
    case let .run(run):
      // NB: A cancellable operation gets a task of its own, so cancelling it by id cannot
      // cancel the effect that encloses it.
      let storage = EffectStorage.currentOrWarning(for: "cancellable(id: \(run.cancellation))")
      let tags = ChildIDScope.current.map { scope in run.cancellation.map(scope.scoped) }
      let token = EffectToken(tags: tags ?? run.cancellation, cascade: nil)
      storage.register(token)
      try await withThrowingDiscardingTaskGroup { group in
        group.addMainActorTask { try await run.execute(token, storage, send) }
      }
    }
  }
}

extension Effect.Run {
  /// Runs the operation (and its error handler), in its children's scope if it has one.
  @MainActor
  @inlinable
  func perform(_ send: Send<Action>) async throws {
    guard let childScope else { return try await performInScope(send) }
    try await perform(send, in: childScope)
  }

  /// Runs the operation with `childScope` as the task's ``ChildIDScope/current``.
  @MainActor
  @usableFromInline
  func perform(_ send: Send<Action>, in childScope: ChildIDScope) async throws {
    // NB: Inside another child's effect, this effect's ids are that child's too.
    let scope = ChildIDScope.current.map { $0.wrapping(childScope) } ?? childScope
    try await ChildIDScope.$current.withValue(scope) { try await performInScope(send) }
  }

  /// Runs the operation; a thrown error goes to the handler, or is rethrown when there is
  /// none. Errors caused by cancellation end the operation quietly.
  @MainActor
  @inlinable
  func performInScope(_ send: Send<Action>) async throws {
    do {
      try await operation(send)
    } catch {
      if error is CancellationError || Task.isCancelled { return }
      guard let handler else { throw error }
      await handler(error, send)
    }
  }

  /// Runs the operation as the effect of `token`, in the current task, and unregisters it
  /// from `storage` when it ends (or at once, if it was cancelled before it started).
  ///
  /// - Parameter reportsErrors: Whether an error no handler took is reported here, as a
  ///   runtime warning, rather than rethrown. Reported here, it is reported *before* the effect
  ///   counts as ended, so a `finish()` that returns has seen every report.
  @MainActor
  @inlinable
  func execute(
    _ token: EffectToken, _ storage: EffectStorage, _ send: Send<Action>,
    reportsErrors: Bool = false
  ) async throws {
    try await token.live(in: storage) { started in
      guard started else { return }
      do {
        try await perform(send)
      } catch {
        guard reportsErrors else { throw error }
        reportUnhandledError(error, of: token)
      }
    }
  }
}

@usableFromInline
func reportUnhandledError(_ error: any Error, of effect: EffectToken?) {
  reportRuntimeWarning(
    handler: effect?.cascade?.warningHandler,
    """
    An effect threw an error that no "catch:" handler took: \(error)

    The store carries on. To fix, pass "catch:" to ".run" to turn the error into an action, \
    or catch it inside the operation.
    """)
}
