/// Who sent an action a store reduced: the app (a view, a command line, a test), or an effect
/// feeding back what it produced. A recorded session keeps it on every entry.
///
/// ```swift
/// for step in replay.steps where step.origin == .user {
///   print(step.action)   // what the user did; the rest followed from it
/// }
/// ```
public enum ActionOrigin: String, Codable, Sendable, Hashable {
  /// Sent with `store.send(_:)` from outside the store.
  case user
  /// Produced by an effect: a `.send`, or an action a `.run` sent back.
  case effect
}
