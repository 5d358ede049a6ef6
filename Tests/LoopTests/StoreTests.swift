import Dispatch
import Loop
import LoopTesting
import Observation
import Testing

@MainActor
@Suite("Store")
struct StoreTests {
  @Test("send reduces synchronously, before it returns")
  func sendReducesSynchronously() {
    let store = Store(initialState: Probe.State(), reducer: counter, environment: ())
    store.send(.increment)
    #expect(store.state.count == 1)
  }

  @Test(".send effects are reduced first in, first out, before send returns")
  func sendEffectsAreFIFO() {
    let reducer = Reducer<Probe.State, Probe.Action, Void> { state, action, _ in
      guard case let .tap(name) = action else { return .none }
      state.log.append(name)
      switch name {
      case "a": return .merge(.send(.tap("b")), .send(.tap("c")))
      case "b": return .send(.tap("d"))
      default: return .none
      }
    }
    let store = Store(initialState: Probe.State(), reducer: reducer, environment: ())
    let task = store.send(.tap("a"))
    #expect(store.state.log == ["a", "b", "c", "d"])
    #expect(task.isCancelled, "a send that started no async effect has nothing to run")
    #expect(store.inFlightEffectCount == 0)
  }

  @Test("a send made while reducing is queued, never nested")
  func reentrantSendIsQueued() {
    let holder = StoreHolder()
    let reducer = Reducer<Probe.State, Probe.Action, Void> { state, action, _ in
      guard case let .tap(name) = action else { return .none }
      state.log.append("begin \(name)")
      if name == "outer" { holder.store?.send(.tap("inner")) }
      state.log.append("end \(name)")
      return .none
    }
    let store = Store(initialState: Probe.State(), reducer: reducer, environment: ())
    holder.store = store
    store.send(.tap("outer"))
    #expect(store.state.log == ["begin outer", "end outer", "begin inner", "end inner"])
  }

  @Test("a queued re-entrant send returns a task that waits for its own effects")
  func reentrantSendTask() async {
    let holder = StoreHolder()
    var innerTask: StoreTask?
    let reducer = Reducer<Probe.State, Probe.Action, Void> { state, action, _ in
      switch action {
      case .tap("outer"):
        innerTask = holder.store?.send(.tap("inner"))
        return .none
      case .tap("inner"):
        return .run { send in await send(.effect("inner")) }
      case let .effect(name):
        state.log.append(name)
        return .none
      default:
        return .none
      }
    }
    let store = Store(initialState: Probe.State(), reducer: reducer, environment: ())
    holder.store = store
    store.send(.tap("outer"))
    await innerTask?.finish()
    #expect(store.state.log == ["inner"])
  }

  @Test("an effect's actions are reduced on the main actor in the order it sends them")
  func effectActionsInOrder() async {
    let reducer = Reducer<Probe.State, Probe.Action, Void> { state, action, _ in
      switch action {
      case .tap:
        return .run { send in
          for index in 0..<100 { await send(.effect("\(index)")) }
        }
      case let .effect(name):
        MainActor.assertIsolated()
        state.log.append(name)
        return .none
      case .increment:
        return .none
      }
    }
    let store = Store(initialState: Probe.State(), reducer: reducer, environment: ())
    await store.send(.tap("go")).finish()
    #expect(store.state.log == (0..<100).map { "\($0)" })
  }

