/// The actions of a presented child feature: its own, and its dismissal.
///
/// ```swift
/// enum Action: Sendable {
///   case detailsTapped(String)
///   case details(PresentationAction<Details.Action>)
/// }
/// ```
///
/// Send `.dismiss` to close the child (a view's close button, a swipe); the child itself asks
/// with ``Effect/dismiss``. The parent sees both cases first, as any action.
public enum PresentationAction<Action: Sendable>: Sendable {
  /// An action for the presented child.
  case presented(Action)
  /// Closes the child: its state becomes `nil`, its effects end.
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Codable where Action: Codable {}
