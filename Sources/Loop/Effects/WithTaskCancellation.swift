/// Runs `operation` so that `.cancel(id:)` in the store's reducer cancels it — and, with
/// `cancelInFlight`, cancels what already runs under `id` first: TCA's
/// `withTaskCancellation(id:cancelInFlight:)`, for a part of an effect.
///
/// ```swift
/// case let .textChanged(text):
///   return .run { _ in
///     try await withTaskCancellation(id: SaveID.self, cancelInFlight: true) {
///       try await environment.clock.sleep(for: .seconds(1))  // a debounced save
///       try await environment.save(text)
///     }
///   }
/// ```
///
/// The id is the store's, as for ``Effect/cancellable(id:cancelInFlight:)``: one registry
/// holds both, so `.cancel(id:)` ends either, and `cancelInFlight` replaces either. Inside a
/// child's effect (a row of a parent-level `forEach`, a presented screen) the id is that
/// child's own.
///
/// `operation` runs as a child task of the caller, on the main actor as effects do; cancelling
/// it cancels that task, and the caller gets what the operation then returns or throws (a
/// cancelled `clock.sleep` throws `CancellationError`). Called outside a store's effect, there
/// is no reducer to cancel it: it runs `operation` as it is and reports a runtime warning.
///
/// - Parameters:
///   - id: Any hashable value, as for `.cancellable(id:)`.
///   - cancelInFlight: Cancel the effects and operations running under `id` before this one
///     starts.
///   - operation: The work to make cancellable.
@MainActor
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable, cancelInFlight: Bool = false,
  operation: nonisolated(nonsending) @escaping @Sendable () async throws -> T
) async throws -> T {
  let result = await runCancellable(id: id, cancelInFlight: cancelInFlight) {
    () async -> Result<T, any Error> in
    do {
      return .success(try await operation())
    } catch {
      return .failure(error)
    }
  }
  return try result.get()
}

/// `withTaskCancellation(id:cancelInFlight:operation:)` for an operation that does not throw:
/// called without `try`, as TCA's is.
@MainActor
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable, cancelInFlight: Bool = false,
  operation: nonisolated(nonsending) @escaping @Sendable () async -> T
) async -> T {
  await runCancellable(id: id, cancelInFlight: cancelInFlight, operation)
}

/// Runs `operation` in a child task registered under `id` in the current effect's store.
@MainActor
private func runCancellable<T: Sendable>(
  id: some Hashable & Sendable, cancelInFlight: Bool,
  _ operation: nonisolated(nonsending) @escaping @Sendable () async -> T
) async -> T {
  guard let storage = EffectStorage.current else {
    reportRuntimeWarning(
      """
      withTaskCancellation(id: \(String(reflecting: id))) ran outside a store's effect, so no reducer can cancel \
      it: it ran its operation as it is. To fix, call it inside an effect's operation \
      (.run { … }).
      """)
    return await operation()
  }
  let tag = CancellationTag(id: EffectID(id), cancelInFlight: cancelInFlight)
  let token = EffectToken(tags: [ChildIDScope.current?.scoped(tag) ?? tag], cascade: nil)
  storage.register(token)
  let result = CancellableResult<T>()
  // NB: Its one child never throws, so neither does the group.
  try? await withThrowingDiscardingTaskGroup { group in
    group.addMainActorTask {
      // NB: Cancelled before it started (`cancelInFlight` from another send, say): the
      // operation still runs, in a cancelled task, so that it returns what cancellation makes
      // it return, as TCA's does.
      result.value = await token.live(in: storage) { started in
        if !started { withUnsafeCurrentTask { $0?.cancel() } }
        return await operation()
      }
    }
  }
  guard let value = result.value else {
    // NB: Unreachable: a group's child runs its closure even when cancelled.
    preconditionFailure("withTaskCancellation's operation did not run")
  }
  return value
}

/// What the operation returned, handed from its child task to the caller.
@MainActor
private final class CancellableResult<T: Sendable> {
  var value: T?
}
