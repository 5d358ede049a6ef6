/// A feature's logic: how an action changes the state, and which effect it starts.
///
/// A reducer is a value wrapping `(inout State, Action, Environment) -> Effect<Action>`. It
/// mutates the state synchronously and returns the work to do next as an ``Effect``; the
/// ``Store`` runs that effect and feeds the actions it produces back in.
///
/// ```swift
/// enum Counter {
///   struct State: Equatable { var count = 0 }
///   enum Action: Sendable { case increment, decrement }
///   static let reducer = Reducer<State, Action, Void> { state, action, _ in
///     switch action {
///     case .increment: state.count += 1
///     case .decrement: state.count -= 1
///     }
///     return .none
///   }
/// }
/// ```
///
/// Reducers compose: ``combine(_:)-(Reducer<State,Action,Environment>...)`` runs several on one state,
/// `pullback(state:action:environment:)` lifts a child's reducer into its parent,
/// ``optional(fileID:line:)`` and `forEach(state:action:environment:fileID:line:)` run one on optional and
/// identified children. Composition is built once, when the reducer is made; per action it
/// costs a closure call and the child's own work.
public struct Reducer<State, Action: Sendable, Environment> {
  @usableFromInline
  let body: (inout State, Action, Environment) -> Effect<Action>

  /// Creates a reducer from a function that mutates the state and returns an effect.
  ///
  /// - Parameter reduce: Called once per action, on the store's actor. It must not block:
  ///   return slow work as an ``Effect`` instead.
  @inlinable
  public init(_ reduce: @escaping (inout State, Action, Environment) -> Effect<Action>) {
    self.body = reduce
  }

  /// Runs the reducer: mutates `state` for `action` and returns the effect to run.
  ///
  /// ```swift
  /// var state = Counter.State()
  /// _ = Counter.reducer.reduce(into: &state, action: .increment, environment: ())
  /// state.count   // 1
  /// ```
  @inlinable
  public func reduce(
    into state: inout State, action: Action, environment: Environment
  ) -> Effect<Action> {
    body(&state, action, environment)
  }

  /// A reducer that changes nothing and starts nothing.
  // NB: Inlinable, so its closure is made in the app's module, specialised: made here, it
  // looked up `Effect<Action>`'s metadata at run time on every call (a parent-level
  // `forEach` over `.empty` calls it on every element action).
  @inlinable
  public static var empty: Self { Self { _, _, _ in .none } }
}

extension Reducer: @unchecked Sendable where State: Sendable, Environment: Sendable {}
// NB: A reducer is meant to be built once and shared; its closure is run only on the store's
// actor. Marking it Sendable when its types are lets features keep `static let reducer`.
