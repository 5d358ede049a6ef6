/// Which child a child state is: its `id` when its type is `Identifiable`, and one identity
/// shared by every value otherwise ("the child that is there").
///
/// Everything that ends with its child reads it: the effects of `ifLet`, `ifCaseLet` and
/// `presents`, and the stores of the optional and enum-case `scope`s. A child of another `id`
/// in the same place is another child; a child that is not `Identifiable` is the same child
/// until it is gone. As in TCA, the check is made on the type, once, when the reducer or the
/// scope is built; so a generic feature whose child type turns out `Identifiable` gets the
/// `id` too.
///
/// A value whose type is one `Child`; `Hashable` by that type, so that a key path through
/// ``Swift/Optional/subscript(childIdentity:)`` names what a view observes.
@usableFromInline
struct ChildIdentity<Child>: Hashable {
  /// The identity of a child.
  @usableFromInline let of: (Child) -> ChildKey

  @usableFromInline
  init() {
    if let identifiable = Child.self as? any Identifiable.Type {
      of = identifiable.childIdentity(as: Child.self)
    } else {
      of = { _ in .shared }
    }
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool { true }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(Child.self))
  }
}

extension Identifiable {
  /// The `id` of a `Child`, the type this one is (the caller checked), type-erased.
  fileprivate static func childIdentity<Child>(as _: Child.Type) -> (Child) -> ChildKey {
    // NB: `Child` is `Self`: the caller opened `Child.self`, so this is no conversion. A cast
    // (`as? Self`) would ask the runtime on every identity read.
    { child in ChildKey(unsafeBitCast(child, to: Self.self).id) }
  }
}

extension Optional {
  /// The identity of the wrapped child, `nil` when there is none: a key path component, so
  /// that a view observes which child is there.
  @usableFromInline
  subscript(childIdentity identity: ChildIdentity<Wrapped>) -> ChildKey? {
    self.map(identity.of)
  }
}