  @Test(
    "finish waits for the whole cascade: effects and the effects of the actions they send",
    .deterministicJobs)
  func finishWaitsForCascade() async {
    let clock = TestClock()
    let reducer = Reducer<Probe.State, Probe.Action, TestClock> { state, action, clock in
      switch action {
      case .tap:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.effect("first"))
        }
      case .effect("first"):
        state.log.append("first")
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.effect("second"))
        }
      case let .effect(name):
        state.log.append(name)
        return .none
      case .increment:
        return .none
      }
    }
    let store = Store.testing(Probe.State(), reducer, clock)
    let task = store.send(.tap("go"))
    let finished = Flag()
    let waiter = Task {
      await task.finish(); finished.set()
    }
    await clock.advance(by: .seconds(1))
    #expect(store.state.log == ["first"])
    #expect(!finished.isSet)
    await clock.advance(by: .seconds(1))
    await waiter.value
    #expect(store.state.log == ["first", "second"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test(
    "StoreTask.cancel cancels the cascade, and nothing it sends afterwards is reduced",
    .deterministicJobs)
  func storeTaskCancel() async {
    let clock = TestClock()
    let cancelled = Flag()
    let reducer = Reducer<Probe.State, Probe.Action, TestClock> { state, action, clock in
      switch action {
      case .tap:
        return .run { send in
          do {
            try await clock.sleep(for: .seconds(1))
          } catch {
            cancelled.set()
          }
          await send(.effect("late"))
        }
      case let .effect(name):
        state.log.append(name)
        return .none
      case .increment:
        return .none
      }
    }
    let store = Store.testing(Probe.State(), reducer, clock)
    let task = store.send(.tap("go"))
    await clock.advance()
    #expect(clock.sleeperCount == 1)
    task.cancel()
    #expect(task.isCancelled)
    await task.finish()
    #expect(cancelled.isSet)
    #expect(store.state.log == [])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test(
    "cancellation ids are scoped to the store: another store's cancel leaves this one's effects alone",
    .deterministicJobs
  )
  func cancellationIsPerStore() async {
    let clock = TestClock()
    let reducer = Reducer<Probe.State, Probe.Action, TestClock> { state, action, clock in
      switch action {
      case .tap("start"):
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.effect("done"))
        }
        .cancellable(id: "shared")
      case .tap("cancel"):
        return .cancel(id: "shared")
      case let .effect(name):
        state.log.append(name)
        return .none
      default:
        return .none
      }
    }
    let first = Store.testing(Probe.State(), reducer, clock)
    let second = Store.testing(Probe.State(), reducer, clock)
    let firstTask = first.send(.tap("start"))
    second.send(.tap("start"))
    second.send(.tap("cancel"))
    await clock.advance(by: .seconds(1))
    await firstTask.finish()
    #expect(first.state.log == ["done"])
    #expect(second.state.log == [])
  }

  @Test(
    "releasing the store cancels its effects, and no action reaches its reducer afterwards",
    .deterministicJobs)
  func releaseCancelsEffects() async {
    let clock = TestClock()
    let cancelled = Flag()
    let reduced = Tally()
    let reducer = Reducer<Probe.State, Probe.Action, TestClock> { _, action, clock in
      reduced.increment()
      guard case .tap = action else { return .none }
      return .run { send in
        do {
          try await clock.sleep(for: .seconds(1))
        } catch {
          cancelled.set()
        }
        await send(.effect("after release"))
      }
    }
    var store: Store<Probe.State, Probe.Action>? = Store.testing(Probe.State(), reducer, clock)
    store?.send(.tap("go"))
    await clock.advance()
    #expect(clock.sleeperCount == 1)
    store = nil
    await clock.advance()
    #expect(cancelled.isSet)
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(5))
    #expect(reduced.value == 1)
  }

  @Test("a scoped store shares its parent's state both ways")
  func scopeStaysInSync() {
    struct Parent: Equatable { var child = Probe.State(); var other = 0 }
    enum ParentAction: Sendable { case child(Probe.Action); case bump }
    let reducer = Reducer<Parent, ParentAction, Void> { state, action, _ in
      switch action {
      case .child(.increment): state.child.count += 1
      case .child: break
      case .bump: state.child.count += 10
      }
      return .none
    }
    let parent = Store(initialState: Parent(), reducer: reducer, environment: ())
    let child = parent.scope(state: \.child, action: ParentAction.child)
    child.send(.increment)
    #expect(parent.state.child.count == 1)
    parent.send(.bump)
    #expect(child.state.count == 11)
    let grandchild = child.scope(state: \.count, action: { (_: Void) in Probe.Action.increment })
    grandchild.send(())
    #expect(grandchild.state == 12)
    #expect(parent.state.child.count == 12)
  }

  @Test("states yields the current state, then each distinct state after a send")
  func statesStream() async {
    let store = Store(initialState: Probe.State(), reducer: counter, environment: ())
    var iterator = store.states.makeAsyncIterator()
    #expect(await iterator.next()?.count == 0)
    store.send(.increment)
    store.send(.tap("no change"))
    store.send(.increment)
    #expect(await iterator.next()?.count == 1)
    #expect(await iterator.next()?.count == 2)
  }

  @Test("states(removingDuplicatesBy:) skips the states its check calls repeats")
  func statesSkippingRepeats() async {
    let store = Store(initialState: Probe.State(), reducer: counter, environment: ())
    var iterator = store.states(removingDuplicatesBy: { $0.count / 2 == $1.count / 2 })
      .makeAsyncIterator()
    #expect(await iterator.next()?.count == 0)
    store.send(.increment)
    store.send(.increment)
    store.send(.increment)
    store.send(.increment)
    #expect(await iterator.next()?.count == 2)
    #expect(await iterator.next()?.count == 4)
  }

  @Test("a scoped store's states follow the parent")
  func scopedStates() async {
    let store = Store(initialState: Probe.State(), reducer: counter, environment: ())
    let child = store.scope(state: \.count, action: { (_: Void) in Probe.Action.increment })
    var iterator = child.states.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    child.send(())
    #expect(await iterator.next() == 1)
  }

  @Test("an error thrown without catch: is reported and the store keeps working")
  func unhandledErrorIsReported() async {
    struct Boom: Error {}
    let warnings = WarningLog()
    let reducer = Reducer<Probe.State, Probe.Action, Void> { state, action, _ in
      switch action {
      case .tap: return .run { _ in throw Boom() }
      case .increment:
        state.count += 1
        return .none
      case .effect: return .none
      }
    }
    await RuntimeWarnings.withHandler({ warnings.append($0) }) {
      let store = Store(initialState: Probe.State(), reducer: reducer, environment: ())
      await store.send(.tap("boom")).finish()
      store.send(.increment)
      #expect(store.state.count == 1)
    }
    #expect(warnings.all.count == 1)
    #expect(
      warnings.all.first?.hasPrefix(
        #"An effect threw an error that no "catch:" handler took: Boom()"#) == true)
  }

  @Test("observers are notified once per send, after its queued actions")
  func observationOncePerSend() {
    let reducer = Reducer<Probe.State, Probe.Action, Void> { state, action, _ in
      state.count += 1
      if case .tap("chain") = action { return .merge(.send(.increment), .send(.increment)) }
      return .none
    }
    let store = Store(initialState: Probe.State(), reducer: reducer, environment: ())
    let changes = Tally()
    withObservationTracking {
      _ = store.state
    } onChange: {
      changes.increment()
    }
    store.send(.tap("chain"))
    #expect(changes.value == 1)
    #expect(store.state.count == 3)
  }

  @Test("CPU-heavy work in a @concurrent function does not block the store")
  func concurrentWorkDoesNotBlock() async {
    let gate = DispatchSemaphore(value: 0)
    let started = AsyncStream<Void>.makeStream()
    let reducer = Reducer<Probe.State, Probe.Action, Void> { state, action, _ in
      switch action {
      case .tap:
        return .run { send in
          await send(.effect(await occupyThread(until: gate, started: started.continuation)))
        }
      case let .effect(name):
        state.log.append(name)
        return .none
      case .increment:
        state.count += 1
        return .none
      }
    }
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: ())
    #expect(isOnMainQueue(), "the check below needs main-actor code to run on the main queue")
    let store = Store(initialState: Probe.State(), reducer: reducer, environment: ())
    let task = store.send(.tap("heavy"))
    var iterator = started.stream.makeAsyncIterator()
    await iterator.next()
    // The heavy work holds a thread now; the store must still take actions.
    store.send(.increment)
    #expect(store.state.count == 1)
    gate.signal()
    await task.finish()
    #expect(store.state.log == ["off the main queue, gate opened"])
  }

  private var counter: Reducer<Probe.State, Probe.Action, Void> {
    Reducer { state, action, _ in
      if case .increment = action { state.count += 1 }
      return .none
    }
  }
}

/// Holds its thread, as CPU-bound work does, until `gate` opens, and says where it ran. On the
/// store's actor the test could not open the gate, so there it does not wait: it says so, and
/// the test fails on that, with no deadlock and no clock.
@concurrent
private func occupyThread(until gate: DispatchSemaphore, started: AsyncStream<Void>.Continuation)
  async -> String
{
  let onMainQueue = isOnMainQueue()
  started.yield()
  guard !onMainQueue else { return "on the main queue" }
  gate.wait()
  return "off the main queue, gate opened"
}

private let mainQueueKey = DispatchSpecificKey<Void>()

/// Whether the caller runs on the main queue, the main actor's executor.
private func isOnMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainQueueKey) != nil }

@MainActor
final class StoreHolder {
  var store: Store<Probe.State, Probe.Action>?
}
