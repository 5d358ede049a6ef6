/// The key paths Loop's observation tracks under that a literal would make again on every
/// evaluation, made once per type: `\Store<State, Action>.state` and the others ``Literal``
/// lists.
///
/// A key path literal into a generic type is instantiated at run time each time it is
/// evaluated — its generic arguments resolved by name, its buffer allocated and filled: about
/// 11,000 instructions (callgrind, 2026-12-04), more than a whole plain send. Made with every
/// store, it was over a third of what a list's row store cost; made on every `store.id`, it
/// was most of what SwiftUI's `ForEach` paid to read a row's id. The runtime keeps no
/// cache of instantiated key paths, so Loop keeps this one: one key path per literal and type,
/// made the first time it is asked for and kept for the process's life. It holds as many as
/// the app has store types, and no store.
///
/// Main actor only, as every store: no lock.
@MainActor
@usableFromInline
enum StoreKeyPaths {
  /// Which literal a key path is: with its root and value types, what picks it out.
  @usableFromInline
  enum Literal: Hashable {
    /// `\Store<State, Action>.state`: a field read through a store is tracked under it.
    case state
    /// `\State.id`: an `Identifiable` store's `id`.
    case id
    /// `\ScopeCache<ID, Element>.observedIDs`: a list's ids.
    case observedIDs
    /// `\Store<State, Action>.shownCase`: an enum store's `case`.
    case shownCase
    /// `\Value?.storeFieldIsPresent`: whether an optional is there.
    case isPresent
    /// `\Store<State, Action>.[casePresence: key]`: a scope to an enum case, by its key (a
    /// case's tag and the child's types: as many as the app has cases it scopes to).
    case casePresence(CasePresenceKey)
  }

  @usableFromInline
  struct Key: Hashable {
    @usableFromInline let literal: Literal
    /// `KeyPath<Root, Value>`'s type: its root and value types, exactly.
    @usableFromInline let type: ObjectIdentifier

    @inlinable
    init(literal: Literal, type: ObjectIdentifier) {
      self.literal = literal
      self.type = type
    }
  }

  /// Every key path made, by literal and type.
  @usableFromInline static var made: [Key: AnyKeyPath] = [:]

  /// The key path `literal` is for `Root` and `Value`: the one made before, or `make()`'s,
  /// kept.
  ///
  /// `make` must be the literal `literal` names, written with `Root` and `Value` as its types:
  /// then every key path kept under one key is the same literal for the same types, and the
  /// one returned is equal (`==`) to what `make()` would return.
  @inlinable
  static func keyPath<Root, Value>(
    _ literal: Literal, _ make: () -> KeyPath<Root, Value>
  ) -> KeyPath<Root, Value> {
    let key = Key(literal: literal, type: ObjectIdentifier(KeyPath<Root, Value>.self))
    if let known = made[key] { return unsafeDowncast(known, to: KeyPath<Root, Value>.self) }
    let keyPath = make()
    made[key] = keyPath
    return keyPath
  }
}
