import Loop
import LoopTesting

/// The feature `--stress` drives: each action starts effects of one shape, and every action
/// an effect sends back carries the id the ledger awaits.
enum StressFeature {
  struct State: Equatable, Sendable { var arrived = 0 }

  enum Action: Equatable, Sendable {
    /// `.run { send(.arrived(id)) }`: a round trip.
    case roundTrip(Int)
    /// A round trip whose effect first does work off the main actor.
    case offMain(Int)
    /// One `.run` per id, merged.
    case fanOut([Int])
    /// `.concatenate` of a `.run`, a `.run` that hops off the main actor, then a `.send`.
    case chain(Int, Int, Int)
    /// Sleeps on the lane's `TestClock` once per id, sending each after its sleep;
    /// cancellable by `.stopTimer`.
    case timer([Int])
    case stopTimer
    /// Sleeps a second on the clock, then sends; each one cancels the one in flight.
    case replace(Int)
    case arrived(Int)
  }

  struct Environment: Sendable {
    let ledger: StressLedger
    let clock: TestClock
  }

  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    let clock = environment.clock
    switch action {
    case let .roundTrip(id):
      return .run { send in await send(.arrived(id)) }
    case let .offMain(id):
      return .run { send in
        await offMainActor()
        await send(.arrived(id))
      }
    case let .fanOut(ids):
      return .merge(ids.map { id in .run { send in await send(.arrived(id)) } })
    case let .chain(first, second, third):
      return .concatenate(
        .run { send in await send(.arrived(first)) },
        .run { send in
          await offMainActor()
          await send(.arrived(second))
        },
        .send(.arrived(third)))
    case let .timer(ids):
      return .run { send in
        for id in ids {
          try await clock.sleep(for: .seconds(1))
          await send(.arrived(id))
        }
      }
      .cancellable(id: "timer")
    case .stopTimer:
      return .cancel(id: "timer")
    case let .replace(id):
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.arrived(id))
      }
      .cancellable(id: "replace", cancelInFlight: true)
    case let .arrived(id):
      state.arrived += 1
      environment.ledger.deliver(id)
      return .none
    }
  }

  /// The same feature with a middleware that answers every round trip with a second effect,
  /// whose action carries `-id`.
  static let withMiddleware = reducer.middleware { _, action, _ in
    guard case let .roundTrip(id) = action else { return .none }
    return .run { send in await send(.arrived(-id)) }
  }

  /// A parent holding the feature, to drive it through a scoped store.
  struct Parent: Equatable, Sendable { var child = State() }
  static let parentReducer = reducer.pullback(
    state: \Parent.child,
    action: CasePath(embed: { $0 }, extract: { $0 }),
    environment: { $0 })
}

/// Leaves the main actor and comes back: the effect's task really crosses threads.
@concurrent
private func offMainActor() async {
  await Task.yield()
}
