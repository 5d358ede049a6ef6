import Testing

@testable import Loop

private final class Token {}

@Suite("Effect runtime state machines")
struct RuntimeStateMachineTests {
  @Test("an effect cancelled before it starts never runs, and has no task to cancel")
  func phaseCancelledBeforeStart() {
    let cancel = EffectPhase.pending.cancelled
    #expect(cancel?.next == .cancelled)
    #expect(cancel?.cancelsTask == false)
    #expect(EffectPhase.cancelled.started == nil)
    #expect(EffectPhase.cancelled.finish == .none)
  }

  @Test("cancelling a running effect cancels its task once, and its end waits for that")
  func phaseCancelRunning() {
    #expect(EffectPhase.pending.started == .running)
    let cancel = EffectPhase.running.cancelled
    #expect(cancel?.next == .cancelling)
    #expect(cancel?.cancelsTask == true)
    // While the canceller holds the task's handle, the task must not end.
    #expect(EffectPhase.cancelling.finish == .wait)
    #expect(EffectPhase.cancelling.cancelled == nil)
    #expect(EffectPhase.cancelled.cancelled == nil)
    #expect(EffectPhase.running.finish == .move(to: .finished))
    #expect(EffectPhase.finished.cancelled == nil)
    #expect(EffectPhase.finished.started == nil)
  }

  @Test("an end that waits for the canceller is resumed by it, and nothing else moves it")
  func phaseEndWaitsForCanceller() {
    #expect(!EffectPhase.cancelling.cancellerResumesFinisher)
    #expect(EffectPhase.cancellingAwaited.cancellerResumesFinisher)
    #expect(EffectPhase.cancellingAwaited.cancelled == nil)
    #expect(EffectPhase.cancellingAwaited.finish == .none)
    #expect(EffectPhase.cancellingAwaited.started == nil)
  }

  @Test("the registry cancels in flight only for tags that ask, and only under that id")
  func registryCancelInFlight() {
    var registry = CancellationRegistry<Token>()
    let a = Token()
    let b = Token()
    let c = Token()
    let search = CancellationTag(id: EffectID("search"), cancelInFlight: true)
    let other = CancellationTag(id: EffectID("other"), cancelInFlight: false)
    #expect(registry.register(a, tags: [search]).isEmpty)
    #expect(registry.register(b, tags: [other]).isEmpty)
    #expect(
      registry.register(c, tags: [search]).map(ObjectIdentifier.init) == [ObjectIdentifier(a)])
    #expect(registry.registrationCount == 2)
    #expect(
      registry.cancel(id: EffectID("other")).map(ObjectIdentifier.init) == [ObjectIdentifier(b)])
    registry.unregister(c, tags: [search])
    #expect(registry.registrationCount == 0)
    #expect(registry.cancel(id: EffectID("search")).isEmpty)
  }

  @Test("the registry ends the effects of named or absent children, and forgets ended ones")
  func registryChildren() {
    var registry = CancellationRegistry<Token>()
    let (rowA, rowB, rowC, saved) = (Token(), Token(), Token(), Token())
    func lifetime(_ id: Int) -> CancellationTag {
      CancellationTag(lifetime: ChildLifetimeID(scope: "rows", child: id))
    }
    _ = registry.register(rowA, tags: [lifetime(1)])
    _ = registry.register(rowB, tags: [lifetime(2)])
    _ = registry.register(rowC, tags: [lifetime(3)])
    _ = registry.register(saved, tags: [.outlivingChild])
    #expect(registry.registrationCount == 3, "the outliving mark is no id")
    #expect(
      registry.cancelChildren(in: "rows", [AnyHashable(1)]).map(ObjectIdentifier.init)
        == [ObjectIdentifier(rowA)])
    #expect(registry.cancelChildren(in: "rows", [AnyHashable(1)]).isEmpty, "already ended")
    registry.unregister(rowB, tags: [lifetime(2)])
    #expect(
      registry.cancelChildren(in: "rows") { _ in true }.map(ObjectIdentifier.init)
        == [ObjectIdentifier(rowC)])
    #expect(registry.registrationCount == 0)
    #expect(registry.cancelChildren(in: "other") { _ in true }.isEmpty)
  }

  @Test("a cascade resumes its waiters when its last effect ends, not before")
  func cascadeWaiters() {
    var cascade = CascadeState<Token, String>()
    let a = Token()
    let b = Token()
    #expect(cascade.wait("early") == false, "nothing running: do not wait")
    let addedA = cascade.add(a)
    #expect(addedA)
    let addedB = cascade.add(b)
    #expect(addedB)
    let waiting = cascade.wait("w1")
    #expect(waiting)
    #expect(cascade.remove(a, needsNoCancel: { _ in true }).isEmpty)
    #expect(Array(cascade.remove(b, needsNoCancel: { _ in true })) == ["w1"])
    #expect(cascade.members.isEmpty, "an idle cascade lists no effect")
    #expect(cascade.waiters.isEmpty)
  }

  @Test("a busy cascade forgets its ended effects once they outnumber the running ones")
  func cascadeCompacts() {
    var cascade = CascadeState<Token, String>()
    let longRunning = Token()
    _ = cascade.add(longRunning)
    var ended: Set<ObjectIdentifier> = []
    for _ in 0..<1_000 {
      let token = Token()
      _ = cascade.add(token)
      ended.insert(ObjectIdentifier(token))
      _ = cascade.remove(token, needsNoCancel: { ended.contains(ObjectIdentifier($0)) })
    }
    #expect(cascade.runningCount == 1)
    #expect(cascade.members.count <= 2 * 1 + 16 + 1)
    #expect(cascade.members.contains { $0 === longRunning })
    #expect(cascade.cancel().contains { $0 === longRunning })
  }

  @Test("a cancelled cascade cancels its running effects and every one that joins later")
  func cascadeCancel() {
    var cascade = CascadeState<Token, String>()
    let a = Token()
    let added = cascade.add(a)
    #expect(added)
    #expect(cascade.cancel().count == 1)
    #expect(cascade.add(Token()) == false)
    #expect(cascade.isCancelled)
  }
}

