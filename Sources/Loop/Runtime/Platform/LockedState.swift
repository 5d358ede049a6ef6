#if canImport(Darwin)
  import os
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// NB: Loop uses this instead of `Synchronization.Mutex` because ThreadSanitizer on Linux
// cannot see `Mutex`'s futex-based locking and reports every access it guards as a race
// (reproduced with Swift 6.3.1). A pthread mutex is understood by ThreadSanitizer, so
// `swift test --sanitize=thread` stays able to report real races.
/// A value guarded by a platform lock: `pthread_mutex_t` on Linux, `os_unfair_lock` on Apple
/// platforms. The value and the lock share one allocation.
package struct LockedState<State>: @unchecked Sendable {
  // NB: `State` is only read or written inside `withLock`, under the lock.
  private final class Storage: ManagedBuffer<State, PlatformLock> {
    deinit {
      withUnsafeMutablePointers { _, lock in destroyLock(lock) }
    }
  }

  private let storage: Storage

  /// Creates a lock guarding `initial`.
  package init(_ initial: State) {
    let buffer = Storage.create(minimumCapacity: 1) { _ in initial }
    storage = unsafeDowncast(buffer, to: Storage.self)
    storage.withUnsafeMutablePointerToElements { initializeLock($0) }
  }

  /// Runs `body` with exclusive access to the value.
  @inlinable
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try withLockedPointer { try body(&$0.pointee) }
  }

  @usableFromInline
  func withLockedPointer<Result>(
    _ body: (UnsafeMutablePointer<State>) throws -> Result
  ) rethrows -> Result {
    try storage.withUnsafeMutablePointers { state, lock in
      acquire(lock)
      defer { release(lock) }
      return try body(state)
    }
  }
}

#if canImport(Darwin)
  typealias PlatformLock = os_unfair_lock
  private func initializeLock(_ lock: UnsafeMutablePointer<PlatformLock>) {
    lock.initialize(to: os_unfair_lock())
  }
  private func destroyLock(_ lock: UnsafeMutablePointer<PlatformLock>) {}
  private func acquire(_ lock: UnsafeMutablePointer<PlatformLock>) { os_unfair_lock_lock(lock) }
  private func release(_ lock: UnsafeMutablePointer<PlatformLock>) { os_unfair_lock_unlock(lock) }
#else
  typealias PlatformLock = pthread_mutex_t
  private func initializeLock(_ lock: UnsafeMutablePointer<PlatformLock>) {
    lock.initialize(to: pthread_mutex_t())
    let result = pthread_mutex_init(lock, nil)
    precondition(result == 0, "pthread_mutex_init failed: \(result)")
  }
  private func destroyLock(_ lock: UnsafeMutablePointer<PlatformLock>) {
    pthread_mutex_destroy(lock)
  }
  private func acquire(_ lock: UnsafeMutablePointer<PlatformLock>) {
    let result = pthread_mutex_lock(lock)
    precondition(result == 0, "pthread_mutex_lock failed: \(result)")
  }
  private func release(_ lock: UnsafeMutablePointer<PlatformLock>) {
    let result = pthread_mutex_unlock(lock)
    precondition(result == 0, "pthread_mutex_unlock failed: \(result)")
  }
#endif
