import Loop
import LoopTesting
import Testing

/// A feature that runs whatever effect a test hands it and logs what comes back.
@MainActor
private func harness(
  clock: TestClock = TestClock(),
  _ effect: @escaping @Sendable (String, TestClock) -> Effect<Probe.Action>
) -> Store<Probe.State, Probe.Action> {
  let reducer = Reducer<Probe.State, Probe.Action, TestClock> { state, action, clock in
    switch action {
    case let .tap(name):
      return effect(name, clock)
    case let .effect(name):
      state.log.append(name)
      return .none
    case .increment:
      state.count += 1
      return .none
    }
  }
  return Store.testing(Probe.State(), reducer, clock)
}

@MainActor
@Suite("Effect", .deterministicJobs, .hangBackstop)
struct EffectTests {
  @Test(".none and .send create no task")
  func noneAndSendCreateNoTask() {
    let store = harness { name, _ in name == "none" ? .none : .send(.effect(name)) }
    store.send(.tap("none"))
    let task = store.send(.tap("send"))
    #expect(store.state.log == ["send"])
    #expect(store.inFlightEffectCount == 0)
    #expect(task.isCancelled, "there is no effect behind the task")
  }

  @Test(".run is counted in flight as soon as send returns, and done after finish")
  func runIsInFlight() async {
    let store = harness { _, _ in .run { send in await send(.effect("ran")) } }
    let task = store.send(.tap("go"))
    #expect(store.inFlightEffectCount == 1)
    await task.finish()
    #expect(store.inFlightEffectCount == 0)
    #expect(store.state.log == ["ran"])
  }

  @Test(".run(priority:) starts the effect's task at that priority, and .map keeps it")
  func runPriority() async {
    let store = harness { name, _ in
      let effect = Effect<Probe.Action>.run(priority: .low) { send in
        await send(.effect("\(name): \(Task.basePriority == .low)"))
      }
      return name == "mapped" ? effect.map { $0 } : effect
    }
    await store.send(.tap("plain")).finish()
    await store.send(.tap("mapped")).finish()
    #expect(store.state.log == ["plain: true", "mapped: true"])
  }

  @Test(".run's catch: handler turns a thrown error into actions")
  func runCatch() async {
    struct Failure: Error, CustomStringConvertible { var description: String { "failure" } }
    let store = harness { _, _ in
      .run { send in
        await send(.effect("before"))
        throw Failure()
      } catch: { error, send in
        await send(.effect("caught \(error)"))
      }
    }
    await store.send(.tap("go")).finish()
    #expect(store.state.log == ["before", "caught failure"])
  }

  @Test(".run ignores a CancellationError instead of calling the handler")
  func runIgnoresCancellation() async {
    let store = harness { _, _ in
      .run { _ in
        throw CancellationError()
      } catch: { _, send in
        await send(.effect("handler"))
      }
    }
    await store.send(.tap("go")).finish()
    #expect(store.state.log == [])
  }

  @Test(".stream sends every element of an async sequence, in order")
  func stream() async {
    let store = harness { _, _ in
      .stream(
        AsyncStream { continuation in
          for index in 1...3 { continuation.yield(Probe.Action.effect("\(index)")) }
          continuation.finish()
        })
    }
    await store.send(.tap("go")).finish()
    #expect(store.state.log == ["1", "2", "3"])
  }

