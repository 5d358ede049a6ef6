/// A shared value that is a part of another — an element by id, a member by key path — and
/// how it reads, writes and observes through it.
@usableFromInline
protocol SharedDerivation<Value>: AnyObject, Sendable {
  associatedtype Value: Sendable
  /// The value now (or as it last was, once the part is gone), not observed.
  var value: Value { get }
  /// The value now, observed whole.
  func observedValue() -> Value
  /// Writes `value` into the part.
  func set(_ value: Value)
  /// Registers interest in a member of the part.
  func observe<Member>(_ member: KeyPath<Value, Member>, seen: Member)
  /// The key id of the slot at the root of the derivation, which an encoded value carries.
  var rootKeyID: String { get }
  /// Writes the root slot's file now, if it has a change not yet saved.
  func flushRoot() throws(SharedStorageError)
}
