import Observation

/// Runs a feature: holds its state, reduces actions, runs the effects they return and feeds
/// the effects' actions back in.
///
/// ```swift
/// let store = Store(initialState: Counter.State(), reducer: Counter.reducer, environment: ())
/// store.send(.increment)
/// store.state.count   // 1
/// ```
///
/// The rules:
/// - ``send(_:)`` reduces synchronously. Actions from `.send` effects are queued and reduced,
///   first in first out, before `send` returns; a `send` made while another is reducing (by
///   code the reducer calls) is queued the same way, never nested. Observers are told once the
///   queue is empty: a `send` an observer makes is reduced at once.
/// - Async effects run as child tasks of one task group the store owns, on the main actor;
///   the actions each one sends are reduced in the order it sends them.
/// - Cancellation ids are scoped to the store. Releasing the store cancels all its effects,
///   and no action reaches its reducer afterwards.
/// - The store is `Observable`: reading ``state`` in SwiftUI or `withObservationTracking`
///   observes it; observers are notified once per `send`, after all its queued actions, and
///   only if the state was read since the last notification (so a store nobody watches pays
///   nothing for observation).
@MainActor
@dynamicMemberLookup
public final class Store<State, Action: Sendable>: Observable {
  /// What the store is made of: a root's state, reducer and effects, or a scoped store's way
  /// to its parent (see `StoreCore`).
  @usableFromInline let core: StoreCore<State, Action>
  /// The element stores `scope(forEach:action:)` made, by collection.
  @usableFromInline var scopeCaches: [AnyKeyPath: AnyObject] = [:]
  /// The element stores asked for one by one, `scope(state: \.rows[id: id], …)`, by
  /// collection and action type (see `RowKeyPath`).
  @usableFromInline var rowScopeCaches: [ChildStoreCache.Key: AnyObject] = [:]
  /// The parts' and optional children's stores, kept weakly (see `ChildStoreCache`).
  @usableFromInline var childStores = ChildStoreCache()
  /// For a part's store, how it routes its actions (see `PartRouting`).
  @usableFromInline var partRouting: AnyObject?

  /// Creates a store that runs `reducer` with `environment`, starting from `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: The state before the first action.
  ///   - reducer: The feature's logic.
  ///   - environment: The feature's dependencies (clients, clocks), handed to every reduce.
  @inlinable
  public convenience init<Environment>(
    initialState: State, reducer: Reducer<State, Action, Environment>, environment: Environment
  ) {
    let body = reducer.body
    // NB: The reduce closure is formed here, in the caller's module, so it is specialised for
    // the app's types; formed inside Loop it would be a generic thunk paying for metadata
    // lookups and value witnesses on every action.
    // NB: Made inside a test that drives time, the store runs its effects where the test
    // can count them (see `EffectContext`); elsewhere there is no context.
    self.init(
      initialState: initialState, reduce: { body(&$0, $1, environment) },
      context: EffectContext.current(), perform: EffectJob<Action>.perform)
  }

  /// - Parameter perform: ``EffectJob/perform(_:_:)``, formed in the caller's module for the
  ///   same reason as `reduce`: it is the body of every effect's task.
  @usableFromInline
  init(
    initialState: State, reduce: @escaping (inout State, Action) -> Effect<Action>,
    context: EffectContext?, perform: @escaping EffectRunner.Perform
  ) {
    let root = RootCore(
      initialState: initialState, reduce: reduce, context: context, perform: perform)
    self.core = .root(root)
  }

  @usableFromInline
  init(scoped: ScopedCore<State, Action>) {
    self.core = .scoped(scoped)
  }

  deinit {
    // NB: A plain deinit, not `isolated deinit`, which needs the Swift 6.1 runtime (macOS 15.4,
    // iOS 18.4), above Loop's floor. Released on the main actor (the usual case), the store
    // shuts down in place. Released elsewhere, it cancels the runner's task at once (which
    // cancels every effect, and a cancelled effect's `Send` drops what it sends), and shuts
    // down on the main actor's next turn.
    guard let root = core.root else { return }
    if MainQueue.isCurrent {
      MainActor.assumeIsolated { root.shutDown() }
    } else {
      root.runner.storage.cancelRunnerTask()
      Task { @MainActor in root.shutDown() }
    }
  }

  /// The current state.
  ///
  /// Reading it inside `withObservationTracking` (or a SwiftUI view) observes it. Observing a
  /// scoped store observes its child state only: its observers are told when the child's state
  /// changed (`!=`, for `Equatable` state), not when something else in the parent did.
  /// - Complexity: O(1) for a root store; a scoped store reads its parent's state through its
  ///   key path.
  @inlinable
  public var state: State {
    core.observedState(of: self)
  }

  /// Sends an action: reduces it now, and starts the effects it returns.
  ///
  /// ```swift
  /// store.send(.refresh)                      // fire and forget
  /// await store.send(.refresh).finish()       // wait for the refresh and all it led to
  /// ```
  ///
  /// - Returns: The effects this action started, to `finish()` or `cancel()`.
  /// - Complexity: The reducer's cost. An action whose effect is `.none` allocates nothing
  ///   and takes no lock.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    core.send(action)
  }
}
