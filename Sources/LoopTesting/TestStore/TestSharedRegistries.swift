import Loop
import Testing

/// Each test's shared values: a registry per test (per test case, for a parameterised test),
/// so tests running in parallel never share a value, and file keys stay in memory.
enum TestSharedRegistries {
  private static let registries = LockedState<[String: SharedRegistry]>([:])

  /// What tells the running test (per test case, for a parameterised one) from every other:
  /// the key of its shared values here, and of its work in ``TestWork``; `nil` outside a test.
  static var currentTestID: String? {
    guard let test = Test.current else { return nil }
    return "\(test.id)|\(Test.Case.current.map { String(describing: $0) } ?? "")"
  }

  /// The registry of the current test (made on its first use); `nil` outside a test.
  static var current: SharedRegistry? {
    guard let id = currentTestID else { return nil }
    return registries.withLock { registries in
      if let registry = registries[id] { return registry }
      let registry = SharedRegistry(keepsFilesInMemory: true)
      registries[id] = registry
      return registry
    }
  }
}
