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
  /// The parent sees the dialog still presented while it handles the action; a parent that
  /// presents another dialog there then keeps that one. An action for a dialog that is not
  /// presented, or a `.dismiss` with none, is a runtime warning, as for any presented child.
  ///
  /// A dialog that is a case of a destination enum goes away the same way: see
  /// `presents(state:action:environment:then:)`.
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
    // NB: The dialog goes away after its action: `presents` does that for every dialog.
    presents(
      state: toDialog, action: toPresentationAction, environment: { $0 },
      then: Reducer<Dialog, Dialog.Action, Environment>.empty, fileID: fileID, line: line)
  }
}

/// Whether a presented child is a dialog that goes away after any of its actions: an alert or
/// a confirmation dialog, itself or as the current case of a destination enum (TCA's
/// "ephemeral" state).
@usableFromInline
enum DialogPresence {
  /// Whether values of `type` can be dialogs: the type is one, or is an enum (one of whose
  /// cases may hold one). Asked once per reducer.
  @usableFromInline
  static func canBeDialog(_ type: Any.Type) -> Bool {
    type is any DialogState.Type || EnumLayout(type) != nil
  }

  /// Whether `value` is a dialog, or an enum whose current case's payload is one.
  @usableFromInline
  static func isDialog(_ value: Any) -> Bool {
    if value is any DialogState { return true }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else {
      return false
    }
    if payload is any DialogState { return true }
    // NB: A single labeled payload (`case alert(state: AlertState<…>)`) shows as a
    // one-element tuple.
    let tuple = Mirror(reflecting: payload)
    return tuple.displayStyle == .tuple && tuple.children.count == 1
      && tuple.children.first?.value is any DialogState
  }
}
