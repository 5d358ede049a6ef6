/// A recorded session as a value a UI can step through, back and forth: the states one after
/// another, with the action that led to each — Elm's debugger, Redux DevTools' slider.
///
/// ```swift
/// var history = SessionHistory(replay)
/// history.stepBack()             // undo: the state before the last action
/// history.stepForward()          // redo
/// history.move(to: 0)            // the initial state
/// render(history.state)
/// ```
///
/// Stepping moves a position over states already computed: O(1), and nothing is reduced again.
public struct SessionHistory<State, Action> {
  /// The state before the first action, then the state after each action.
  public private(set) var states: [State]
  /// The actions, each with who sent it; `actions[i]` led from `states[i]` to `states[i + 1]`.
  public private(set) var actions: [(action: Action, origin: ActionOrigin)]
  /// Where the history stands: 0 is the initial state, `actions.count` the last.
  public private(set) var position: Int

  /// A history over a replay's states, standing at its end.
  public init(_ replay: Replay<State, Action>) {
    states = [replay.initialState] + replay.steps.map(\.state)
    actions = replay.steps.map { ($0.action, $0.origin) }
    position = actions.count
  }

  /// A history over a log's recorded states (a live store's recording, say), standing at its
  /// end; `nil` if the log holds no states.
  public init?(_ log: SessionLog<State, Action>) {
    guard let initial = log.initialState else { return nil }
    var states = [initial]
    for entry in log.entries {
      guard let state = entry.state else { return nil }
      states.append(state)
    }
    self.states = states
    actions = log.entries.map { ($0.action, $0.origin) }
    position = actions.count
  }

  /// The state at the current position.
  public var state: State { states[position] }

  /// The action that led to the current state; `nil` at the initial state.
  public var action: Action? { position > 0 ? actions[position - 1].action : nil }

  /// Whether there is a state before the current one.
  public var canStepBack: Bool { position > 0 }

  /// Whether there is a state after the current one.
  public var canStepForward: Bool { position < actions.count }

  /// Moves to the state before, if there is one; returns whether it moved.
  @discardableResult
  public mutating func stepBack() -> Bool {
    guard canStepBack else { return false }
    position -= 1
    return true
  }

  /// Moves to the state after, if there is one; returns whether it moved.
  @discardableResult
  public mutating func stepForward() -> Bool {
    guard canStepForward else { return false }
    position += 1
    return true
  }

  /// Moves to `position`, clamped to the history's bounds.
  public mutating func move(to position: Int) {
    self.position = min(max(position, 0), actions.count)
  }
}

extension SessionHistory: Sendable where State: Sendable, Action: Sendable {}
