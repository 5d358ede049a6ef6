/// The app's own actions a live inspector keeps, to move the store to any step it shows: a
/// jump is a replay from the window's base, with no state kept per step. Its window is the
/// page's (``LiveWindow/base(after:keeping:)``), so every step a page shows can be reached.
///
/// ```swift
/// var history = LiveHistory<Int, Int>(initialState: 0, keeping: 1_000)
/// history.append(.action(2), reduce: +=)
/// history.append(.action(3), reduce: +=)
/// history.state(at: 1, reduce: +=)   // 2
/// ```
struct LiveHistory<State, Action> {
  /// What step `number` did to the state.
  enum Entry {
    /// The store reduced an action.
    case action(Action)
    /// The store was set to the state after step `to`.
    case jump(to: Int)
    /// The store was set to this state: a jump whose target left the window.
    case state(State)
  }

  let keeping: Int
  /// The step the window starts after, and the state there.
  private(set) var base = 0
  private(set) var baseState: State
  /// Steps `base + 1` on.
  private var entries: [Entry] = []

  init(initialState: State, keeping: Int) {
    baseState = initialState
    self.keeping = max(1, keeping)
  }

  /// The number of the last step.
  var lastNumber: Int { base + entries.count }

  /// Adds the next step, moving the window as ``LiveWindow`` does.
  mutating func append(_ entry: Entry, reduce: (inout State, Action) -> Void) {
    entries.append(entry)
    let newBase = LiveWindow.base(after: lastNumber, keeping: keeping)
    guard newBase > base else { return }
    // NB: A jump kept in the window whose target leaves it keeps the state it set.
    for index in (newBase - base)..<entries.count {
      if case let .jump(target) = entries[index], target < newBase,
        let state = state(at: target, reduce: reduce)
      {
        entries[index] = .state(state)
      }
    }
    if let state = state(at: newBase, reduce: reduce) { baseState = state }
    entries.removeFirst(newBase - base)
    base = newBase
  }

  /// The state after step `number`, replayed from the base; `nil` outside the window.
  func state(at number: Int, reduce: (inout State, Action) -> Void) -> State? {
    guard (base...lastNumber).contains(number) else { return nil }
    var actions: [Action] = []
    var step = number
    var start = baseState
    walk: while step > base {
      switch entries[step - base - 1] {
      case let .action(action):
        actions.append(action)
        step -= 1
      case let .jump(target):
        step = target
      case let .state(state):
        start = state
        break walk
      }
    }
    for action in actions.reversed() { reduce(&start, action) }
    return start
  }
}
