/// What ``AlertState`` and ``ConfirmationDialogState`` share: a title and buttons that send
/// actions. A dialog is presented with `presents(state:action:)`, and goes away after any of
/// its actions, as a tapped button dismisses it.
public protocol DialogState<Action>: Sendable {
  /// The actions its buttons send.
  associatedtype Action: Sendable
  /// The title.
  var title: String { get }
  /// The buttons, in order.
  var buttons: [ButtonState<Action>] { get }
}

extension Reducer {
  /// Presents an alert or a confirmation dialog: the parent handles its buttons' actions, as
  /// `.presented(action)` in the case given, and the dialog goes away after each (a tapped
  /// button dismisses it) and after `.dismiss`.
  ///
  /// ```swift
  /// enum Action: Sendable {
  ///   case deleteTapped
  ///   case alert(PresentationAction<Alert>)
  ///   enum Alert: Sendable { case confirmDelete }
  /// }
  /// static let reducer = Reducer<State, Action, Environment> { state, action, _ in
  ///   switch action {
  ///   case .deleteTapped:
  ///     state.alert = AlertState(title: "Delete?", buttons: [
  ///       ButtonState("Delete", role: .destructive, action: .confirmDelete),
  ///       ButtonState("Cancel", role: .cancel)])
  ///     return .none
  ///   case .alert(.presented(.confirmDelete)):
  ///     state.notes.removeAll()
  ///     return .none
  ///   case .alert:
  ///     return .none
  ///   }
  /// }
  /// .presents(state: \.alert, action: Action.alert)
  /// ```
  ///
  /// The parent sees the dialog still presented while it handles the action. An action for a
  /// dialog that is not presented, or a `.dismiss` with none, is a runtime warning, as for any
  /// presented child.
  ///
  /// - Complexity: O(1) per action.
  @inlinable
  public func presents<Dialog: DialogState>(
    state toDialog: WritableKeyPath<State, Dialog?>,
    action toPresentationAction: @escaping @Sendable (PresentationAction<Dialog.Action>) -> Action,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    presents(state: toDialog, action: CasePath(toPresentationAction), fileID: fileID, line: line)
  }

  /// Presents an alert or a confirmation dialog, routed by a ``CasePath``.
  @inlinable
  public func presents<Dialog: DialogState>(
    state toDialog: WritableKeyPath<State, Dialog?>,
    action toPresentationAction: CasePath<Action, PresentationAction<Dialog.Action>>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    let presenting = presents(
      state: toDialog, action: toPresentationAction, environment: { $0 },
      then: Reducer<Dialog, Dialog.Action, Environment>.empty, fileID: fileID, line: line
    ).body
    return Self { state, action, environment in
      let effect = presenting(&state, action, environment)
      if case .presented? = toPresentationAction.extract(from: action) {
        state[keyPath: toDialog] = nil
      }
      return effect
    }
  }
}
