import Foundation

/// Where a shared value lives: in memory, or in a JSON file it is loaded from and saved to.
///
/// ```swift
/// Shared(wrappedValue: [], .file(folder.appendingPathComponent("favorites.json")))
/// Shared(wrappedValue: 0, .inMemory("unread"))
/// ```
///
/// Two ``Shared`` values made with equal keys are one value: an edit through either is seen
/// through both, in every feature and every store of the process. In a test, each test has
/// values of its own, in memory, even for a file key (see ``Shared``).
public struct SharedKey<Value: Sendable>: Sendable, Hashable, CustomStringConvertible {
  /// What names the value: equal ids, one value.
  let id: String
  /// How to keep the value between runs; `nil` for a value in memory.
  let persistence: (@Sendable () -> SharedPersistence<Value>)?
  /// How failures and the test store name the value: `file recent.json`, `in memory "x"`.
  public let description: String
  /// Whether a test keeps this file key on disk (``keptOnDiskInTests()``).
  var isKeptOnDiskInTests = false

  /// A value kept in memory only, under `name`: gone when the process ends.
  public static func inMemory(_ name: String) -> Self {
    Self(id: "memory:\(name)", persistence: nil, description: "in memory \"\(name)\"")
  }

  /// This key, kept in its file even in a test (where file keys are kept in memory): for a test
  /// of the saving itself.
  ///
  /// ```swift
  /// Shared(wrappedValue: [], SharedKey.file(url).keptOnDiskInTests())
  /// ```
  public func keptOnDiskInTests() -> Self {
    var key = self
    key.isKeptOnDiskInTests = true
    return key
  }

  /// A key no other value has: what ``Shared/init(value:)`` keeps its value under.
  static func ownValue() -> Self {
    let number = ownValueCount.withLock { count in
      count += 1
      return count
    }
    return Self(id: "own:\(number)", persistence: nil, description: "of its own #\(number)")
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension SharedKey where Value: Codable {
  /// A value kept as JSON in the file at `url` (see ``JSONFileStorage``): loaded the first time
  /// it is shared in the process, saved within `saveDelay` of each change, off the main actor,
  /// atomically.
  ///
  /// A missing file starts from the value the ``Shared`` was made with. A file that cannot be
  /// read is kept aside (never overwritten), reported as a runtime warning carrying the
  /// ``SharedStorageError``, and the value starts from its default.
  public static func file(_ url: URL, saveDelay: Duration = .milliseconds(500)) -> Self {
    Self(
      id: "file:\(url.standardizedFileURL.path)",
      persistence: {
        SharedPersistence(storage: JSONFileStorage(url: url, saveDelay: .zero), delay: saveDelay)
      },
      description: "file \(url.lastPathComponent)")
  }
}

extension SharedKey where Value: Codable {
  /// A value kept in `defaults` (the app's `UserDefaults` by default) under `name`, as JSON —
  /// TCA's `.appStorage`, for small values such as settings: loaded the first time it is
  /// shared in the process, saved within `saveDelay` of each change, encoded off the main
  /// actor.
  ///
  /// A stored value that cannot be decoded is reported as a runtime warning, left in place,
  /// and the value starts from its default.
  public static func userDefaults(
    _ name: String, in defaults: UserDefaults = .standard,
    saveDelay: Duration = .milliseconds(500)
  ) -> Self {
    nonisolated(unsafe) let defaults = defaults
    return Self(
      id: "defaults:\(name)",
      persistence: {
        SharedPersistence(defaults: defaults, name: name, delay: saveDelay)
      },
      description: "in UserDefaults \"\(name)\"")
  }
}

/// How many values of their own (``Shared/init(value:)``) were made: each one's key number.
private let ownValueCount = LockedState(0)
