import Loop
import Testing

extension TestStore where State: Equatable {
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
    guard let tap = tap(label, on: dialog, at: sourceLocation) else { return nil }
    return await send(toPresentationAction(tap), assert: assert, sourceLocation: sourceLocation)
  }

  /// Taps the button labelled `label` of the alert or confirmation dialog that is the case
  /// `toDialog` of the destination enum at `toDestination`.
  ///
  /// ```swift
  /// await store.tap(
  ///   "Delete", in: \.destination, case: Destination.alert,
  ///   action: { .destination($0.map(Destination.Action.alert)) }
  /// ) {
  ///   $0.destination = nil
  ///   $0.syncUps = []
  /// }
  /// ```
  ///
  /// `action` turns the dialog's presentation action (`.presented(buttonAction)` or
  /// `.dismiss`) into the feature's: `PresentationAction.map` gives the destination's.
  @discardableResult
  public func tap<Destination, Dialog: DialogState>(
    _ label: String,
    in toDestination: KeyPath<State, Destination?>,
    case toDialog: @escaping @Sendable (Dialog) -> Destination,
    action toAction: (PresentationAction<Dialog.Action>) -> Action,
    assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> TestStoreTask? {
    guard let dialog = state[keyPath: toDestination][case: toDialog] else {
      fail(
        FailureMessage.noDialog(tapping: label, at: "\(toDestination) (case \(Dialog.self))"),
        at: sourceLocation)
      return nil
    }
    guard let tap = tap(label, on: dialog, at: sourceLocation) else { return nil }
    return await send(toAction(tap), assert: assert, sourceLocation: sourceLocation)
  }

  /// What tapping `label` on `dialog` sends: its button's action, `.dismiss` for a button
  /// with none or for the "OK" an alert with no buttons shows; `nil` (after `fail`) when it
  /// has no such button.
  private func tap<Dialog: DialogState>(
    _ label: String, on dialog: Dialog, at location: SourceLocation
  ) -> PresentationAction<Dialog.Action>? {
    // NB: An alert with no buttons shows one "OK" that only dismisses, as SwiftUI does.
    let showsOK = dialog.buttons.isEmpty && dialog is any AlertStateProtocol
    if showsOK, label == "OK" { return .dismiss }
    guard let button = dialog.buttons.first(where: { $0.label == label }) else {
      fail(
        FailureMessage.noButton(
          tapping: label, title: dialog.title,
          labels: showsOK ? ["OK"] : dialog.buttons.map(\.label)),
        at: location)
      return nil
    }
    return button.action.map { .presented($0) } ?? .dismiss
  }
}

/// Any `AlertState`, for telling an alert from a confirmation dialog.
private protocol AlertStateProtocol {}
extension AlertState: AlertStateProtocol {}
