import Dispatch
import Foundation

/// A value kept as JSON in a file: loaded once, saved off the caller's thread, atomically, and
/// coalesced — many saves within ``saveDelay`` write the file once, with the last value.
///
/// ```swift
/// let storage = JSONFileStorage<[String]>(url: folder.appendingPathComponent("recent.json"))
/// let recent = try storage.load() ?? []   // no file yet: nil, start from the default
/// storage.save(recent + ["batman"])       // written within saveDelay, on another thread
/// try storage.flush()                     // written now (an app that is about to exit)
/// ```
///
/// - A missing file loads as `nil`. A file that is not the value's JSON is never overwritten:
///   ``load()`` moves it aside (`name.corrupt-1.json`, the first free number) and throws
///   ``SharedStorageError/corrupt(file:keptAt:reason:)``.
/// - Each write replaces the file atomically (`AtomicFile`): a process killed at any moment
///   leaves the old contents or the new ones, never a torn file.
/// - A save that fails is reported as a runtime warning naming the file, and its value stays
///   pending: the next save or ``flush()`` tries again. Nothing is dropped silently.
/// - Releasing the storage writes what is pending.
public final class JSONFileStorage<Value: Codable & Sendable>: Sendable {
  /// The file.
  public let url: URL
  /// How long a save waits for later ones to write them together.
  public let saveDelay: Duration

  /// The value saved and not yet written, and whether a write is scheduled.
  private struct Pending: Sendable {
    var value: Value?
    /// Counts saves, so a write clears only the value it wrote.
    var version = 0
    var isScheduled = false
  }
  private let pending = LockedState(Pending())
  /// Runs every write, one at a time, in the order they were asked for.
  private let queue = DispatchQueue(label: "Loop.JSONFileStorage")
  private let onQueue = DispatchSpecificKey<Bool>()

  /// A storage for the value in the file at `url`.
  ///
  /// - Parameters:
  ///   - url: The file. Its folder is made on the first write if it is missing.
  ///   - saveDelay: How long a save waits, so that a burst of edits is written once.
  public init(url: URL, saveDelay: Duration = .milliseconds(500)) {
    self.url = url
    self.saveDelay = saveDelay
    queue.setSpecific(key: onQueue, value: true)
  }

  deinit {
    // NB: Released on the write queue (by a scheduled write, the last holder), it writes in
    // place: waiting for the queue from the queue would never end.
    if DispatchQueue.getSpecific(key: onQueue) == true {
      writePending()
    } else {
      _ = queue.sync { writePending() }
    }
  }

  /// The value in the file, or `nil` when there is no file.
  ///
  /// - Throws: ``SharedStorageError/corrupt(file:keptAt:reason:)`` when the file is not the
  ///   value's JSON (it is moved aside first), ``SharedStorageError/unavailable(file:reason:)``
  ///   when it cannot be read.
  public func load() throws(SharedStorageError) -> Value? {
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .unavailable(file: url, reason: "\(error.localizedDescription)")
    }
    do {
      return try JSONDecoder().decode(Value.self, from: data)
    } catch {
      let keptAt = try moveAside()
      throw .corrupt(file: url, keptAt: keptAt, reason: Self.describe(error))
    }
  }

  /// Saves `value`: written within ``saveDelay``, off the caller's thread, together with any
  /// value saved after it (only the last is written).
  public func save(_ value: Value) {
    let schedules = pending.withLock { pending in
      pending.value = value
      pending.version += 1
      guard !pending.isScheduled else { return false }
      pending.isScheduled = true
      return true
    }
    guard schedules else { return }
    queue.asyncAfter(deadline: .now() + saveDelay.dispatchInterval) { [weak self] in
      self?.writePending()
    }
  }

  /// Writes the value last saved now, if it is not written yet, and returns once it is on
  /// disk.
  ///
  /// - Throws: ``SharedStorageError/unavailable(file:reason:)`` when the write failed; the value
  ///   stays pending.
  public func flush() throws(SharedStorageError) {
    let failure: SharedStorageError? = queue.sync { writePending(reporting: false) }
    if let failure { throw failure }
  }

  /// Whether a saved value is waiting to be written (for tests).
  package var hasPendingSave: Bool { pending.withLock { $0.value != nil } }

  /// Writes the pending value, on the write queue. A failure is returned, or reported as a
  /// runtime warning (a scheduled write, which nobody waits for); the value stays pending.
  @discardableResult
  private func writePending(reporting: Bool = true) -> SharedStorageError? {
    guard
      let (value, version) = pending.withLock({ pending -> (Value, Int)? in
        pending.isScheduled = false
        return pending.value.map { ($0, pending.version) }
      })
    else { return nil }
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      let data: Data
      do {
        data = try encoder.encode(value)
      } catch {
        throw SharedStorageError.unavailable(
          file: url, reason: "the value cannot be encoded: \(Self.describe(error))")
      }
      try AtomicFile.write(data, to: url)
      // NB: Written: clear it, unless a newer value was saved meanwhile.
      pending.withLock { pending in
        if pending.version == version { pending.value = nil }
      }
      return nil
    } catch let error as SharedStorageError {
      if reporting {
        reportRuntimeWarning(
          """
          A shared value could not be saved: \(error)

          It stays pending: the next save or flush() tries again.
          """)
      }
      return error
    } catch {
      return .unavailable(file: url, reason: "\(error)")
    }
  }

  /// Moves the file aside, to the first free `name.corrupt-N.ext` beside it.
  private func moveAside() throws(SharedStorageError) -> URL {
    let folder = url.deletingLastPathComponent()
    let base = url.deletingPathExtension().lastPathComponent
    let ext = url.pathExtension.isEmpty ? "" : ".\(url.pathExtension)"
    for number in 1... {
      let keptAt = folder.appendingPathComponent("\(base).corrupt-\(number)\(ext)")
      guard !FileManager.default.fileExists(atPath: keptAt.path) else { continue }
      do {
        try FileManager.default.moveItem(at: url, to: keptAt)
        return keptAt
      } catch {
        throw .unavailable(
          file: url, reason: "it cannot be read, nor moved aside: \(error.localizedDescription)")
      }
    }
    preconditionFailure("unreachable: 1... never ends")
  }

  /// A decoding error in one line: what was wrong, and where.
  private static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case let .dataCorrupted(context), let .keyNotFound(_, context),
      let .typeMismatch(_, context), let .valueNotFound(_, context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }
}
