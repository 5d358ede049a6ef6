// What a live inspector (LoopInspector's `Store.inspect`) asks of the store it drives: pause
// and resume its actions, reduce an action without running its effects (a replay), and set
// its state, cancelling the effects of the past it leaves. Nothing here is on the send path.

extension Store {
  /// Holds every action sent from now on, unreduced, until ``resumeActions()``; effects go on
  /// running, and what they send waits too. `false` for a scoped store, or during a send.
  package func pauseActions() -> Bool {
    core.root?.pause() ?? false
  }

  /// Reduces the actions sent while paused, in order, and sends on as before.
  package func resumeActions() {
    core.root?.resume()
  }

  /// Whether the store's actions are paused.
  package var areActionsPaused: Bool {
    core.root?.isPaused ?? false
  }

  /// How many actions wait to be reduced: while paused, those sent since the pause.
  package var waitingActionCount: Int {
    core.root?.queue.count ?? 0
  }

  /// Reduces `action` into `state` with the store's reducer and drops the effect: a step of a
  /// replay. `state` is not the store's.
  package func reduceWithoutEffects(_ state: inout State, _ action: Action) {
    guard let root = core.root else { return }
    _ = root.reduce(&state, action)
  }

  /// Sets the store's state to `state`, cancels every effect it runs, and tells observers:
  /// what a jump to a recorded state does.
  package func jump(to state: State) {
    guard let root = core.root else { return }
    root.startOverEffects()
    root.state = state
    root.didChange()
  }

  /// Whether this is a root store, not a scoped one: only a root store can be inspected.
  package var isRootStore: Bool {
    core.root != nil
  }

  /// The recorder of the root store, if it records.
  package var sessionRecorder: SessionRecorder<State, Action>? {
    core.root?.recorder
  }
}
