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
/// action the test did not `receive`, or an effect still running at the end of the test (at
/// ``finish(timeout:sourceLocation:)``, or when the test store is released) is a test failure. Failures are recorded at the line of the call that found them, with a diff of only
/// what differs.
///
/// It is **deterministic**: effects run on the main queue in one order (see
/// ``TestClock``), so the same test gives the same result on every run.
@MainActor
public final class TestStore<State, Action: Sendable, Environment> {
  /// The feature's dependencies. Assign to swap one mid-test; the next action sees it.
  ///
  /// ```swift
  /// store.environment.movies.search = { _, _ in throw MovieServiceError.requestLimitReached }
  /// ```
  public var environment: Environment {
    get { reduceLog.environment }
    set { reduceLog.environment = newValue }
  }

  /// How strictly the test is checked; ``Exhaustivity/on`` by default.
  public var exhaustivity: Exhaustivity = .on {
    didSet { endOfTest.withLock { $0.exhaustive = exhaustivity == .on } }
  }

  /// How long `receive` and `finish` wait for effects doing real work (network, files) before
  /// they fail; one second by default. Effects driven by a ``TestClock`` need no waiting.
  public var timeout: Duration = .seconds(1)

  /// The current state: the state after every action reduced so far, including received
  /// actions the test has not asserted yet.
  public var state: State { store.state }

  /// Whether the feature dismissed itself (`return .dismiss`, or `dismiss()` in an effect).
  ///
  /// The test store stands in for the parent that would have presented the feature: the
  /// dismissal ends every effect of the feature, and a later ``send(_:assert:sourceLocation:)``
  /// fails the test. As TCA's `isDismissed`:
  ///
  /// ```swift
  /// await store.send(.saveTapped)   // saves, then `return .dismiss`
  /// #expect(store.isDismissed)
  /// ```
  public var isDismissed: Bool { dismissal.isDismissed }

  let dismissal: RootDismissal<State, Action>

  let store: Store<State, Action>
  let reduceLog: ReduceLog<State, Action, Environment>
  /// The warning handler of the last line that sent, to reuse when it sends again.
  var lastWarningHandler: (location: SourceLocation, handler: RuntimeWarnings.Handler)?
  /// Runtime warnings raised and not yet recorded, with the line of the send they came from.
  let warnings = LockedState<[(message: String, location: SourceLocation)]>([])

  /// Records the runtime warnings raised so far as test failures, each at its send's line.
  ///
  /// Nonisolated: the deinit calls it; `warnings` is behind a lock.
  nonisolated func recordWarnings() {
    for warning in warnings.withLock({ warnings in
      defer { warnings = [] }; return warnings
    }) {
      Issue.record(Comment(rawValue: warning.message), sourceLocation: warning.location)
    }
  }
  /// The state the test has accounted for so far.
  var assertedState: State
  /// The shared values as of ``assertedState`` (kept with what the deinit checks).
  var assertedShared: SharedValues {
    get { endOfTest.withLock { $0.assertedShared } }
    set { endOfTest.withLock { $0.assertedShared = newValue } }
  }
  /// The sends whose effects may still be running, to name them if they outlive the test.
  var sends: [SendRecord] { endOfTest.withLock { $0.records } }

  /// Records a send; forgets the ones whose effects have all ended, so the list stays as short
  /// as what is running.
  func record(_ send: SendRecord) {
    endOfTest.withLock { state in
      state.records.removeAll { !$0.task.hasLiveEffects }
      state.records.append(send)
    }
  }

  let endOfTest = LockedState(EndOfTest())
  /// The test's shared values (the reduce log's), for the deinit.
  let sharedRegistry: SharedRegistry
  /// The reduce log's received actions, for the deinit.
  let unreceived: ReceivedActions<State, Action>
  /// Where the store was made: where end-of-test failures with no better line are reported.
  let creation: SourceLocation
  /// Whether this store holds ``GlobalJobRouting`` on (the portable and executor runtime
  /// paths).
  let routesGlobalJobs: Bool
  /// The jobs of this store's effects, and of nothing else; the test's work (``TestWork``)
  /// counts them too.
  let tally = JobTally(parent: TestWork.current ?? MainQueueJobs.shared.everything)

