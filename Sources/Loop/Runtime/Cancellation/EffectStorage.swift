/// A store's effect bookkeeping, shared by the store and its effects' tasks: the
/// cancellation registry, the count of effects in flight, and the throttle windows.
///
/// One per store, so ids are scoped to it. Effects find it through ``current`` (a task-local
/// the store's runner binds), which is how an id used deep inside a composed effect still
/// cancels only this store's effects.
@usableFromInline
final class EffectStorage: Sendable {
  /// The storage of the store whose effect is running in this task.
  @TaskLocal static var current: EffectStorage?

  /// The storage of the store whose effect is running, or, outside any store's effect, a new
  /// one that no reducer can reach, after a runtime warning naming `what` — as
  /// `withTaskCancellation` warns there.
  static func currentOrWarning(for what: @autoclosure () -> String) -> EffectStorage {
    if let storage = current { return storage }
    reportRuntimeWarning(
      """
      \(what()) ran outside a store's effect, so no reducer can cancel it by its id: it ran \
      as it is. To fix, run the effect from a store (or through its `actions`).
      """)
    return EffectStorage()
  }

  private struct State {
    var registry = CancellationRegistry<EffectToken>()
    var throttles: [EffectID: any Sendable] = [:]
    var runnerTask: Task<Void, Never>?
  }

  private let state = LockedState(State())
  // NB: Counted apart from `state`, so an effect with no cancellation id takes no lock here.
  /// The effects in flight.
  private let words = AtomicWords(count: 1)

  @usableFromInline
  init() {}

  deinit {
    words.deallocate()
  }

  /// Runs `body` with this storage as ``current``, on the caller's actor.
  ///
  /// Runtime warnings go to standard error there: no handler is inherited from the send that
  /// launched the runner. Each effect reports to the handler of the send that started it (its
  /// cascade's), which `RootCore.feedBack` binds.
  @usableFromInline
  func bind(isolation: isolated (any Actor)? = #isolation, _ body: () async -> Void) async {
    await RuntimeWarnings.$current.withValue(.standardError) {
      await Self.$current.withValue(self, operation: body)
    }
  }

  /// Registers a starting effect, first cancelling the effects it replaces
  /// (`cancelInFlight`), and counts it in flight.
  @usableFromInline
  func register(_ token: EffectToken) {
    words.add(1, at: 0)
    if !token.tags.isEmpty {
      let replaced = state.withLock { $0.registry.register(token, tags: token.tags) }
      for old in replaced { old.cancel() }
    }
    token.cascade?.add(token)
  }

  /// Forgets an ended effect.
  @usableFromInline
  func unregister(_ token: EffectToken) {
    if !token.tags.isEmpty {
      state.withLock { $0.registry.unregister(token, tags: token.tags) }
    }
    words.add(-1, at: 0)
    token.cascade?.remove(token)
  }

  /// Cancels every in-flight effect registered under `id`.
  @usableFromInline
  func cancel(id: EffectID) {
    for token in state.withLock({ $0.registry.cancel(id: id) }) { token.cancel() }
  }

  /// Cancels the effects of `children`'s scope whose child is gone.
  ///
  /// - Complexity: O(removed) when the children are named; otherwise O(*k*), *k* the children
  ///   of the scope with effects running.
  @usableFromInline
  func endRemovedChildren(_ children: RemovedChildren) {
    let tokens = state.withLock { state in
      switch children.removed {
      case let .ids(ids):
        state.registry.cancelChildren(in: children.scope, ids)
      case let .allExcept(contains):
        state.registry.cancelChildren(in: children.scope) { !contains($0) }
      }
    }
    for token in tokens { token.cancel() }
  }

  /// The number of effects started and not yet ended.
  var inFlightCount: Int { words.load(0) }

  /// The children of `scope` whose effects are registered, not ended nor cancelled as gone;
  /// for tests and diagnostics.
  func children(in scope: AnyHashable) -> Set<AnyHashable> {
    state.withLock { $0.registry.children(in: scope) }
  }

  /// Records the runner's task, so a store released off the main actor can cancel it.
  @usableFromInline
  func setRunnerTask(_ task: Task<Void, Never>) {
    state.withLock { $0.runnerTask = task }
  }

  /// Cancels the runner's task, and so every effect (they are its group's children, and a
  /// cancelled effect's `Send` drops what it sends); callable from any thread.
  func cancelRunnerTask() {
    state.withLock { $0.runnerTask }?.cancel()
  }

  /// Reads and updates the throttle state kept for `id`.
  func withThrottleState<Value: Sendable, Result>(
    id: EffectID, as type: Value.Type, _ body: (inout Value?) -> Result
  ) -> Result {
    state.withLock { state in
      var value = state.throttles[id] as? Value
      let result = body(&value)
      state.throttles[id] = value
      return result
    }
  }
}

/// Which store's effect, if any, the current task is part of: for LoopTesting's ``TestClock``,
/// to tell a test store which of its effects sleep on a clock.
package enum EffectOwner {
  /// The root store's ``Store/effectOwner`` whose effect runs in this task, or `nil`.
  package static var current: ObjectIdentifier? {
    EffectStorage.current.map(ObjectIdentifier.init)
  }
}
