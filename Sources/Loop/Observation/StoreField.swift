/// A field of a store's state, read through the store, whose own fields are observed one by
/// one when read through it: what `store.profile` gives when `Profile` is ``ObservableState``.
///
/// ```swift
/// Text(store.profile.name)          // re-renders when name changes, not when followers do
/// if let title = store.child?.title { Text(title) }   // whether there is a child, and title
/// ```
///
/// One level is observed this way: what is read through a field is a value, so
/// `store.profile.address.city` observes `profile.address`. To observe deeper fields one by
/// one, scope a store to `profile`.
///
/// Read it for its fields; it has no members of its own, so none hides a field of yours. For
/// the value itself, ask for it by type (`let profile: Profile = store.profile`), which observes
/// the whole field, or read it without observing (`store.withState(\.profile)`). Printing it,
/// or interpolating it into a string, observes the whole field and shows the value.
@MainActor
@dynamicMemberLookup
public struct StoreField<State, Action: Sendable, Value> {
  /// The store read through.
  let store: Store<State, Action>
  /// The field's value when it was read.
  let value: Value
  /// Where the field is in the store's state.
  let route: Route

  /// Where a field is: at a key path, or inside an optional (its fields are then optional too).
  enum Route {
    case always(KeyPath<State, Value>)
    case optional(KeyPath<State, Value?>)
  }

  init(store: Store<State, Action>, value: Value, route: Route) {
    self.store = store
    self.value = value
    self.route = route
  }

  /// Reads a field of this field, observing it alone.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
    let member = value[keyPath: keyPath]
    switch route {
    case .always(let path):
      store.observeField(path.appending(path: keyPath), seen: member)
    case .optional(let path):
      store.observeField(
        path.appending(path: \Value?.[storeFieldMember: keyPath]), seen: Optional(member))
    }
    return member
  }
}

extension StoreField: @MainActor CustomStringConvertible {
  /// The value's description. Reading it observes the whole field, as a view that shows the
  /// value depends on all of it.
  public var description: String {
    switch route {
    case .always(let path): store.observeField(path, seen: value)
    case .optional(let path): store.observeField(path, seen: Optional(value))
    }
    return String(describing: value)
  }
}

extension Store {
  /// Reads a field that is ``ObservableState``: what is read through it is observed alone.
  ///
  /// ```swift
  /// Text(store.profile.name)   // observes profile.name, not profile.followers
  /// ```
  ///
  /// Where the context asks for the value itself (`let profile: Profile = store.profile`),
  /// Swift picks ``subscript(dynamicMember:)`` instead, which observes the whole field.
  ///
  /// - Complexity: O(1); nothing is observed until a field is read through the result.
  public subscript<Value: ObservableState>(
    dynamicMember keyPath: KeyPath<State, Value>
  ) -> StoreField<State, Action, Value> {
    StoreField(store: self, value: untrackedState[keyPath: keyPath], route: .always(keyPath))
  }

  /// Reads an optional field that is ``ObservableState``, observing whether it is there; what
  /// is read through it is observed alone.
  ///
  /// ```swift
  /// if let title = store.child?.title { Text(title) }   // told when child comes or goes,
  ///                                                     // or its title changes
  /// ```
  ///
  /// - Complexity: O(1), and one field observed: whether the value is there.
  public subscript<Value: ObservableState>(
    dynamicMember keyPath: KeyPath<State, Value?>
  ) -> StoreField<State, Action, Value>? {
    observeOptionalField(keyPath, seen: untrackedState[keyPath: keyPath])
  }

  /// Observes whether the optional at `keyPath` is there, and gives a field for its value.
  func observeOptionalField<Value: ObservableState>(
    _ keyPath: KeyPath<State, Value?>, seen value: Value?
  ) -> StoreField<State, Action, Value>? {
    let isPresent = StoreKeyPaths.keyPath(.isPresent) { \Value?.storeFieldIsPresent }
    observeField(keyPath.appending(path: isPresent), seen: value != nil)
    guard let value else { return nil }
    return StoreField(store: self, value: value, route: .optional(keyPath))
  }
}

extension Optional {
  /// The wrapped value's field, if there is a value: a key path component, so that a field
  /// read through an optional is tracked under a key path of its own.
  subscript<Member>(storeFieldMember keyPath: KeyPath<Wrapped, Member>) -> Member? {
    self.map { $0[keyPath: keyPath] }
  }

  /// Whether there is a value.
  @usableFromInline
  var storeFieldIsPresent: Bool { self != nil }
}

// NB: A field is read on the main actor, where its store is; its description reads the store.
@available(*, unavailable)
extension StoreField: Sendable {}
