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

extension PresentationAction {
  /// The same presentation action for another child action: `.presented` of the transformed
  /// action, or `.dismiss`.
  ///
  /// ```swift
  /// // An alert inside a destination enum: its button's action, as the destination's.
  /// let tapped: PresentationAction<Destination.Action> = .presented(.confirmDelete)
  ///   .map(Destination.Action.alert)
  /// ```
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> PresentationAction<NewAction> {
    switch self {
    case let .presented(action): .presented(transform(action))
    case .dismiss: .dismiss
    }
  }
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Codable where Action: Codable {}
