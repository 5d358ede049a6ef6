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
  /// Calls `register` with the part's own table and the part as its table has it now, when the
  /// part has a table of its own (an element of a slot's collection); returns whether it did.
  func registerInOwnTable(_ register: (ObservedValues<Value?>, Value?) -> Bool) -> Bool
  /// The key id of the slot at the root of the derivation, which an encoded value carries.
  var rootKeyID: String { get }
  /// Writes the root slot's file now, if it has a change not yet saved.
  func flushRoot() throws(SharedStorageError)
}
