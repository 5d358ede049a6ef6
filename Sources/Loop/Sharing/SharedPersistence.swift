import Dispatch
import Foundation

/// How a file-backed shared value is saved: after a change, it waits `delay` on the main
/// queue for more changes, takes one copy of the value there, and hands it to its
/// ``JSONFileStorage``, which encodes and writes it on its own thread. So a burst of edits is
/// saved once, the main actor only copies a reference-counted value, and a send never waits
/// for the disk.
@usableFromInline
final class SharedPersistence<Value: Sendable>: @unchecked Sendable {
  // NB: @unchecked: `isScheduled` and `read` are touched on the main thread only.
  let load: @Sendable () throws(SharedStorageError) -> Value?
  private let saveValue: @Sendable (Value) -> Void
  private let flushStorage: @Sendable () throws(SharedStorageError) -> Void
  private let delay: Duration
  private var isScheduled = false
  /// Reads the value to save, on the main thread: set by the slot that owns this, which it
  /// reaches weakly (`nil` once the slot is gone: nothing is left to save).
  var read: (() -> Value?)?

  init(
    load: @escaping @Sendable () throws(SharedStorageError) -> Value?,
    save: @escaping @Sendable (Value) -> Void,
    flush: @escaping @Sendable () throws(SharedStorageError) -> Void, delay: Duration
  ) {
    self.load = load
    self.saveValue = save
    self.flushStorage = flush
    self.delay = delay
  }

  /// The value changed: save it within the delay.
  @usableFromInline
  func didChange() {
    guard !isScheduled else { return }
    isScheduled = true
    MainQueue.queue.asyncAfter(deadline: .now() + delay.dispatchInterval) {
      self.hand()
    }
  }

  /// Hands the current value to the storage, if a save is due.
  private func hand() {
    guard isScheduled, let value = read?() else { return }
    isScheduled = false
    saveValue(value)
  }

  /// Writes the value now, if a save is due, and returns once it is on disk.
  func flush() throws(SharedStorageError) {
    hand()
    try flushStorage()
  }
}

extension SharedPersistence where Value: Codable {
  /// Saves to `storage` (written at once when handed: this waits the delay itself).
  convenience init(storage: JSONFileStorage<Value>, delay: Duration) {
    self.init(
      load: { () throws(SharedStorageError) -> Value? in try storage.load() },
      save: { storage.save($0) },
      flush: { () throws(SharedStorageError) in try storage.flush() }, delay: delay)
  }
}

extension SharedPersistence where Value: Codable {
  /// Saves to `defaults` under `name`, as JSON, encoded on a queue of its own.
  convenience init(defaults: UserDefaults, name: String, delay: Duration) {
    // NB: `UserDefaults` is thread-safe; it is not marked Sendable on every platform.
    nonisolated(unsafe) let defaults = defaults
    let queue = DispatchQueue(label: "Loop.SharedPersistence.defaults")
    self.init(
      load: { () throws(SharedStorageError) -> Value? in
        guard let data = defaults.data(forKey: name) else { return nil }
        do {
          return try JSONDecoder().decode(Value.self, from: data)
        } catch {
          throw .unavailable(
            file: URL(fileURLWithPath: "UserDefaults/\(name)"),
            reason: "the stored value cannot be decoded: \(error)")
        }
      },
      save: { value in
        queue.async {
          guard let data = try? JSONEncoder().encode(value) else { return }
          defaults.set(data, forKey: name)
        }
      },
      flush: { () throws(SharedStorageError) in queue.sync {} }, delay: delay)
  }
}
