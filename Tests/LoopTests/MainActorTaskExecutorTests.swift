import Dispatch
import Testing

@testable import Loop

@MainActor
@Suite("MainActorTaskExecutor")
struct MainActorTaskExecutorTests {
  @Test("a task preferring it resumes on the main queue in order, with no trip through the pool")
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  func resumesInMainQueueOrder() async {
    // NB: Through the global executor the task would come back after the marker most of the
    // time, not always (it races the pool); 20 rounds make a regression fail every run. Straight
    // onto the main queue, every round is in order by the queue's FIFO.
    for round in 1...20 {
      let log = LockedState<[String]>([])
      await withTaskExecutorPreference(MainActorTaskExecutor.shared) { @MainActor in
        await withUnsafeContinuation { continuation in
          // Runs on the main actor once this task has suspended: it resumes the task, then
          // queues a marker on the main queue.
          Task { @MainActor in
            continuation.resume()
            DispatchQueue.main.async { log.withLock { $0.append("marker") } }
          }
        }
        log.withLock { $0.append("resumed") }
      }
      await withUnsafeContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
      }
      #expect(log.withLock { $0 } == ["resumed", "marker"], "round \(round)")
    }
  }

  @Test(
    "cancelling the task waiting in finish cancels the effects, on the main actor or off it",
    arguments: [true, false])
  func cancellingTheWaiterCancelsTheEffects(onMainActor: Bool) async {
    let started = AsyncStream<Void>.makeStream()
    let cancelled = Flag()
    let reducer = Reducer<Probe.State, Probe.Action, Void> { state, action, _ in
      guard case .tap = action else { return .none }
      return .run { _ in
        await withTaskCancellationHandler {
          started.continuation.yield()
          // Ends only when cancelled.
          for await _ in AsyncStream<Void>.makeStream().stream {}
        } onCancel: {
          cancelled.set()
        }
      }
    }
    let store = Store(initialState: Probe.State(), reducer: reducer, environment: ())
    let task = store.send(.tap("forever"))
    var iterator = started.stream.makeAsyncIterator()
    await iterator.next()
    let waiter =
      onMainActor
      ? Task { await task.finish() }
      : Task.detached { await task.finish() }
    waiter.cancel()
    await waiter.value
    #expect(cancelled.isSet)
    #expect(store.inFlightEffectCount == 0)
  }
}