  /// Creates a test store that runs `reducer` with `environment`.
  ///
  /// - Parameters:
  ///   - initialState: The state before the first action.
  ///   - reducer: The feature under test.
  ///   - environment: Its dependencies: test doubles, a ``TestClock``.
  ///   - sourceLocation: Where a failure is reported: the caller's line, by default.
  public init(
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: Environment,
    sourceLocation: SourceLocation = #_sourceLocation
  ) where State: Equatable {
    _ = TestSeamInstallation.installed
    let reduceLog = ReduceLog<State, Action, Environment>(
      environment: environment, sharedRegistry: SharedRegistry.current())
    self.unreceived = reduceLog.received
    self.sharedRegistry = reduceLog.sharedRegistry
    // NB: The test store stands in for a parent: the feature's `.dismiss` and `dismiss()`
    // dismiss it (``isDismissed``), as in TCA.
    let dismissal = RootDismissal<State, Action>()
    self.dismissal = dismissal
    let recording = Reducer<State, Action, Void> { state, action, _ in
      let effect = reducer.reduce(into: &state, action: action, environment: reduceLog.environment)
      reduceLog.didReduce(action, state: state)
      return effect
    }
    self.reduceLog = reduceLog
    self.assertedState = initialState
    self.creation = sourceLocation
    // NB: Below the fast path (see `GlobalJobRouting` for why), the jobs of this store's
    // effects are routed from the global executor to the main queue instead, while it lives.
    routesGlobalJobs = !RuntimePath.isFastPathAvailable
    if routesGlobalJobs { GlobalJobRouting.retain() }
    self.store = Store(
      initialState: initialState, reducer: recording, environment: (),
      context: DeterministicJobs.context(tally: tally))
    dismissal.store = store
    assertedShared = reduceLog.sharedRegistry.snapshot()
    // NB: Its effects run in the test's context: an issue a test double records from an
    // effect (`unimplemented`, `Issue.record`) belongs to this test, at the line it names.
    // NB: The test store stands in for the feature's parent: `dismiss()` in its effects
    // dismisses it (``isDismissed``). Bound for the runner, so every effect inherits it.
    store.launchEffectRunnerInCurrentTask(dismiss: { dismissal.dismiss() })
  }

  /// Creates a test store whose environment is `environment` adjusted by `prepare`: TCA's
  /// `withDependencies:`, for a test that needs a few endpoints of a failing client.
  ///
  /// ```swift
  /// let store = TestStore(
  ///   initialState: Facts.State(), reducer: Facts.reducer, environment: Facts.Environment()
  /// ) {
  ///   $0.facts.fetch = { "\($0) is a number" }   // every other endpoint still fails
  /// }
  /// ```
  public convenience init(
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: Environment,
    sourceLocation: SourceLocation = #_sourceLocation,
    withEnvironment prepare: (inout Environment) -> Void
  ) where State: Equatable {
    var environment = environment
    prepare(&environment)
    self.init(
      initialState: initialState, reducer: reducer, environment: environment,
      sourceLocation: sourceLocation)
  }

  /// A test store compares the state after every step, so its state must be `Equatable`: this
  /// initialiser stands in for the real one when it is not, to say so in one error.
  @available(
    *, unavailable,
    message:
      "TestStore compares the state after each step, so its state must be Equatable: add ': Equatable' to the state's type (and to each type it holds)"
  )
  public init(
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: Environment,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    fatalError("unavailable")
  }

  /// The `withEnvironment:` form, for a state that is not `Equatable`: unavailable, to say so.
  @available(
    *, unavailable,
    message:
      "TestStore compares the state after each step, so its state must be Equatable: add ': Equatable' to the state's type (and to each type it holds)"
  )
  public convenience init(
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: Environment,
    sourceLocation: SourceLocation = #_sourceLocation,
    withEnvironment prepare: (inout Environment) -> Void
  ) {
    fatalError("unavailable")
  }

