import Foundation

/// The shared values of the process — or, in a test, of that test alone: LoopTesting gives each
/// test a registry of its own (through the `TestSeam`), so tests running in parallel never share a
/// value, and a file key is kept in memory there.
public final class SharedRegistry: @unchecked Sendable {
  // NB: @unchecked: `slots` is behind its lock; the rest is immutable.
  private let slots = LockedState<[String: any AnySharedSlot]>([:])
  /// Whether file keys are kept in memory (a test's registry).
  let keepsFilesInMemory: Bool

  /// The registry of the process.
  static let process = SharedRegistry(keepsFilesInMemory: false)
  /// What decoded shared values belong to: nothing is registered in it.
  static let detached = SharedRegistry(keepsFilesInMemory: true)

  package init(keepsFilesInMemory: Bool) {
    self.keepsFilesInMemory = keepsFilesInMemory
  }

  /// The registry values made now belong to: the current test's (see `TestSeam`), else the
  /// process's.
  package static func current() -> SharedRegistry {
    TestSeam.installed?.sharedRegistry() ?? process
  }

  /// Whether this registry's slots are written through a test store's assertion overlay: a
  /// test's and a decoded value's, not the process's. (A test store snapshots and overlays its
  /// test's registry only; a value made outside any test's task, in the process's registry, is
  /// never one it asserts. Asking the seam on the process's writes would put a call, and a
  /// retain of the slot, on every app write.)
  private var checksOverlay: Bool { self !== Self.process }

  /// The slot of `key`: the one there is, or a new one starting from the file (for a file key
  /// outside tests) or from `value`.
  func slot<Value>(for key: SharedKey<Value>, default value: () -> Value) -> SharedSlot<Value> {
    slots.withLock { slots in
      if let existing = slots[key.id] {
        if let slot = existing as? SharedSlot<Value> { return slot }
        reportRuntimeWarning(
          """
          The shared key \(key) holds a value of another type than \(Value.self): this \
          Shared is not shared with it.

          To fix, give values of different types different keys.
          """)
        return SharedSlot(
          key: key, value: value(), persistence: nil, checksOverlay: checksOverlay)
      }
      let persistence =
        keepsFilesInMemory && !key.isKeptOnDiskInTests ? nil : key.persistence?()
      var initial: Value?
      if let persistence {
        do {
          initial = try persistence.load()
        } catch {
          reportRuntimeWarning(
            """
            A shared value could not be loaded: \(error)
            """)
        }
      }
      let slot = SharedSlot(
        key: key, value: initial ?? value(), persistence: persistence,
        checksOverlay: checksOverlay)
      slots[key.id] = slot
      if persistence != nil { hasFiles.withLock { $0 = true } }
      return slot
    }
  }

  /// Every slot, with how many times it changed and its value now: what a test store compares
  /// to find what a step changed.
  package func snapshot() -> [ObjectIdentifier: SharedSnapshot] {
    // NB: A test with no shared value (most) reads nothing and allocates nothing.
    let slots = self.slots.withLock { $0.isEmpty ? [] : Array($0.values) }
    guard !slots.isEmpty else { return [:] }
    var snapshot: [ObjectIdentifier: SharedSnapshot] = [:]
    for slot in slots {
      snapshot[ObjectIdentifier(slot)] = SharedSnapshot(
        slot: slot, changeCount: slot.changeCount, value: slot.anyValue)
    }
    return snapshot
  }

  /// Writes every file-backed shared value that has a change not yet saved, and returns once
  /// they are on disk: call it before the app exits.
  ///
  /// ```swift
  /// try SharedRegistry.flush()
  /// ```
  public static func flush() throws(SharedStorageError) {
    try process.flushAll()
  }

  /// Writes what is pending of the process's file-backed values, reporting a failure as a
  /// runtime warning: what a store does as it goes away.
  static func flushAfterStoreEnded() {
    let current = current()
    for registry in current === process ? [process] : [process, current]
    where registry.hasFiles.withLock({ $0 }) {
      do {
        try registry.flushAll()
      } catch {
        reportRuntimeWarning(
          "A shared value could not be saved as its store went away: \(error)")
      }
    }
  }

  /// Whether a slot of this registry is kept in a file.
  private let hasFiles = LockedState(false)

  func flushAll() throws(SharedStorageError) {
    for slot in slots.withLock({ Array($0.values) }) { try slot.flush() }
  }
}

/// One shared value at one moment, for a test store.
package struct SharedSnapshot: Sendable {
  package let slot: any AnySharedSlot
  package let changeCount: Int
  package let value: any Sendable
}
