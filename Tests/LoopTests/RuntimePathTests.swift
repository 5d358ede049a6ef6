import Dispatch
import Foundation
import LoopTesting
import Testing

@testable import Loop

@Suite("Runtime paths and what they share")
struct RuntimePathTests {
  @Test("LOOP_RUNTIME_PATH or LOOP_PORTABLE_RUNTIME=1 picks the path; else the fast one")
  func pathFollowsTheEnvironment() {
    let environment = ProcessInfo.processInfo.environment
    let asked = environment["LOOP_RUNTIME_PATH"].flatMap {
      ["portable", "executor"].contains($0) ? $0 : nil
    }
    let expected = environment["LOOP_PORTABLE_RUNTIME"] == "1" ? "portable" : asked ?? "fast"
    // NB: Linux has every API the fast path uses, so only the variables can slow it here.
    #expect(RuntimePath.name == expected)
    #expect(RuntimePath.isForcedPortable == (expected == "portable"))
    #expect(RuntimePath.isFast == (expected == "fast"))
    #expect(RuntimePath.prefersMainActorExecutor == (expected != "portable"))
  }

  @Test("how the two variables are read: LOOP_PORTABLE_RUNTIME=1 wins, an unknown path is ignored")
  func variablesAreRead() {
    #expect(RuntimePath.asked(portableRuntime: nil, runtimePath: nil) == .fast)
    #expect(RuntimePath.asked(portableRuntime: "0", runtimePath: "fast") == .fast)
    #expect(RuntimePath.asked(portableRuntime: nil, runtimePath: "executor") == .executor)
    #expect(RuntimePath.asked(portableRuntime: nil, runtimePath: "portable") == .portable)
    #expect(RuntimePath.asked(portableRuntime: "1", runtimePath: "executor") == .portable)
    #expect(RuntimePath.asked(portableRuntime: "1", runtimePath: nil) == .portable)
    #expect(RuntimePath.asked(portableRuntime: nil, runtimePath: "Executor") == .fast)
  }

  @Test("an app's runner waits preferring the main actor (fast, executor paths); a test's not")
  @MainActor
  func whoseWaitsPreferTheMainActor() {
    let perform: EffectRunner.Perform = EffectJob<Int>.perform
    #expect(
      EffectRunner(context: nil, perform: perform).waitsPreferringMainActor
        == RuntimePath.prefersMainActorExecutor)
    let routed = EffectContext(executor: nil, runnerDidStart: {})
    #expect(!EffectRunner(context: routed, perform: perform).waitsPreferringMainActor)
  }

  @Test("atomic words: loads, stores, compare-exchange, and additions from many threads at once")
  func atomicWords() {
    let words = AtomicWords(count: 2)
    defer { words.deallocate() }
    #expect(words.load(0) == 0 && words.load(1) == 0)
    words.store(7, at: 1)
    #expect(words.compareExchange(at: 1, expected: 3, desired: 9) == (false, 7))
    #expect(words.compareExchange(at: 1, expected: 7, desired: 9) == (true, 7))
    #expect(words.load(1) == 9)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<10_000 { words.add(1, at: 0) }
    }
    #expect(words.load(0) == 80_000)
    #expect(words.add(-80_000, at: 0) == 0)
  }

  @Test(
    "a store released off the main actor cancels its effects at once: an action sent before the shutdown runs is dropped",
    .hangBackstop)
  @MainActor
  func releasedOffTheMainActor() async {
    let started = AsyncStream<Void>.makeStream()
    let gate = AsyncStream<Void>.makeStream()
    let ended = AsyncStream<Void>.makeStream()
    let reduced = Tally()
    let reducer = Reducer<Probe.State, Probe.Action, Void> { _, action, _ in
      reduced.increment()
      guard case .tap = action else { return .none }
      return .run { send in
        started.continuation.yield()
        for await _ in gate.stream { break }
        await send(.effect("after release"))
        ended.continuation.yield()
      }
    }
    let holder = LockedState<Store<Probe.State, Probe.Action>?>(
      Store(initialState: Probe.State(), reducer: reducer, environment: ()))
    _ = holder.withLock { $0?.send(.tap("go")) }
    var startedIterator = started.stream.makeAsyncIterator()
    await startedIterator.next()
    // The main queue is held while the effect is let go and the last reference goes away on a
    // thread that is not the main queue's: the effect's next step is queued on the main actor
    // before the shutdown the release schedules there, and runs first. Its send must be
    // dropped all the same.
    let hold = DispatchSemaphore(value: 0)
    DispatchQueue.main.async { hold.wait() }
    await Task.detached {
      gate.continuation.yield()
      holder.withLock { $0 = nil }
      hold.signal()
    }.value
    var endedIterator = ended.stream.makeAsyncIterator()
    await endedIterator.next()
    #expect(reduced.value == 1)
  }
}
