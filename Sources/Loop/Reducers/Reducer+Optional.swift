extension Reducer {
  /// Runs this reducer on optional state when it is present.
  ///
  /// An action that arrives while the state is `nil` — say, a response for a sheet that was
  /// dismissed — is a bug in the feature's logic: it is reported as a runtime warning and
  /// ignored, never a crash. Cancel a child's effects when you clear its state to avoid it.
  ///
  /// ```swift
  /// let detail: Reducer<Detail.State?, Detail.Action, Environment> = Detail.reducer.optional()
  /// ```
  @inlinable
  public func optional(
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Reducer<State?, Action, Environment> {
    let body = self.body
    return .init { state, action, environment in
      let effect = state.modifyIfPresent { body(&$0, action, environment) }
      guard let effect else {
        reportRuntimeWarning(
          """
          An optional reducer received an action when its state was nil: \(action)

          This is usually a sign that an effect outlived the state it was for. \
          To fix, cancel the child's effects when you set its state to nil. \
          (reducer made at \(fileID):\(line))
          """)
        return .none
      }
      return effect
    }
  }
}

extension Optional {
  /// Runs `body` on the wrapped value in place, without copying it, if there is one.
  @inlinable
  mutating func modifyIfPresent<Result>(_ body: (inout Wrapped) -> Result) -> Result? {
    guard case .some(var wrapped) = self else { return nil }
    // NB: Moving the value out leaves `wrapped` uniquely referenced, so a child edit of a
    // copy-on-write buffer does not copy it.
    self = nil
    defer { self = .some(wrapped) }
    return body(&wrapped)
  }
}
