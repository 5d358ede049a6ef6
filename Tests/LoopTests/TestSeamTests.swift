import LoopTesting
import Testing

// Everything LoopTesting changes in Loop's runtime goes through one value, `TestSeam`
// (Sources/Loop/Runtime/TestSeam.swift), installed once.
@testable import Loop

@Suite("The one test seam")
struct TestSeamTests {
  @Test("the seam's members are the whole of what tests change in the runtime")
  func members() {
    let seam = TestSeam(
      effectContext: { nil }, sharedRegistry: { nil }, reportFailure: { _, _ in },
      routesCurrentTask: { false })
    #expect(
      Mirror(reflecting: seam).children.map(\.label) == [
        "effectContext", "sharedRegistry", "reportFailure", "routesCurrentTask", "sharedOverlay",
      ])
  }

  @Test("LoopTesting installs it as the process loads; a second install changes nothing")
  func installedOnce() throws {
    let installed = try #require(TestSeam.installed)
    TestSeam.install(
      TestSeam(
        effectContext: { nil }, sharedRegistry: { nil }, reportFailure: { _, _ in },
        routesCurrentTask: { true }))
    #expect(TestSeam.installed === installed)
  }
}
