// The code Docs/LoopTesting.docc/Testing.md shows for "The doubles TCA ships", compiled and run.
import Foundation
import LoopTesting
import Testing

enum Todos {
  struct Environment {
    var uuid: @Sendable () -> UUID
    var save: @Sendable (UUID) async throws -> Void
    var clock: any Clock<Duration>
  }
}

@Test("the test doubles, as the guide shows them")
func testDoublesExample() async throws {
  let saved = LockIsolated<[UUID]>([])
  let environment = Todos.Environment(
    uuid: UUID.incrementing(),
    save: { id in saved.withValue { $0.append(id) } },
    clock: UnimplementedClock("Todos.clock")
  )
  try await environment.save(environment.uuid())
  try await environment.save(environment.uuid())
  #expect(saved.value == [UUID(0), UUID(1)])
}
