import Loop
import LoopTesting

/// A small feature for the TestStore's own tests: a counter with a delayed fact and a timer.
enum Feature {
  struct State: Equatable, Sendable {
    var count = 0
    var fact: String?
    var ticks = 0
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case increment
    case factTapped
    case factLoaded(String)
    case startTimer
    case stopTimer
    case tick
    case chain
    case noop
  }

  struct Environment: Sendable {
    var fact: @Sendable (Int) async throws -> String
    var clock: any Clock<Duration>
  }

  static let factLoadedPath = CasePath<Action, String>(
    embed: Action.factLoaded,
    extract: { if case let .factLoaded(fact) = $0 { fact } else { nil } })

  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .factTapped:
      let count = state.count
      return .run { send in
        try await environment.clock.sleep(for: .seconds(1))
        await send(.factLoaded(try await environment.fact(count)))
      }
    case let .factLoaded(fact):
      state.fact = fact
      return .none
    case .startTimer:
      return .run { send in
        while true {
          try await environment.clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: "timer", cancelInFlight: true)
    case .stopTimer:
      return .cancel(id: "timer")
    case .tick:
      state.ticks += 1
      return .none
    case .chain:
      state.log.append("chain")
      return .merge(.send(.increment), .send(.increment))
    case .noop:
      return .none
    }
  }

  static func environment(clock: TestClock) -> Environment {
    Environment(fact: { "\($0) is a good number." }, clock: clock)
  }
}
