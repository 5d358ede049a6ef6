/// A path from an enum to the payload of one of its cases: the enum counterpart of a key path.
///
/// Loop builds case paths by hand — no macros, no reflection — so they cost two closure calls:
///
/// ```swift
/// enum AppAction { case counter(CounterAction); case reset }
///
/// let counterPath = CasePath<AppAction, CounterAction>(
///   embed: AppAction.counter,
///   extract: { if case let .counter(action) = $0 { action } else { nil } }
/// )
/// counterPath.embed(.increment)          // AppAction.counter(.increment)
/// counterPath.extract(from: .reset)      // nil
/// ```
public struct CasePath<Root, Value>: Sendable {
  @usableFromInline let embedValue: @Sendable (Value) -> Root
  @usableFromInline let extractValue: @Sendable (Root) -> Value?

  /// Creates a case path from a function that wraps a payload in the case, and one that
  /// unwraps it again (returning `nil` for every other case).
  ///
  /// - Parameters:
  ///   - embed: Wraps a value in the case, usually the case constructor itself (`AppAction.counter`).
  ///   - extract: Returns the payload when the root is this case, otherwise `nil`.
  @inlinable
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embedValue = embed
    self.extractValue = extract
  }

  /// Wraps a payload in the case.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func embed(_ value: Value) -> Root { embedValue(value) }

  /// Returns the payload if `root` is this case, otherwise `nil`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func extract(from root: Root) -> Value? { extractValue(root) }
}

extension CasePath where Root == Value {
  /// The identity path: embeds and extracts every value unchanged.
  ///
  /// ```swift
  /// let same = CasePath<Int, Int>.self_
  /// same.extract(from: 3)  // 3
  /// ```
  public static var self_: Self { Self(embed: { $0 }, extract: { $0 }) }
}
