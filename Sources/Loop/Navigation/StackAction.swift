/// The actions of a navigation stack: an action for one screen, a push, and the pops.
///
/// ```swift
/// enum Action: Sendable {
///   case path(StackAction<Screen.State, Screen.Action>)
/// }
/// store.send(.path(.element(id: 0, action: .saveTapped)))
/// store.send(.path(.push(id: store.state.path.nextID, state: .details(movie))))  // a link
/// store.send(.path(.popFrom(id: 1)))     // the back button of screen 1
/// ```
///
/// As TCA's `StackAction<State, Action>`: the screen's state is a type parameter so that a view
/// (a `NavigationLink`, a path binding) can push by sending an action.
public enum StackAction<State: Sendable, Action: Sendable>: Sendable {
  /// An action for the screen `id`.
  case element(id: StackElementID, action: Action)
  /// Pops the screen `id` and every screen above it; a screen's own ``Effect/dismiss`` sends
  /// this.
  case popFrom(id: StackElementID)
  /// Pushes `state` as the screen `id`, after the parent has run: what a view sends to push.
  ///
  /// Ids stay unique: a push under an id already on the stack is a runtime warning (a test
  /// failure under a `TestStore`) and pushes nothing. Take the id from ``StackState/nextID``.
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Codable where State: Codable, Action: Codable {}
