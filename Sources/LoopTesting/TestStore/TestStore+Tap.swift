import Loop
import Testing

extension TestStore {
  /// Taps the button labelled `label` of the alert or confirmation dialog presented at
  /// `toDialog`: sends its action, `.presented(action)` in the case given, or `.dismiss` for a
  /// button with no action — what a person tapping it makes the view send.
  ///
  /// ```swift
  /// await store.send(.deleteTapped) { $0.alert = .confirmDeletion }
  /// await store.tap("Delete", in: \.alert, action: Action.alert) {
  ///   $0.alert = nil
  ///   $0.notes = []
  /// }
  /// ```
  ///
  /// With no dialog presented, or no button with that label, the test fails, saying which
  /// buttons there are, and nothing is sent.
  ///
  /// - Parameters:
  ///   - label: The button's label.
  ///   - toDialog: Where the state holds the dialog.
  ///   - toPresentationAction: The case of the parent's action that wraps the dialog's.
  ///   - assert: Mutates the state before the tap into the state expected after it, as
  ///     `send`'s does.
  ///   - sourceLocation: Where a failure is reported: the caller's line, by default.
  @discardableResult
  public func tap<Dialog: DialogState>(
    _ label: String,
    in toDialog: KeyPath<State, Dialog?>,
    action toPresentationAction: (PresentationAction<Dialog.Action>) -> Action,
    assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> TestStoreTask? {
    guard let dialog = state[keyPath: toDialog] else {
      fail(FailureMessage.noDialog(tapping: label, at: "\(toDialog)"), at: sourceLocation)
      return nil
    }
    guard let button = dialog.buttons.first(where: { $0.label == label }) else {
      fail(
        FailureMessage.noButton(
          tapping: label, title: dialog.title, labels: dialog.buttons.map(\.label)),
        at: sourceLocation)
      return nil
    }
    let tap = toPresentationAction(button.action.map { .presented($0) } ?? .dismiss)
    return await send(tap, assert: assert, sourceLocation: sourceLocation)
  }
}