  @Test(".merge sends its .send actions in order and runs its .run effects together")
  func merge() async {
    let clock = TestClock()
    let store = harness(clock: clock) { _, clock in
      .merge(
        .run { send in
          try await clock.sleep(for: .seconds(2))
          await send(.effect("slow"))
        },
        .send(.effect("sync 1")),
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.effect("fast"))
        },
        .merge(.send(.effect("sync 2")), .none)
      )
    }
    let task = store.send(.tap("go"))
    #expect(store.state.log == ["sync 1", "sync 2"])
    #expect(store.inFlightEffectCount == 2)
    await clock.advance(by: .seconds(2))
    await task.finish()
    #expect(store.state.log == ["sync 1", "sync 2", "fast", "slow"])
  }

  @Test(".concatenate starts each effect when the one before has finished")
  func concatenate() async {
    let clock = TestClock()
    let store = harness(clock: clock) { _, clock in
      .concatenate(
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.effect("first"))
        },
        .send(.effect("second")),
        .run { send in await send(.effect("third")) }
      )
    }
    let task = store.send(.tap("go"))
    await clock.advance(by: .milliseconds(999))
    #expect(store.state.log == [])
    await clock.advance(by: .milliseconds(1))
    await task.finish()
    #expect(store.state.log == ["first", "second", "third"])
  }

  @Test(".map transforms every action the effect sends")
  func map() async {
    let store = harness { _, _ in
      Effect<String>.merge(.send("a"), .run { send in await send("b") }).map {
        Probe.Action.effect($0.uppercased())
      }
    }
    await store.send(.tap("go")).finish()
    #expect(store.state.log == ["A", "B"])
  }

  @Test(".cancel(id:) cancels the in-flight effects with that id, and they send nothing more")
  func cancelByID() async {
    let clock = TestClock()
    let store = harness(clock: clock) { name, clock in
      switch name {
      case "start":
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.effect("finished"))
        }
        .cancellable(id: "timer")
      default:
        return .cancel(id: "timer")
      }
    }
    let first = store.send(.tap("start"))
    let second = store.send(.tap("start"))
    await clock.advance()
    store.send(.tap("cancel"))
    await first.finish()
    await second.finish()
    await clock.advance(by: .seconds(1))
    #expect(store.state.log == [])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test("cancelInFlight cancels the running effect with the id before the new one starts")
  func cancelInFlight() async {
    let clock = TestClock()
    let store = harness(clock: clock) { name, clock in
      .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.effect(name))
      }
      .cancellable(id: "search", cancelInFlight: true)
    }
    store.send(.tap("a"))
    await clock.advance(by: .milliseconds(500))
    #expect(clock.sleeperCount == 1)
    let last = store.send(.tap("b"))
    // The first effect is cancelled synchronously, during the send that replaced it: its
    // sleep has already been woken with a CancellationError.
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(1))
    await last.finish()
    #expect(store.state.log == ["b"])
  }

  @Test("cancelInFlight on a merged effect does not make its own operations cancel each other")
  func cancelInFlightOnMerge() async {
    let store = harness { _, _ in
      Effect.merge(
        .run { send in await send(.effect("one")) },
        .run { send in await send(.effect("two")) }
      )
      .cancellable(id: "pair", cancelInFlight: true)
    }
    await store.send(.tap("go")).finish()
    #expect(store.state.log == ["one", "two"])
  }

  @Test("a cancellable effect inside a concatenation is cancelled alone, not the sequence")
  func nestedCancellation() async {
    let clock = TestClock()
    let store = harness(clock: clock) { name, clock in
      guard name == "go" else { return .cancel(id: "inner") }
      return .concatenate(
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.effect("inner"))
        }
        .cancellable(id: "inner"),
        .send(.effect("after"))
      )
    }
    let task = store.send(.tap("go"))
    await clock.advance()
    store.send(.tap("cancel"))
    await task.finish()
    #expect(store.state.log == ["after"])
  }

  @Test(".debounce runs only the last effect of a burst, after the quiet period")
  func debounce() async {
    let clock = TestClock()
    let store = harness(clock: clock) { name, clock in
      .run { send in await send(.effect(name)) }
        .debounce(id: "debounce", for: .milliseconds(300), clock: clock)
    }
    store.send(.tap("b"))
    await clock.advance(by: .milliseconds(200))
    store.send(.tap("ba"))
    await clock.advance(by: .milliseconds(200))
    let last = store.send(.tap("bat"))
    await clock.advance(by: .milliseconds(299))
    #expect(store.state.log == [])
    await clock.advance(by: .milliseconds(1))
    await last.finish()
    #expect(store.state.log == ["bat"])
  }

  @Test(".throttle with latest: true runs the first at once and the latest when the window closes")
  func throttleLatest() async {
    let clock = TestClock()
    let store = harness(clock: clock) { name, clock in
      .run { send in await send(.effect(name)) }
        .throttle(id: "throttle", for: .seconds(1), clock: clock, latest: true)
    }
    store.send(.tap("1"))
    await clock.advance()
    #expect(store.state.log == ["1"])
    store.send(.tap("2"))
    store.send(.tap("3"))
    await clock.advance(by: .milliseconds(500))
    store.send(.tap("4"))
    await clock.advance(by: .milliseconds(499))
    #expect(store.state.log == ["1"])
    await clock.advance(by: .milliseconds(1))
    #expect(store.state.log == ["1", "4"])
    await clock.advance(by: .seconds(5))
    #expect(store.state.log == ["1", "4"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test(".throttle with latest: false runs the first of the window when it closes")
  func throttleFirst() async {
    let clock = TestClock()
    let store = harness(clock: clock) { name, clock in
      .run { send in await send(.effect(name)) }
        .throttle(id: "throttle", for: .seconds(1), clock: clock, latest: false)
    }
    store.send(.tap("1"))
    store.send(.tap("2"))
    store.send(.tap("3"))
    await clock.advance(by: .seconds(1))
    #expect(store.state.log == ["1", "2"])
    // A new window: the next effect after it closes runs at once.
    await clock.advance(by: .seconds(1))
    store.send(.tap("4"))
    await clock.advance()
    #expect(store.state.log == ["1", "2", "4"])
  }

  @Test(".timeout cancels a slow effect and sends onTimeout")
  func timeoutFires() async {
    let clock = TestClock()
    let store = harness(clock: clock) { _, clock in
      .run { send in
        await send(.effect("started"))
        try await clock.sleep(for: .seconds(10))
        await send(.effect("finished"))
      }
      .timeout(.seconds(2), clock: clock, onTimeout: .effect("timed out"))
    }
    let task = store.send(.tap("go"))
    await clock.advance(by: .seconds(2))
    await task.finish()
    #expect(store.state.log == ["started", "timed out"])
    #expect(clock.sleeperCount == 0)
  }

  @Test(".timeout lets an effect that finishes in time end normally, without onTimeout")
  func timeoutNotReached() async {
    let clock = TestClock()
    let store = harness(clock: clock) { _, clock in
      .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.effect("finished"))
      }
      .timeout(.seconds(2), clock: clock, onTimeout: .effect("timed out"))
    }
    let task = store.send(.tap("go"))
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state.log == ["finished"])
    await clock.advance(by: .seconds(5))
    #expect(store.state.log == ["finished"])
  }

  @Test(".retry runs a failing effect again after a doubling backoff")
  func retrySucceeds() async {
    struct Flaky: Error {}
    let clock = TestClock()
    let attempts = Tally()
    let store = harness(clock: clock) { _, _ in
      .run { send in
        attempts.increment()
        await send(.effect("attempt \(attempts.value)"))
        if attempts.value < 3 { throw Flaky() }
        await send(.effect("succeeded"))
      } catch: { _, send in
        await send(.effect("gave up"))
      }
      .retry(3, backoff: .seconds(1), clock: clock)
    }
    let task = store.send(.tap("go"))
    await clock.advance()
    #expect(store.state.log == ["attempt 1"])
    await clock.advance(by: .seconds(1))
    #expect(store.state.log == ["attempt 1", "attempt 2"])
    await clock.advance(by: .seconds(1))
    #expect(store.state.log == ["attempt 1", "attempt 2"], "the second backoff is 2 s")
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state.log == ["attempt 1", "attempt 2", "attempt 3", "succeeded"])
  }

  @Test(".retry hands the last error to catch: once every attempt has failed")
  func retryGivesUp() async {
    struct Down: Error {}
    let store = harness { _, _ in
      .run { send in
        await send(.effect("attempt"))
        throw Down()
      } catch: { _, send in
        await send(.effect("gave up"))
      }
      .retry(2, backoff: .seconds(1), clock: ImmediateClock())
    }
    await store.send(.tap("go")).finish()
    #expect(store.state.log == ["attempt", "attempt", "attempt", "gave up"])
  }

  @Test("actions runs an effect on its own as an AsyncStream")
  func actionsStream() async {
    let effect = Effect<Int>.merge(
      .send(1),
      .concatenate(.run { send in await send(2) }, .send(3))
    )
    var received: [Int] = []
    for await action in effect.actions { received.append(action) }
    #expect(received == [1, 2, 3])
  }

  @Test("actions ends the effect when the consumer stops")
  func actionsCancellation() async {
    let clock = TestClock()
    let effect = Effect<Int>.run { send in
      var tick = 0
      while true {
        try await clock.sleep(for: .seconds(1))
        tick += 1
        await send(tick)
      }
    }
    let task = Task { @MainActor in
      var received: [Int] = []
      for await action in effect.actions {
        received.append(action)
        if received.count == 2 { break }
      }
      return received
    }
    while clock.sleeperCount == 0 { await Task.yield() }
    await clock.advance(by: .seconds(1))
    while clock.sleeperCount == 0 { await Task.yield() }
    await clock.advance(by: .seconds(1))
    #expect(await task.value == [1, 2])
  }
}
