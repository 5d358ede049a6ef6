import Foundation

/// A ``SharedKey`` with the value to start from when there is none yet, so a holder declares
/// the value with the key alone — swift-sharing's `SharedKey.Default`.
///
/// ```swift
/// extension DefaultedSharedKey<Int> {
///   static var launchCount: Self { .inMemory("launchCount", default: 0) }
/// }
/// struct State { @Shared(.launchCount) var launchCount }
/// ```
///
/// A default written on the declaration (`@Shared(.launchCount) var launchCount = 5`) wins over
/// the key's, as in swift-sharing.
public struct DefaultedSharedKey<Value: Sendable>: Sendable, CustomStringConvertible {
  /// The key.
  public let key: SharedKey<Value>
  /// The value to start from when the key has none yet.
  public let defaultValue: @Sendable () -> Value

  /// `key`, starting from `defaultValue` when it has no value yet.
  public init(
    _ key: SharedKey<Value>, default defaultValue: @autoclosure @escaping @Sendable () -> Value
  ) {
    self.key = key
    self.defaultValue = defaultValue
  }

  public var description: String { key.description }

  /// A value in memory under `name` (``SharedKey/inMemory(_:)``), starting from `defaultValue`.
  public static func inMemory(
    _ name: String, default defaultValue: @autoclosure @escaping @Sendable () -> Value
  ) -> Self {
    Self(.inMemory(name), default: defaultValue())
  }
}

extension DefaultedSharedKey where Value: Codable {
  /// A value in the JSON file at `url` (``SharedKey/file(_:saveDelay:)``), starting from
  /// `defaultValue` when there is no file.
  public static func file(
    _ url: URL, saveDelay: Duration = .milliseconds(500),
    default defaultValue: @autoclosure @escaping @Sendable () -> Value
  ) -> Self {
    Self(.file(url, saveDelay: saveDelay), default: defaultValue())
  }

  /// A value in `defaults` under `name` (``SharedKey/userDefaults(_:in:saveDelay:)``),
  /// starting from `defaultValue` when there is none stored.
  public static func userDefaults(
    _ name: String, in defaults: UserDefaults = .standard,
    saveDelay: Duration = .milliseconds(500),
    default defaultValue: @autoclosure @escaping @Sendable () -> Value
  ) -> Self {
    Self(.userDefaults(name, in: defaults, saveDelay: saveDelay), default: defaultValue())
  }
}