  deinit {
    // NB: A plain deinit runs synchronously where the last reference is released — at the end
    // of the test, inside its task — so Swift Testing can attribute the failure to the test.
    // (An isolated deinit runs without the test's task-local context.) Everything read here is
    // Sendable; the actions were recorded on the main actor before the test released the store.
    defer {
      GlobalJobRouting.disown(tally)
      if routesGlobalJobs { GlobalJobRouting.release() }
    }
    recordWarnings()
    let leftovers = endOfTest.withLock { $0 }
    // NB: A cancelled effect has ended, as in TCA, even while its task unwinds: a test whose
    // last action cancelled or dismissed it ends here cleanly.
    let running = leftovers.records.filter { $0.task.hasLiveEffects }
    for record in running { record.task.cancel() }
    let actions = unreceived.all
    if leftovers.exhaustive, !actions.isEmpty {
      Issue.record(
        Comment(
          rawValue: FailureMessage.unreceivedActions(actions, before: "before the test ended")),
        sourceLocation: leftovers.records.last?.location ?? creation)
    }
    // NB: Read where the test released its store, as TCA's `completed()` does: the test's
    // awaits ordered every write before this, and nothing writes during it.
    if leftovers.exhaustive {
      for message in Self.sharedChanges(
        since: leftovers.assertedShared, now: sharedRegistry.snapshot(),
        moment: "before the test ended")
      {
        Issue.record(
          Comment(rawValue: message), sourceLocation: leftovers.records.last?.location ?? creation)
      }
    }
    if leftovers.exhaustive, !running.isEmpty {
      Issue.record(
        Comment(
          rawValue: FailureMessage.effectsStillRunning(
            running.map { ($0.action, "\($0.location.fileName):\($0.location.line)") })),
        sourceLocation: running[0].location)
    }
  }

  /// Lets the work effects have been unblocked to do run until it waits again (quiet, by the
  /// ``SettleRule``), or until `isDone` holds. Work that never goes quiet fails the test,
  /// naming the sends that started it, and is cancelled; then this returns `false`.
  ///
  /// - Parameter step: Where the test is, for the failure: "after sending .load", say.
  @discardableResult
  func settle(
    during step: @autoclosure () -> String,
    until isDone: @escaping @MainActor () -> Bool = { false }
  ) async -> Bool {
    defer { recordWarnings() }
    let outcome = await MainQueueJobs.shared.wait(for: tally, until: isDone)
    guard outcome == .neverQuiet else { return true }
    await neverQuiet(during: step())
    return false
  }

  /// Fails the test for work that never went quiet, naming the running sends, and cancels
  /// them; a cancelled test (a time limit, say) stops waiting without a failure of its own.
  func neverQuiet(during step: String) async {
    guard !Task.isCancelled else { return }
    let running = runningSends()
    Issue.record(
      Comment(
        rawValue: FailureMessage.neverQuiet(
          running.map(origin), during: step, jobs: tally.jobLimit,
          aftermath: "The test store cancelled its running effects.")),
      sourceLocation: running.first?.location ?? creation)
    cancelEverything()
    _ = await MainQueueJobs.shared.wait(for: tally)
  }

  /// ``waitForEffects(timeout:tally:neverQuiet:givesUpWhenQuiet:until:)`` reporting as
  /// ``settle(during:until:)`` does.
  func waitForEffects(
    during step: @autoclosure () -> String, timeout: Duration,
    givesUpWhenQuiet: @MainActor () -> Bool = { false },
    until condition: @escaping @MainActor () -> Bool
  ) async -> Bool {
    defer { recordWarnings() }
    return await LoopTesting.waitForEffects(
      timeout: timeout, tally: tally, neverQuiet: { await neverQuiet(during: step()) },
      givesUpWhenQuiet: givesUpWhenQuiet, until: condition)
  }

  /// This store's effects asleep on a ``TestClock``, each with its deadline and the clock's
  /// time now.
  func parkedSleepers() -> [(deadline: Duration, now: Duration)] {
    guard let owner = store.effectOwner else { return [] }
    return TestClock.parkedSleepers(ownedBy: owner)
  }

  /// The sends with an effect still running that was not cancelled.
  func runningSends() -> [SendRecord] {
    sends.filter { $0.task.hasLiveEffects }
  }

  func origin(_ record: SendRecord) -> (action: Any, location: String) {
    (record.action, "\(record.location.fileName):\(record.location.line)")
  }