@Suite("EffectRunnerState")
struct EffectRunnerStateTests {
  typealias State = EffectRunnerState<Int, String>

  @Test("the first effect launches the runner; later ones only queue while it runs")
  func launchOnce() {
    var state = State()
    #expect(state.start(1) == .launch)
    #expect(state.start(2) == .none)
    var batch: [Int] = []
    state.takePending(into: &batch)
    #expect(batch == [1, 2])
    #expect(state.pending.isEmpty)
  }

  @Test("the runner does not wait while effects are queued: its waiter comes straight back")
  func waitWithWorkQueued() {
    var state = State()
    _ = state.start(1)
    #expect(state.wait("runner") == "runner")
    #expect(state.waiter == nil)
  }

  @Test("an effect queued after the runner waits resumes it, once")
  func startAfterWait() {
    var state = State()
    _ = state.start(1)
    var batch: [Int] = []
    state.takePending(into: &batch)
    #expect(state.wait("runner") == nil)
    #expect(state.start(2) == .resume("runner"))
    #expect(state.waiter == nil)
    #expect(state.start(3) == .none)
    #expect(state.pending == [2, 3])
  }

  @Test("shutting down hands back the unstarted effects and the waiter; nothing starts after")
  func shutDown() {
    var state = State()
    _ = state.start(1)
    var batch: [Int] = []
    state.takePending(into: &batch)
    #expect(state.wait("runner") == nil)
    let (unstarted, waiter) = state.shutDown()
    #expect(unstarted.isEmpty)
    #expect(waiter == "runner")
    #expect(state.start(2) == .none)
    #expect(state.pending.isEmpty)
    #expect(state.wait("again") == "again")
  }

  @Test("shutting down with effects queued hands them back to be cancelled")
  func shutDownWithQueue() {
    var state = State()
    _ = state.start(1)
    _ = state.start(2)
    let (unstarted, waiter) = state.shutDown()
    #expect(unstarted == [1, 2])
    #expect(waiter == nil)
  }
}
