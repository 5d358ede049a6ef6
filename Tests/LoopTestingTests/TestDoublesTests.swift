import Foundation
import LoopTesting
import Testing

/// The test doubles TCA ships and every port wrote by hand (a client module's failing value is
/// in MovieSearchTests' `FailingServiceTests`).
@Suite("Test doubles", .hangBackstop)
struct TestDoublesTests {
  @Test("UUID(n) ends in n; incrementing gives UUID(0), UUID(1), … in order")
  func uuids() {
    #expect(UUID(0).uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(UUID(1).uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
    let uuid = UUID.incrementing()
    #expect([uuid(), uuid(), uuid()] == [UUID(0), UUID(1), UUID(2)])
  }

  @Test("LockIsolated changes its value under a lock, from any task")
  func lockIsolated() async {
    let count = LockIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 { group.addTask { count.withValue { $0 += 1 } } }
    }
    #expect(count.value == 100)
    count.setValue(7)
    #expect(count.value == 7)
  }

  @Test("Task.never() suspends until its task is cancelled, then throws CancellationError")
  func never() async {
    let task = Task { () async throws -> Void in try await Task.never() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test("an UnimplementedClock fails the test when slept on, naming itself, and throws")
  func unimplementedClock() async {
    let clock = UnimplementedClock("Timer.clock")
    await withKnownIssue {
      await #expect(throws: UnimplementedError(endpoint: "Timer.clock.sleep")) {
        try await clock.sleep(for: .seconds(1))
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        Timer.clock.sleep was called but not implemented for this test.

        To fix, give the feature a clock it may use (a TestClock, an ImmediateClock), or change \
        it so it does not use one.
        """
      ]
    }
  }
}
