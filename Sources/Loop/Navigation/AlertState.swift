/// An alert as state: a title, a message and buttons, each with the action it sends.
///
/// A value the reducer sets to show an alert, that a test asserts like any state, and that a
/// view draws (SwiftUI's `.alert`, a terminal's box). The parent holds it as an optional and
/// presents it with `presents(state:action:)`; a tapped button sends its action wrapped in
/// `.presented`, and the alert goes away.
///
/// ```swift
/// state.alert = AlertState(
///   title: "Delete this note?",
///   message: "It cannot be brought back.",
///   buttons: [
///     ButtonState("Delete", role: .destructive, action: .confirmDelete),
///     ButtonState("Cancel", role: .cancel),
///   ])
/// ```
public struct AlertState<Action: Sendable>: DialogState {
  /// The title, in bold at the top.
  public var title: String
  /// The text under the title.
  public var message: String?
  /// The buttons, in order. An alert with none shows one "OK" that only dismisses, as SwiftUI
  /// does.
  public var buttons: [ButtonState<Action>]

  /// An alert.
  public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Codable where Action: Codable {}
