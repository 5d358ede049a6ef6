/// The actions of a navigation stack: an action for one screen, and the pops.
///
/// ```swift
/// enum Action: Sendable {
///   case path(StackAction<Screen.Action>)
/// }
/// store.send(.path(.element(id: 0, action: .saveTapped)))
/// store.send(.path(.popFrom(id: 1)))     // the back button of screen 1
/// ```
public enum StackAction<Action: Sendable>: Sendable {
  /// An action for the screen `id`.
  case element(id: StackElementID, action: Action)
  /// Pops the screen `id` and every screen above it; a screen's own ``Effect/dismiss`` sends
  /// this.
  case popFrom(id: StackElementID)
}

extension StackAction: Equatable where Action: Equatable {}
extension StackAction: Hashable where Action: Hashable {}
extension StackAction: Codable where Action: Codable {}
