/// A button of an alert or a confirmation dialog, as state: its label, its role, and the
/// action tapping it sends.
///
/// ```swift
/// ButtonState("Retry", action: .retry)
/// ButtonState("Delete", role: .destructive, action: .confirmDelete)
/// ButtonState("Cancel", role: .cancel)       // no action: tapping it only dismisses
/// ```
public struct ButtonState<Action: Sendable>: Sendable {
  /// What a button is for, as SwiftUI's `ButtonRole`: how it is drawn and where.
  public enum Role: String, Sendable, Hashable, Codable {
    /// Dismisses without doing anything.
    case cancel
    /// Deletes or discards something.
    case destructive
  }

  /// The button's text.
  public var label: String
  /// Its role; `nil` for an ordinary button.
  public var role: Role?
  /// What tapping it sends, wrapped in `.presented`; `nil` sends `.dismiss`.
  public var action: Action?

  /// A button labelled `label`.
  ///
  /// - Parameters:
  ///   - label: The text.
  ///   - role: What it is for; `nil` for an ordinary button.
  ///   - action: What tapping it sends; `nil` to only dismiss.
  public init(_ label: String, role: Role? = nil, action: Action? = nil) {
    self.label = label
    self.role = role
    self.action = action
  }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Codable where Action: Codable {}
