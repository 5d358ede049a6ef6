import Observation

/// What a ``Store`` is made of — one kind per kind of store, chosen when the store is made and
/// never changed:
/// - `root`: a store made with `Store(initialState:reducer:environment:)`. Its `RootCore` owns
///   the state, the reducer, the action queue, the observers and the effect runner.
/// - `scoped`: every store made by a `scope`. Its `ScopedCore` owns nothing but its way to the
///   store it was scoped from, and its own observation; each kind of scoped store is a class of
///   its own: `ScopedCore` (a part by key path), `ChildCore` (an optional child, an enum case's
///   child), `ElementCore` (a collection's row, a stack's screen).
///
/// An enum of two class references is one word, and a `switch` on it is a test of a spare bit:
/// `Store.send` pays what an optional check costs, and the compiler checks that every method
/// handles both kinds.
@MainActor
@usableFromInline
enum StoreCore<State, Action: Sendable>: Sendable {
  case root(RootCore<State, Action>)
  case scoped(ScopedCore<State, Action>)
}

// NB: Every place a store's behaviour depends on its kind is a method here, on the enum: each
// `switch` reads in one place what a root and a scoped store do, and `self` is borrowed, so the
// class it holds is used without a retain and release (a `switch` on `Store.core` itself
// copies the payload, a retain and release on every scoped send: benchmark (f)).
extension StoreCore {
  /// The root core, for a root store.
  @inlinable
  nonisolated var root: RootCore<State, Action>? {
    if case .root(let root) = self { root } else { nil }
  }

  /// The scoped core, for a scoped store.
  @inlinable
  nonisolated var scoped: ScopedCore<State, Action>? {
    if case .scoped(let scoped) = self { scoped } else { nil }
  }

  /// Sends `action` to the root's reducer, or through the scoped store's parent.
  @inlinable
  @inline(__always)
  func send(_ action: Action) -> StoreTask {
    switch self {
    case .root(let root): root.send(action, cascade: nil)
    case .scoped(let scoped): scoped.send(action)
    }
  }

  /// The state, read for `store`'s observers: the root's whole state (told once per send), or
  /// the scoped store's part (told when it changed).
  @inlinable
  func observedState(of store: Store<State, Action>) -> State {
    switch self {
    case .root(let root):
      _ = root.observed.registerEveryChange()
      return root.state
    case .scoped(let scoped):
      return store.observedScopedState(scoped)
    }
  }

  /// What the store's observers read: its one table of observed entries.
  @inlinable
  var observed: ObservedValues<State> {
    switch self {
    case .root(let root): root.observed
    case .scoped(let scoped): scoped.observed
    }
  }

  /// Makes sure the entries `store`'s observers just started waiting on are checked: a root
  /// checks its table after every processed send; a scoped store asks for a check.
  @inlinable
  func scheduleCheck(of store: Store<State, Action>) {
    switch self {
    case .root: return
    case .scoped(let scoped): scoped.watch(store)
    }
  }

  /// The state, read without observing it.
  @inlinable
  var untrackedState: State {
    switch self {
    case .root(let root): root.state
    case .scoped(let scoped): scoped.untrackedState()
    }
  }

  /// The part of the state at `path`, read without observing it — and, in a root store,
  /// without copying the rest of the state (a copy retains every reference it holds).
  @inlinable
  func untracked<Value>(_ path: StoredPath<State, Value>) -> Value {
    switch self {
    // NB: `RootCore.state` is a plain stored property (no observers, no exclusivity check): an
    // inout access to it is its address, nothing copied in or written back.
    case .root(let root): path.read(in: &root.state)
    case .scoped(let scoped): path.read(scoped.untrackedState())
    }
  }

  /// Runs `check` on the root store after its next processed send, and after each send after
  /// that while it returns `true`.
  @inlinable
  func afterNextSend(_ check: @escaping @MainActor () -> Bool) {
    switch self {
    case .root(let root): root.scopeChecks.append(ScopeCheck(check))
    case .scoped(let scoped): scoped.afterNextSend(check)
    }
  }

  /// Adds a `states` observer; `nil` if the store it reaches is gone.
  @usableFromInline
  func addObserver(
    _ observe: @escaping @MainActor (State) -> Void, onFinish: @escaping @MainActor () -> Void
  ) -> (any StateStreamEnding)? {
    switch self {
    case .root(let root): root.addObserver(observe, onFinish: onFinish)
    case .scoped(let scoped): scoped.observe(observe, onFinish)
    }
  }

  /// The effects started and not yet ended, of the root store.
  @usableFromInline
  var inFlightEffectCount: Int {
    switch self {
    case .root(let root): root.runner.storage.inFlightCount
    case .scoped(let scoped): scoped.inFlightEffectCount()
    }
  }
}
