extension Store {
  /// Starts recording every action this store reduces into `recorder`, from the current state
  /// (the log's header); replaces any recording already running.
  ///
  /// ```swift
  /// let recorder = SessionRecorder<AppState, AppAction>(name: "app", to: try .file(url))
  /// store.record(to: recorder)
  /// store.send(.refresh)        // recorded, as is each action its effects feed back
  /// store.stopRecording()
  /// ```
  ///
  /// Record the root store: a scoped store's actions are its parent's, so recording one is
  /// reported as a runtime warning and ignored. A recorder records one session: giving it to
  /// a second `record(to:)` is reported and ignored too.
  public func record(to recorder: SessionRecorder<State, Action>) {
    guard let root = core.root else {
      reportRuntimeWarning(
        """
        record(to:) was called on a scoped store; nothing is recorded.

        A scoped store's actions are reduced by its root store. To fix, record the root store.
        """)
      return
    }
    guard recorder.begin(initialState: root.state) else { return }
    root.recorder = recorder
  }

  /// Stops recording; what was recorded stays in the log.
  public func stopRecording() {
    core.root?.recorder = nil
  }
}
