/// Sends actions from an effect back into the store that runs it.
///
/// An effect's operation receives a `Send`; call it like a function:
///
/// ```swift
/// return .run { send in
///   await send(.started)
///   let result = try await environment.load()
///   await send(.loaded(result))
/// }
/// ```
///
/// The action is reduced at once, on the store's actor, before the call returns. After the
/// effect is cancelled (by id, by its ``StoreTask``, or because the store was released) a
/// send does nothing: no action from a cancelled effect reaches the reducer.
@MainActor
public struct Send<Action: Sendable>: Sendable {
  @usableFromInline
  let deliver: @MainActor @Sendable (Action) -> Void

  /// Creates a `Send` that hands each action to `deliver`.
  ///
  /// Useful to run an effect's operation yourself, in a test or a preview:
  ///
  /// ```swift
  /// var received: [Action] = []
  /// let send = Send<Action> { received.append($0) }
  /// ```
  public init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.deliver = deliver
  }

  /// Sends `action` to the store, unless the effect has been cancelled.
  @inlinable
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    deliver(action)
  }
}