  func cancelEverything() {
    for record in sends { record.task.cancel() }
  }

  /// Records a failure, or, when exhaustivity is off, a known issue if skipped assertions are
  /// shown.
  ///
  /// The message is an autoclosure: it is only built when it is recorded, so a passing test
  /// pays nothing for dumping and diffing its state.
  func fail(
    _ message: @autoclosure () -> String, at location: SourceLocation, skippable: Bool = false
  ) {
    if skippable, case let .off(showSkippedAssertions) = exhaustivity {
      guard showSkippedAssertions else { return }
      withKnownIssue {
        Issue.record(Comment(rawValue: FailureMessage.skipped(message())), sourceLocation: location)
      }
      return
    }
    Issue.record(Comment(rawValue: message()), sourceLocation: location)
  }

}

// NB: Not nested in the generic `TestStore`: the list of them is then a concrete type, whose
// code is specialised, not looked up per call.
/// A send whose effects may still be running, to name if they outlive the test.
struct SendRecord: Sendable {
  var task: StoreTask
  var action: any Sendable
  var location: SourceLocation
}

/// What a test store's deinit checks, kept Sendable so a nonisolated deinit may read it.
struct EndOfTest: Sendable {
  var records: [SendRecord] = []
  var exhaustive = true
  var assertedShared: SharedValues = [:]
}

/// Waits until `condition` holds: first until the work `tally` counts is quiet, then — only
/// for effects doing real work elsewhere — until one of its jobs makes `condition` hold, or
/// `timeout` passes on the real clock (the backstop). Returns whether it held.
///
/// - Parameters:
///   - tally: The jobs of the work waited for; `condition` is looked at after each.
///   - neverQuiet: Called when the work never goes quiet: it reports that and cancels the
///     work; the wait then ends.
@MainActor
func waitForEffects(
  timeout: Duration, tally: JobTally, neverQuiet: () async -> Void,
  givesUpWhenQuiet: @MainActor () -> Bool = { false },
  until condition: @escaping @MainActor () -> Bool
) async -> Bool {
  if condition() { return true }
  let jobs = MainQueueJobs.shared
  var outcome = await jobs.wait(for: tally, until: condition)
  // NB: Quiet, with an effect parked on a TestClock: only the test moves that time, and it is
  // waiting here, so no timeout can help.
  if outcome == .quiet, givesUpWhenQuiet() { return condition() }
  if outcome == .quiet {
    // NB: Quiet and not done: the effects wait on something outside the test store (real I/O,
    // or a TestClock the test has not advanced). Their next job looks again; the timeout is
    // the backstop, and can only fail the test.
    outcome = await jobs.wait(
      for: tally, until: condition, endsWhenQuiet: false, timeout: timeout)
  }
  if outcome == .neverQuiet { await neverQuiet() }
  return condition()
}

/// The parent a test store stands in for: dismissing the feature under test ends its effects.
@MainActor
final class RootDismissal<State, Action: Sendable>: Sendable {
  private(set) var isDismissed = false
  weak var store: Store<State, Action>?

  nonisolated init() {}

  func dismiss() {
    guard !isDismissed else { return }
    isDismissed = true
    store?.endEffects()
  }
}

/// What the test store's reducer wrapper saw: the sent action's resulting state, and the
/// actions effects sent back, with the state after each.
final class ReduceLog<State, Action, Environment> {
  var environment: Environment
  var expectingSentAction = false
  var sentState: State?
  var sentShared: SharedValues?
  /// The actions received and not yet asserted, each with the state after it.
  let received = ReceivedActions<State, Action>()
  /// The test's shared values: read after each action, with the state.
  let sharedRegistry: SharedRegistry

  init(environment: Environment, sharedRegistry: SharedRegistry) {
    self.environment = environment
    self.sharedRegistry = sharedRegistry
  }

  func didReduce(_ action: Action, state: State) {
    let shared = sharedRegistry.snapshot()
    if expectingSentAction {
      expectingSentAction = false
      sentState = state
      sentShared = shared
    } else {
      received.append(action, state: state, shared: shared)
    }
  }
}

/// The shared values of a test at one moment, by slot.
typealias SharedValues = [ObjectIdentifier: SharedSnapshot]
