import LoopTesting
import Testing

@testable import Loop

@Suite("EffectToken")
struct EffectTokenTests {
  @Test("cancelling a running effect cancels its task", .hangBackstop)
  func cancelRunning() async {
    let token = EffectToken(tags: [], cascade: nil)
    let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    // NB: A stream nothing yields to: iterating it ends only when the task is cancelled.
    let (untilCancelled, untilCancelledContinuation) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      #expect(token.startInCurrentTask())
      startedContinuation.yield()
      for await _ in untilCancelled {}
      let wasCancelled = Task.isCancelled
      if !token.finish() { await token.waitForCanceller() }
      return wasCancelled
    }
    for await _ in started { break }
    token.cancel()
    #expect(await task.value)
    #expect(token.isCancelled)
    untilCancelledContinuation.finish()
  }

  @Test("an effect cancelled before its task starts never starts")
  func cancelPending() async {
    let token = EffectToken(tags: [], cascade: nil)
    token.cancel()
    let started = await Task { token.startInCurrentTask() }.value
    #expect(!started)
    #expect(token.finish())
  }

  @Test("cancels racing the effects' ends, from other threads, never touch an ended task")
  func cancelRacesFinish() async {
    // NB: A stress test: a canceller that used the task handle of an ended task would crash
    // or, under `swift test --sanitize=thread`, be reported. It cannot prove the absence of
    // a race; the phases it relies on are checked one by one in RuntimeStateMachineTests.
    await withTaskGroup(of: Void.self) { group in
      for round in 0..<2_000 {
        let token = EffectToken(tags: [], cascade: nil)
        group.addTask {
          guard token.startInCurrentTask() else { return #expect(token.finish()) }
          if round.isMultiple(of: 2) { await Task.yield() }
          if !token.finish() { await token.waitForCanceller() }
        }
        group.addTask { token.cancel() }
      }
    }
  }
}
