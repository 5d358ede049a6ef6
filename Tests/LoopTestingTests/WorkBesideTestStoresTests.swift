import Dispatch
import Loop
import LoopTesting
import Testing

/// A test store's verdicts are its own, on both runtime paths: other work in the process —
/// heavy, or blocking a thread until a task runs — is neither run on its main queue nor
/// counted as its effects' (on the portable path, `GlobalJobRouting` routes only the tasks a
/// test owns).
@MainActor
@Suite("Work beside a test store", .hangBackstop)
struct WorkBesideTestStoresTests {
  @Test("a flood of global-executor jobs outside the store does not keep it from going quiet")
  func floodBeside() async {
    // NB: 300,000 jobs, three times a test store's bound on the jobs it settles through: counted
    // as the store's, they would fail its send with "Effects never went quiet".
    let flood = Task.detached {
      for _ in 0..<300_000 {
        if Task.isCancelled { return }
        await Task.yield()
      }
    }
    defer { flood.cancel() }
    let clock = TestClock()
    let store = TestStore(
      initialState: Napper.State(), reducer: Napper.reducer,
      environment: clock as any Clock<Duration>)
    await store.send(.nap)
    await clock.advance(by: .seconds(1))
    await store.receive(.woke) { $0.naps = 1 }
  }

  @Test("the main thread blocked until a detached task runs, while a test store lives")
  func blockedMainThread() async {
    // NB: No TestClock: a test that makes one owns the tasks it starts, whose jobs are then
    // routed (see `DeterministicJobs`).
    let store = TestStore(
      initialState: Napper.State(), reducer: Napper.reducer,
      environment: ImmediateClock() as any Clock<Duration>)
    let ran = DispatchSemaphore(value: 0)
    Task.detached { ran.signal() }
    // NB: Routed to the main queue, the detached task would wait behind this very job. The
    // bound only ends that hang: the task may wait behind other tests' work on a busy pool.
    #expect(ran.wait(timeout: .now() + .seconds(120)) == .success)
    _ = store
  }
}
