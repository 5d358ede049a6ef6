import Observation

/// What Observation tracks a whole state under, in every table (``ObservedValues``): a store's
/// `state`, a shared value's `wrappedValue`; and a member of a shared collection's element, in
/// the element's own table (so that its entry's types need no `ID`, and a read through
/// `Shared`'s `dynamicMember` subscript registers it specialised, in the app's module).
///
/// Observation keys what a view read by key path, per registrar, and hashes that key path on
/// every read, every change and every cancelled observation. A key path into a generic class
/// (`\Store<State, Action>.state`) carries its generic arguments and hashes at about twice the
/// cost of one into a plain class, so the whole state, read on every render, is tracked under
/// these, the same for every store: each table has its own registrar, so they never meet. The
/// subject itself is not kept by Observation; only its type is.
@usableFromInline
final class ObservedWhole: Observable, Sendable {
  /// The one subject whole states are tracked on.
  @usableFromInline static let subject = ObservedWhole()
  /// A scoped store's state: told when it is `!=` what its observers saw.
  @usableFromInline static let value: KeyPath<ObservedWhole, Bool> & Sendable = \.value
  /// A root store's state or a shared value: told after every change.
  @usableFromInline static let everyChange: KeyPath<ObservedWhole, Bool> & Sendable = \.everyChange

  private init() {}

  @usableFromInline var value: Bool { false }
  @usableFromInline var everyChange: Bool { false }
  /// A member of a shared collection's element, in the element's own table.
  @usableFromInline subscript(member member: AnyKeyPath) -> Bool { false }
}
