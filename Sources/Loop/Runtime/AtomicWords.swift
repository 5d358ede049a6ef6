internal import LoopAtomics

/// A few machine words shared between threads and touched only with atomic operations
/// (acquire loads, release stores, acquire-release read-modify-writes).
///
/// The words are one allocation, owned by the object that made them, which frees them in its
/// deinit with ``deallocate()``.
///
/// NB: Loop's floor (macOS 14, iOS 17) is below `Synchronization.Atomic`'s (macOS 15, iOS 18),
/// so the operations come from a small C target using the same compiler builtins. One path for
/// every OS: no `#available` on the hottest part of starting and cancelling an effect.
@usableFromInline
struct AtomicWords: @unchecked Sendable {
  // NB: @unchecked: the memory is only ever read and written through the atomic operations
  // below, and lives until its owner's deinit, after every thread is done with the owner.
  private let base: UnsafeMutablePointer<Int>

  /// Allocates `count` words, each zero.
  init(count: Int) {
    base = .allocate(capacity: count)
    base.initialize(repeating: 0, count: count)
  }

  /// Frees the words; called once, by the owner's deinit.
  func deallocate() {
    base.deallocate()
  }

  func load(_ index: Int) -> Int {
    loop_atomic_load(base + index)
  }

  func store(_ value: Int, at index: Int) {
    loop_atomic_store(base + index, value)
  }

  /// Stores `desired` if word `index` holds `expected`; returns whether it did and what the
  /// word held.
  func compareExchange(
    at index: Int, expected: Int, desired: Int
  ) -> (exchanged: Bool, original: Int) {
    var original = expected
    let exchanged = loop_atomic_compare_exchange(base + index, &original, desired)
    return (exchanged, original)
  }

  /// Adds `delta` to word `index`; returns the new value.
  @discardableResult
  func add(_ delta: Int, at index: Int) -> Int {
    loop_atomic_add(base + index, delta)
  }
}
