import Loop
import LoopTesting
import Testing

/// A timer stopped from outside: `.start` runs a cancellable sleeper, and a cancellable loop
/// over events the test sends, each a `.stop`, whose reducer cancels them both.
private enum Stopper {
  struct State: Equatable { var isRunning = false }
  enum Action: Equatable, Sendable { case start, stop, tick }
  struct Environment: Sendable {
    var clock: TestClock
    var events: AsyncStream<Void>
  }

  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .start:
      state.isRunning = true
      return .merge(
        .run { send in
          try await environment.clock.sleep(for: .seconds(10))
          await send(.tick)
        },
        .run { send in
          for await _ in environment.events { await send(.stop) }
        }
      )
      .cancellable(id: "timer")
    case .stop:
      state.isRunning = false
      return .cancel(id: "timer")
    case .tick:
      return .none
    }
  }
}

/// A parent presenting a child whose timer runs until an event outside closes the child.
private enum Closer {
  struct Child: Equatable, Sendable { var ticks = 0 }
  enum ChildAction: Equatable, Sendable { case start, tick, closeTapped }
  struct State: Equatable { var child: Child? = Child() }
  enum Action: Equatable, Sendable { case child(PresentationAction<ChildAction>) }

  static let child = Reducer<Child, ChildAction, Stopper.Environment> {
    state, action, environment in
    switch action {
    case .start:
      return .merge(
        .run { send in
          while true {
            try await environment.clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        },
        .run { send in
          for await _ in environment.events { await send(.closeTapped) }
        })
    case .tick:
      state.ticks += 1
      return .none
    case .closeTapped:
      return .none
    }
  }

  static let reducer = Reducer<State, Action, Stopper.Environment> { state, action, _ in
    if case .child(.presented(.closeTapped)) = action { state.child = nil }
    return .none
  }
  .presents(state: \.child, action: Action.child, environment: { $0 }, then: child)
}

@Suite("A cancelled effect has ended")
@MainActor
struct CancelledEffectTests {
  @Test("a test whose last received action cancels the effects still running ends cleanly")
  func lastReceivedActionCancels() async {
    let (events, continuation) = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(
      initialState: Stopper.State(), reducer: Stopper.reducer,
      environment: Stopper.Environment(clock: TestClock(), events: events))
    await store.send(.start) { $0.isRunning = true }
    continuation.yield()
    await store.receive(.stop) { $0.isRunning = false }
  }

  @Test("a test whose last received action dismisses a child with a timer ends cleanly")
  func lastReceivedActionDismisses() async {
    let (events, continuation) = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(
      initialState: Closer.State(), reducer: Closer.reducer,
      environment: Stopper.Environment(clock: TestClock(), events: events))
    await store.send(.child(.presented(.start)))
    continuation.yield()
    await store.receive(.child(.presented(.closeTapped))) { $0.child = nil }
  }

  @Test("an effect that really is still running is still reported")
  func stillRunningIsReported() async {
    let (events, _) = AsyncStream.makeStream(of: Void.self)
    await withKnownIssue {
      let store = TestStore(
        initialState: Stopper.State(), reducer: Stopper.reducer,
        environment: Stopper.Environment(clock: TestClock(), events: events))
      await store.send(.start) { $0.isRunning = true }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("An effect is still running") }
    }
  }
}

@Suite("finish() and an effect asleep on a TestClock")
@MainActor
struct FinishAsleepTests {
  @Test("finish() facing a sleeper nobody advances says so at once, naming it and its time")
  func sleeperNobodyAdvances() async {
    let clock = TestClock()
    let (events, _) = AsyncStream.makeStream(of: Void.self)
    let line = #line + 8
    let messages = LockedState<[String]>([])
    await withKnownIssue {
      let store = TestStore(
        initialState: Stopper.State(), reducer: Stopper.reducer,
        environment: Stopper.Environment(clock: clock, events: events))
      // NB: A timeout no test run reaches: the verdict must come at once, not from it.
      store.timeout = .seconds(600)
      await store.send(.start) { $0.isRunning = true }
      await clock.advance(by: .seconds(4))
      await store.finish()
    } matching: { issue in
      messages.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
      return true
    }
    #expect(
      messages.withLock { $0 } == [
        """
        An effect is still running at the end of the test: it sleeps on a TestClock that \
        nothing advances while finish() waits.

          asleep until 10 seconds on a TestClock at 4 seconds
          started by sending Stopper.Action.start at CancelledEffectTests.swift:\(line)

        To fix, advance the clock past that time before finish() \
        (`await clock.advance(by: .seconds(6))`, or `await clock.run()`), cancel the effect from \
        the feature (`.cancel(id:)`), or call `await store.skipInFlightEffects()`.
        """
      ])
  }

  @Test("finish() facing an effect that waits on something else waits out its timeout, as before")
  func otherWaitTimesOut() async {
    let (events, _) = AsyncStream.makeStream(of: Void.self)
    let line = #line + 8
    let messages = LockedState<[String]>([])
    await withKnownIssue {
      let store = TestStore(
        initialState: Stopper.State(),
        reducer: Reducer<Stopper.State, Stopper.Action, Void> { _, _, _ in
          .run { _ in for await _ in events {} }
        }, environment: ())
      await store.send(.start)
      await store.finish(timeout: .milliseconds(10))
    } matching: { issue in
      messages.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
      return true
    }
    #expect(
      messages.withLock { $0 } == [
        """
        An effect is still running at the end of the test:

          started by sending Stopper.Action.start at CancelledEffectTests.swift:\(line)

        To fix, let each finish (advance the TestClock, or `await store.finish()`), cancel it \
        from the feature (`.cancel(id:)`), or call `await store.skipInFlightEffects()`.
        """
      ])
  }
}
