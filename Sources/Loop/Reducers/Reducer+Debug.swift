extension Reducer {
  /// Prints every action this reducer receives and the part of the state it changed.
  ///
  /// ```swift
  /// let app = appReducer.debug("app")
  /// // app: received action:
  /// //   AppAction.counter(Counter.Action.increment)
  /// //   AppState(
  /// //     counter: Counter.State(
  /// // −     count: 0
  /// // +     count: 1
  /// //     )
  /// //   )
  /// ```
  ///
  /// The state is dumped structurally and only the lines that differ are shown, with enough
  /// surrounding structure to locate them. Debugging never changes behaviour.
  ///
  /// - Parameters:
  ///   - label: Printed before each entry; empty by default.
  ///   - printer: Receives each entry; prints to standard output by default.
  public func debug(
    _ label: String = "",
    to printer: @escaping @Sendable (String) -> Void = { print($0) }
  ) -> Self {
    let reduce = self.body
    return Self { state, action, environment in
      let before = state
      let effect = reduce(&state, action, environment)
      let prefix = label.isEmpty ? "" : "\(label): "
      var entry = "\(prefix)received action:\n"
      entry += Dump.lines(of: action).map { "  " + $0 }.joined(separator: "\n")
      if let diff = Diff.of(before, state) {
        entry += "\n" + diff
      } else {
        entry += "\n  (No state changes)"
      }
      printer(entry)
      return effect
    }
  }
}
