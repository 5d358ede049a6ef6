/// What a session recorder hides before it encodes: a secret an action or a state carries (a
/// token, a password, a key typed into a field), replaced by a value of your choosing.
///
/// The environment is never recorded. An action or a state is recorded as it is, unless you say
/// otherwise here:
///
/// ```swift
/// let hidingPassword = SessionRedaction<Login.State, Login.Action>(
///   action: { action in
///     guard case .passwordChanged = action else { return action }
///     return .passwordChanged("‹redacted›")
///   },
///   state: { state in
///     var state = state
///     state.password = ""  // not even its length
///     return state
///   })
/// let recorder = SessionRecorder(name: "login", redacting: hidingPassword, to: .buffer(buffer))
/// ```
///
/// Replay-safe: a replay reduces the redacted actions the log holds, and compares the recorded
/// (redacted) states with its own states redacted the same way, so pass the same redaction to
/// ``SessionLog/replay(reducer:environment:from:redacting:)`` (and LoopTesting's
/// `expectReplay`). Make each function idempotent (redacting twice changes nothing more), as
/// the replay applies `state` to states built from already-redacted actions.
public struct SessionRedaction<State, Action>: Sendable {
  /// Gives the action to write in place of the one reduced.
  public var action: @Sendable (Action) -> Action
  /// Gives the state to write in place of the one the store holds.
  public var state: @Sendable (State) -> State

  /// A redaction of actions, of states, or of both; what you leave out is written as it is.
  public init(
    action: @escaping @Sendable (Action) -> Action = { $0 },
    state: @escaping @Sendable (State) -> State = { $0 }
  ) {
    self.action = action
    self.state = state
  }

  /// Records everything as it is.
  public static var none: Self { Self() }
}
