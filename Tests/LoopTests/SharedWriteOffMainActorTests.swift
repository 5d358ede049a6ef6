import Dispatch
import LoopTesting
import Testing

// A shared value is read and written on the main actor; a debug build reports a write made
// anywhere else (Sources/Loop/Sharing/SharedSlot.swift, `afterWrite`).
@testable import Loop

@MainActor
@Suite("A shared write off the main actor")
struct SharedWriteOffMainActorTests {
  /// Runs `body` on the global pool, with `handler` taking its runtime warnings, while the main
  /// thread waits: nothing on the main queue runs meanwhile, so the write races nothing.
  private func offMainActor(
    _ handler: @escaping @Sendable (String) -> Void, _ body: @escaping @Sendable () -> Void
  ) {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      RuntimeWarnings.withHandler(handler) { body() }
      done.signal()
    }
    // NB: A backstop only: the task runs on the pool, which the main thread does not wait for,
    // though it may wait behind other tests' work there.
    #expect(done.wait(timeout: .now() + 120) == .success)
  }

  @Test("is reported once per value, naming it and the fix")
  func reportedOnce() {
    let count = Shared(value: 0)
    let warnings = LockIsolated<[String]>([])
    offMainActor({ message in warnings.withValue { $0.append(message) } }) {
      count.wrappedValue += 1
      count.wrappedValue += 1
    }
    #if DEBUG
      #expect(warnings.value.count == 1)
      #expect(warnings.value.first?.contains("was written off the main actor") == true)
      #expect(warnings.value.first?.contains("await MainActor.run") == true)
    #else
      #expect(warnings.value.isEmpty)
    #endif
    #expect(count.wrappedValue == 2)
  }

  @Test("a write on the main actor is not reported")
  func mainActorWritesAreQuiet() {
    let count = Shared(value: 0)
    let warnings = LockIsolated<[String]>([])
    RuntimeWarnings.withHandler({ message in warnings.withValue { $0.append(message) } }) {
      count.wrappedValue += 1
    }
    #expect(warnings.value.isEmpty)
  }
}
