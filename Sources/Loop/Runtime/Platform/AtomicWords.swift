internal import LoopAtomics

// NB: Loop's floor (macOS 14, iOS 17) is below `Synchronization.Atomic`'s (macOS 15, iOS 18),
// so the operations come from a small C target using the same compiler builtins. One path for
// every OS: no `#available` on the hottest part of starting and cancelling an effect.
/// A few machine words shared between threads and touched only with atomic operations
/// (acquire loads, release stores, acquire-release read-modify-writes).
///
/// The words are either one allocation, owned by the object that made them with
/// ``init(count:)``, which frees them in its deinit with ``deallocate()``; or an object's own
/// first stored property, with ``init(storedPropertiesOf:)`` (no allocation: an effect token's).
@usableFromInline
package struct AtomicWords: @unchecked Sendable {
  // NB: @unchecked: the memory is only ever read and written through the atomic operations
  // below, and lives until its owner's deinit, after every thread is done with the owner.
  private let base: UnsafeMutablePointer<Int>

  /// Allocates `count` words, each zero.
  package init(count: Int) {
    base = .allocate(capacity: count)
    base.initialize(repeating: 0, count: count)
  }

  // NB: A class's stored properties are laid out in the order they are declared, after the
  // object header (swift-atomics' `ManagedAtomic` relies on the same); the owner checks the
  // address in debug builds.
  /// The words at the start of `object`'s stored properties: its first stored property must be
  /// a tuple of `Int`s, which only these operations touch after `object`'s init.
  @inline(__always)
  init(storedPropertiesOf object: AnyObject) {
    base = _getUnsafePointerToStoredProperties(object).assumingMemoryBound(to: Int.self)
  }

  /// The address of word 0, for the owner's layout check.
  var address: UnsafeMutableRawPointer { UnsafeMutableRawPointer(base) }

  /// Frees the words; called once, by the owner's deinit.
  func deallocate() {
    base.deallocate()
  }

  @usableFromInline
  package func load(_ index: Int) -> Int {
    loop_atomic_load(base + index)
  }

  package func store(_ value: Int, at index: Int) {
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
