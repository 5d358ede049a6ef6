/// A type-erased hashable, sendable value: an id of any type that can cross into an effect,
/// such as a cancellation id made at run time. TCA's `AnyHashableSendable`
/// (swift-concurrency-extras).
///
/// ```swift
/// let id = AnyHashableSendable(row.id)
/// return .run { … }.cancellable(id: id)
/// AnyHashableSendable(1) == AnyHashableSendable(1)     // true
/// AnyHashableSendable(1) == AnyHashableSendable("1")   // false
/// ```
public struct AnyHashableSendable: Hashable, Sendable {
  /// The value wrapped.
  public let base: any Hashable & Sendable

  /// Wraps `base`; wrapping a wrapped value wraps it once.
  public init(_ base: some Hashable & Sendable) {
    if let base = base as? AnyHashableSendable {
      self = base
    } else {
      self.base = base
    }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  public func hash(into hasher: inout Hasher) {
    AnyHashable(base).hash(into: &hasher)
  }
}

extension AnyHashableSendable: CustomStringConvertible, CustomDebugStringConvertible {
  public var description: String { String(describing: base) }
  public var debugDescription: String { "AnyHashableSendable(\(String(reflecting: base)))" }
}

extension AnyHashableSendable: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral
{
  /// `"search"` as an id.
  public init(stringLiteral value: String) { self.init(value) }
  /// `1` as an id.
  public init(integerLiteral value: Int) { self.init(value) }
  /// `true` as an id.
  public init(booleanLiteral value: Bool) { self.init(value) }
}
