/// The steps a live inspector keeps, as their page JSON: those since the window's base, with
/// the state at the base. It moves in strides of `keeping` steps, so it holds between
/// `keeping` and twice that (all of them, early on): a page can always go back `keeping`
/// steps, and memory never grows past twice that. ``LiveInspector`` keeps the same window of
/// the app's own actions, by the same rule (``base(after:keeping:)``).
///
/// ```swift
/// var window = LiveWindow(keeping: 2)
/// window.start(initialState: .object([]))
/// window.add(step: "[1]", number: 1, state: s1)   // base 0: steps 1
/// …                                              // after step 4: base 2, steps 3 and 4
/// ```
struct LiveWindow {
  let keeping: Int
  /// The step the window starts after (0: the initial state).
  private(set) var base = 0
  private(set) var baseState: JSONValue?
  /// The steps after the base, in order.
  private(set) var steps: [String] = []
  /// The states at the multiples of `keeping` within the window, the next bases.
  private var checkpoints: [(number: Int, state: JSONValue?)] = []
  /// The number of the last step.
  private(set) var lastNumber = 0

  init(keeping: Int) {
    self.keeping = max(1, keeping)
  }

  /// The base of the window once step `number` is in it.
  static func base(after number: Int, keeping: Int) -> Int {
    number < 2 * keeping ? 0 : (number / keeping - 1) * keeping
  }

  mutating func start(initialState: JSONValue?) {
    baseState = initialState
  }

  /// Adds step `number` and the state after it; `true` when the base moved.
  mutating func add(step json: String, number: Int, state: JSONValue?) -> Bool {
    lastNumber = number
    steps.append(json)
    if number % keeping == 0 { checkpoints.append((number, state)) }
    let newBase = Self.base(after: number, keeping: keeping)
    guard newBase > base, let index = checkpoints.firstIndex(where: { $0.number == newBase })
    else { return false }
    steps.removeFirst(newBase - base)
    baseState = checkpoints[index].state
    checkpoints.removeFirst(index + 1)
    base = newBase
    return true
  }
}
