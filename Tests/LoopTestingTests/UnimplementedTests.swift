import Foundation
import Loop
import LoopTesting
import Testing

/// `unimplemented` makes a failing endpoint of every dependency shape: async or not, throwing
/// or not (then it returns a placeholder), with any number of arguments.
@Suite("unimplemented")
struct UnimplementedTests {
  struct Dependencies {
    var asyncThrowing: @Sendable (Int, Int) async throws -> String
    var throwing: @Sendable (Int) throws -> String
    var plain: @Sendable () -> String
    var plainThree: @Sendable (Int, Int, Int) -> Int
    var async: @Sendable (String) async -> [Int]
    var void: @Sendable (String, Int) -> Void
    var five: @Sendable (Int, String, Double, [Int], Bool) async throws -> Int
  }

  /// Every endpoint unimplemented.
  static var unimplementedDependencies: Dependencies {
    Dependencies(
      asyncThrowing: unimplemented("D.asyncThrowing"), throwing: unimplemented("D.throwing"),
      plain: unimplemented("D.plain", placeholder: "—"),
      plainThree: unimplemented("D.plainThree", placeholder: -1),
      async: unimplemented("D.async", placeholder: []),
      void: unimplemented("D.void", placeholder: ()),
      five: unimplemented("D.five"))
  }

  static func failures(_ body: () async -> Void) async -> [String] {
    let messages = LockedState<[String]>([])
    await withKnownIssue {
      await body()
    } matching: { issue in
      messages.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
      return true
    }
    return messages.withLock { $0 }
  }

  static func message(_ endpoint: String) -> String {
    """
    \(endpoint) was called but not implemented for this test.

    To fix, give the test double an implementation of \(endpoint), or change the feature so it \
    does not call it.
    """
  }

  @Test("throwing endpoints fail the test and throw UnimplementedError")
  func throwing() async {
    let dependencies = Self.unimplementedDependencies
    let failures = await Self.failures {
      await #expect(throws: UnimplementedError(endpoint: "D.asyncThrowing")) {
        try await dependencies.asyncThrowing(1, 2)
      }
      #expect(throws: UnimplementedError(endpoint: "D.throwing")) {
        try dependencies.throwing(1)
      }
      await #expect(throws: UnimplementedError(endpoint: "D.five")) {
        try await dependencies.five(1, "two", 3, [4], true)
      }
    }
    #expect(failures == ["D.asyncThrowing", "D.throwing", "D.five"].map(Self.message))
  }

  @Test("non-throwing endpoints fail the test and return their placeholder")
  func placeholders() async {
    let dependencies = Self.unimplementedDependencies
    let failures = await Self.failures {
      #expect(dependencies.plain() == "—")
      #expect(dependencies.plainThree(1, 2, 3) == -1)
      #expect(await dependencies.async("x") == [])
      dependencies.void("x", 1)
    }
    #expect(failures == ["D.plain", "D.plainThree", "D.async", "D.void"].map(Self.message))
  }

  @Test("every shape compiles, with no argument to six of any types")
  func arities() {
    let _: @Sendable () async throws -> Int = unimplemented("a")
    let _: @Sendable (Int) async throws -> Int = unimplemented("a")
    let _: @Sendable (Int, Int) async throws -> Int = unimplemented("a")
    let _: @Sendable (Int, Int, Int) async throws -> Int = unimplemented("a")
    let _: @Sendable () throws -> Int = unimplemented("a")
    let _: @Sendable (Int) throws -> Int = unimplemented("a")
    let _: @Sendable (Int, Int) throws -> Int = unimplemented("a")
    let _: @Sendable (Int, Int, Int) throws -> Int = unimplemented("a")
    let _: @Sendable () -> Int = unimplemented("a", placeholder: 0)
    let _: @Sendable (Int) -> Int = unimplemented("a", placeholder: 0)
    let _: @Sendable (Int, Int) -> Int = unimplemented("a", placeholder: 0)
    let _: @Sendable (Int, Int, Int) -> Int = unimplemented("a", placeholder: 0)
    let _: @Sendable () async -> Int = unimplemented("a", placeholder: 0)
    let _: @Sendable (Int) async -> Int = unimplemented("a", placeholder: 0)
    let _: @Sendable (Int, Int) async -> Int = unimplemented("a", placeholder: 0)
    let _: @Sendable (Int, Int, Int) async -> Int = unimplemented("a", placeholder: 0)
    let _: @Sendable (Int, String, Int?, [Int], Bool, Double) async throws -> Int =
      unimplemented("a")
    let _: @Sendable (Int, String, Int?, [Int], Bool, Double) throws -> Void = unimplemented("a")
    let _: @Sendable (Int, String, Int?, [Int], Bool, Double) -> Int =
      unimplemented("a", placeholder: 0)
    let _: @Sendable (Int, String, Int?, [Int], Bool, Double) async -> [String] =
      unimplemented("a", placeholder: [])
  }
}
