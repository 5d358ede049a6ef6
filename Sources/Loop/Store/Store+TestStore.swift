// What LoopTesting's test store asks of the store it drives, in one place: how it is made,
// when its runner starts, how it ends, and what it reports of its effects. Nothing else in the
// runtime knows of tests but the `TestSeam`.

extension Store {
  /// Creates a store whose effects run in `context` (``LoopTesting``'s test store uses this
  /// for determinism).
  @inlinable
  package convenience init<Environment>(
    initialState: State, reducer: Reducer<State, Action, Environment>, environment: Environment,
    context: EffectContext?
  ) {
    let body = reducer.body
    self.init(
      initialState: initialState, reduce: { body(&$0, $1, environment) }, context: context,
      perform: EffectJob<Action>.perform)
  }

  /// Starts the store's effect runner now, in the current task, so that every effect inherits
  /// the current task's task-local values (a test's context, for LoopTesting's test store).
  ///
  /// - Parameter dismiss: What ``dismiss()`` and ``Effect/dismiss`` do in the store's own
  ///   effects (a child presented inside binds its own): a test store's stand-in for a parent.
  ///   Bound once, for the runner, which every effect inherits: nothing per effect.
  package func launchEffectRunnerInCurrentTask(
    dismiss: (@MainActor @Sendable () -> Void)? = nil
  ) {
    guard let root = core.root else { return }
    guard let dismiss else { return root.runner.launchInCurrentTask() }
    Dismissal.$current.withValue(Dismissal(send: dismiss)) {
      root.runner.launchInCurrentTask()
    }
  }

  /// Cancels every effect of the store for good: a later effect never starts. What a test
  /// store does when the feature under test dismisses itself.
  package func endEffects() {
    core.root?.runner.shutDown()
  }

  /// The identity of the effect bookkeeping of a root store, which its effects' tasks carry
  /// (see ``EffectOwner/current``); `nil` for a scoped store.
  package var effectOwner: ObjectIdentifier? {
    core.root.map { ObjectIdentifier($0.runner.storage) }
  }

  /// The number of effects started and not yet ended (for tests and diagnostics).
  @usableFromInline
  package var inFlightEffectCount: Int {
    core.inFlightEffectCount
  }
}
