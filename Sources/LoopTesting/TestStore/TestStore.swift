import Loop
import Testing

/// A store for tests: send actions, assert exactly how the state changes, receive the actions
/// effects send back — and fail if anything happens that the test did not assert.
///
/// ```swift
/// @Test @MainActor func incrementing() async {
///   let store = TestStore(initialState: Counter.State(), reducer: Counter.reducer,
///                         environment: Counter.Environment(fact: { "\($0) is odd." }))
///   await store.send(.increment) { $0.count = 1 }
///   await store.send(.factTapped)
///   await store.receive(.factLoaded("1 is odd.")) { $0.fact = "1 is odd." }
/// }
/// ```
///
/// By default the test store is **exhaustive**: a state change with no assert closure, an
/// action the test did not `receive`, or an effect still running at ``finish(timeout:sourceLocation:)``
/// is a test failure. End a test that starts effects with `await store.finish()`. Failures are recorded at the line of the call that found them, with a diff of only
/// what differs.
///
/// It is **deterministic**: effects run on the main queue in one order (see
/// ``TestClock``), so the same test gives the same result on every run.
@MainActor
public final class TestStore<State: Equatable, Action: Sendable, Environment> {
  /// The feature's dependencies. Assign to swap one mid-test; the next action sees it.
  ///
  /// ```swift
  /// store.environment.movies.search = { _, _ in throw MovieServiceError.requestLimitReached }
  /// ```
  public var environment: Environment {
    get { recorder.environment }
    set { recorder.environment = newValue }
  }

  /// How strictly the test is checked; ``Exhaustivity/on`` by default.
  public var exhaustivity: Exhaustivity = .on

  /// How long `receive` and `finish` wait for effects doing real work (network, files) before
  /// they fail; one second by default. Effects driven by a ``TestClock`` need no waiting.
  public var timeout: Duration = .seconds(1)

  /// The current state: the state after every action reduced so far, including received
  /// actions the test has not asserted yet.
  public var state: State { store.state }

  let store: Store<State, Action>
  let recorder: Recorder<State, Action, Environment>
  /// The state the test has accounted for so far.
  var assertedState: State
  /// Each send, to name it if its effects outlive the test.
  var sends: [SendRecord] = []

  struct SendRecord {
    var task: StoreTask
    var action: Action
    var location: SourceLocation
  }

  /// Creates a test store that runs `reducer` with `environment`.
  ///
  /// - Parameters:
  ///   - initialState: The state before the first action.
  ///   - reducer: The feature under test.
  ///   - environment: Its dependencies: test doubles, a ``TestClock``.
  public init(
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: Environment,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let recorder = Recorder<State, Action, Environment>(environment: environment)
    let recording = Reducer<State, Action, Void> { state, action, _ in
      let effect = reducer.reduce(into: &state, action: action, environment: recorder.environment)
      recorder.didReduce(action, state: state)
      return effect
    }
    self.recorder = recorder
    self.assertedState = initialState
    self.store = Store(
      initialState: initialState, reducer: recording, environment: (),
      executor: MainQueueTaskExecutor.shared)
  }

  isolated deinit {
    // NB: No failure is recorded here: an isolated deinit runs without the test's task-local
    // context, so Swift Testing could not tell which test the issue belongs to. `finish()`
    // reports effects still running, naming the send that started each one.
    cancelEverything()
  }

  /// Lets the work effects have been unblocked to do run until it waits again, or until
  /// `isDone` holds.
  func settle(until isDone: () -> Bool = { false }) async {
    await MainQueueTaskExecutor.shared.settle(until: isDone)
  }

  func runningSends() -> [SendRecord] {
    sends.filter(\.task.isRunning)
  }

  func origin(_ record: SendRecord) -> (action: Any, location: String) {
    (record.action, "\(record.location.fileName):\(record.location.line)")
  }

  func cancelEverything() {
    for record in sends { record.task.cancel() }
  }

  /// Records a failure, or, when exhaustivity is off, a known issue if skipped assertions are
  /// shown.
  func fail(_ message: String, at location: SourceLocation, skippable: Bool = false) {
    if skippable, case let .off(showSkippedAssertions) = exhaustivity {
      guard showSkippedAssertions else { return }
      withKnownIssue {
        Issue.record(Comment(rawValue: FailureMessage.skipped(message)), sourceLocation: location)
      }
      return
    }
    Issue.record(Comment(rawValue: message), sourceLocation: location)
  }

  /// Waits until `condition` holds: first by letting main-queue work run, then — only for
  /// effects doing real work elsewhere — polling until `timeout` passes.
  func waitUntil(timeout: Duration, _ condition: () -> Bool) async -> Bool {
    if condition() { return true }
    await settle(until: condition)
    if condition() { return true }
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while ContinuousClock.now < deadline {
      // NB: The backstop for effects doing real I/O; a TestClock-driven test never gets here.
      try? await Task.sleep(for: .milliseconds(1))
      await settle(until: condition)
      if condition() { return true }
    }
    return false
  }
}

/// What the test store's reducer wrapper saw: the sent action's resulting state, and the
/// actions effects sent back, with the state after each.
final class Recorder<State, Action, Environment> {
  var environment: Environment
  var expectingSentAction = false
  var sentState: State?
  var received: [(action: Action, state: State)] = []

  init(environment: Environment) {
    self.environment = environment
  }

  func didReduce(_ action: Action, state: State) {
    if expectingSentAction {
      expectingSentAction = false
      sentState = state
    } else {
      received.append((action, state))
    }
  }
}
