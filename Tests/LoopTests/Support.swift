import Loop
import LoopTesting
import Observation

/// A counter-ish feature used across the store tests: every action is logged in the state.
enum Probe {
  struct State: Equatable, Sendable {
    var log: [String] = []
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case tap(String)
    case effect(String)
    case increment
  }
}

/// Collects runtime warnings reported while a test runs.
final class WarningLog: Sendable {
  private let messages = LockedState<[String]>([])
  var all: [String] { messages.withLock { $0 } }
  func append(_ message: String) { messages.withLock { $0.append(message) } }
}

extension Store {
  /// A store whose effects run deterministically on the main queue, for tests with a TestClock
  /// (in a suite with the `.deterministicJobs` trait, for the portable runtime path).
  @MainActor
  static func testing<Environment>(
    _ initialState: State, _ reducer: Reducer<State, Action, Environment>,
    _ environment: Environment
  ) -> Store {
    Store(
      initialState: initialState, reducer: reducer, environment: environment,
      context: DeterministicJobs.context(tally: DeterministicJobs.currentTally))
  }
}

/// A flag set once, readable from any thread.
final class Flag: Sendable {
  private let value = LockedState(false)
  var isSet: Bool { value.withLock { $0 } }
  func set() { value.withLock { $0 = true } }
}

/// A count, readable from any thread.
final class Tally: Sendable {
  private let count = LockedState(0)
  var value: Int { count.withLock { $0 } }
  /// Adds one and returns the new count.
  @discardableResult func increment() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }
}

/// Observes what `read` reads, as a view does: counts into `tally` when told of a change and, if
/// `again`, observes again at once, from inside the notification (while the check that told it
/// runs).
@MainActor
func observeAsView(_ read: @escaping @MainActor () -> Void, into tally: Tally, again: Bool = false)
{
  withObservationTracking {
    read()
  } onChange: {
    tally.increment()
    if again { MainActor.assumeIsolated { observeAsView(read, into: tally, again: true) } }
  }
}
