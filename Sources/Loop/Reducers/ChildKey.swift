/// Which child a child state is, as a value made and compared on every action: the child's
/// `id` when its type is `Identifiable`, ``shared`` otherwise (see `ChildIdentity`).
///
/// It holds the `id` in an `any Hashable`, and two keys are equal when they hold values of one
/// type that are `==`. That is what `AnyHashable` would say for the ids of one child type, at a
/// fraction of the cost: making an `AnyHashable` asks the runtime whether the type has a custom
/// representation (a conformance lookup) and comparing two normalises numbers; an `ifLet`
/// reads its child's identity before and after every action, so it paid both per send.
///
/// ```swift
/// ChildKey(1) == ChildKey(1)        // true
/// ChildKey(1) == ChildKey(1 as Int8) // false: another type (AnyHashable would say true)
/// ```
@usableFromInline
struct ChildKey: Hashable, @unchecked Sendable {
  // NB: @unchecked: an id is taken to be `Sendable`, as `forEach` ids are required to be (see
  // `ChildIdentity`); `any Hashable` does not say so of itself.
  @usableFromInline let id: any Hashable

  @inlinable
  init(_ id: some Hashable) { self.id = id }

  /// The one identity of every child whose type is not `Identifiable`.
  @usableFromInline static let shared = ChildKey(true)

  /// The id as an `AnyHashable`, what an effect's lifetime is registered under (as a
  /// `forEach` row's id is): made when a child starts effects or goes, not per action.
  @inlinable
  var anyHashable: AnyHashable { AnyHashable(id) }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool { areEqual(lhs.id, rhs.id) }

  @inlinable
  func hash(into hasher: inout Hasher) { id.hash(into: &hasher) }
}

/// Whether `lhs` and `rhs` are values of one type that are `==`; both existentials are opened,
/// so no dynamic cast is made.
@usableFromInline
func areEqual<Left: Hashable, Right: Hashable>(_ lhs: Left, _ rhs: Right) -> Bool {
  // NB: `Left` is `Right` past the guard, so the bit cast is no conversion.
  guard Left.self == Right.self else { return false }
  return lhs == unsafeBitCast(rhs, to: Left.self)
}
