import Dispatch
import Loop
import LoopTesting
import Testing

/// A task parked in a test store's wait comes back as one main-queue job, queued when it is
/// resumed: on the portable path through `GlobalJobRouting.parkCurrentTask()` (the others prefer
/// `MainActorTaskExecutor`). Unrouted, its resumption would go through the global executor and
/// hop back to the main actor, two thread wake-ups, and land behind whatever the main queue was
/// given meanwhile.
@MainActor
@Suite("A parked waiter resumes as one main-queue job", .hangBackstop)
struct ParkedWaiterTests {
  @Test("its resumption is queued when it is resumed, ahead of a job queued just after")
  func resumesAhead() async {
    #expect(GlobalJobRouting.retain())
    defer { GlobalJobRouting.release() }
    // NB: Unrouted, a round could pass by chance (a pool thread hopping back first); 100 in a
    // row could not.
    for round in 0..<100 {
      let parking = Parking()
      let waiter = Task { @MainActor in
        let parked = GlobalJobRouting.parkCurrentTask()
        await withUnsafeContinuation { parking.park($0) }
        parking.order.append("resumed")
        if let parked { GlobalJobRouting.unpark(parked) }
      }
      await parking.untilParked()
      MainQueue.queue.async {
        MainActor.assumeIsolated {
          parking.resume()
          MainQueue.queue.async { MainActor.assumeIsolated { parking.order.append("after") } }
        }
      }
      await waiter.value
      #expect(parking.order == ["resumed", "after"], "round \(round)")
    }
  }
}

/// One waiter's continuation, and the test's wait for it to be parked.
///
/// Who wakes the test: `park`, which the waiter calls as it suspends; `untilParked` looks for
/// the continuation in the same main-actor step that publishes its own.
@MainActor
private final class Parking {
  var order: [String] = []
  private var waiter: UnsafeContinuation<Void, Never>?
  private var watcher: UnsafeContinuation<Void, Never>?

  func park(_ continuation: UnsafeContinuation<Void, Never>) {
    waiter = continuation
    watcher?.resume()
    watcher = nil
  }

  func untilParked() async {
    await withUnsafeContinuation { continuation in
      if waiter != nil { continuation.resume() } else { watcher = continuation }
    }
  }

  func resume() {
    waiter?.resume()
    waiter = nil
  }
}
