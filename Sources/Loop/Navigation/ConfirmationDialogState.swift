/// A confirmation dialog (an action sheet) as state: a title, a message and the choices, each
/// with the action it sends.
///
/// Presented, asserted and tapped as ``AlertState`` is.
///
/// ```swift
/// state.dialog = ConfirmationDialogState(
///   title: "Sort by", titleVisibility: .visible,
///   buttons: [ButtonState("Title", action: .sortByTitle), ButtonState("Year", action: .sortByYear)])
/// ```
public struct ConfirmationDialogState<Action: Sendable>: DialogState {
  /// Whether the title is shown, as SwiftUI's `Visibility`.
  public enum TitleVisibility: String, Sendable, Hashable, Codable {
    /// As the platform decides.
    case automatic
    /// Always.
    case visible
    /// Never.
    case hidden
  }

  /// The title.
  public var title: String
  /// Whether the title is shown.
  public var titleVisibility: TitleVisibility
  /// The text under the title.
  public var message: String?
  /// The choices, in order. The platform adds a cancel button if none has the cancel role.
  public var buttons: [ButtonState<Action>]

  /// A confirmation dialog.
  public init(
    title: String, titleVisibility: TitleVisibility = .automatic, message: String? = nil,
    buttons: [ButtonState<Action>]
  ) {
    self.title = title
    self.titleVisibility = titleVisibility
    self.message = message
    self.buttons = buttons
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Codable where Action: Codable {}
