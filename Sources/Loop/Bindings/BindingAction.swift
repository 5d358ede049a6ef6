/// One edit of one field of a state, as an action: what a form's text field or toggle sends,
/// so ten fields need one action case, not ten.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case saveTapped
/// }
/// store.send(.binding(.set(\.name, "Ada")))
/// ```
///
/// Two binding actions are equal when they set the same key path to equal values, so a test
/// store can `receive` one.
public struct BindingAction<Root>: Sendable, Equatable, CustomStringConvertible, CustomDumpLeaf {
  /// The field it sets.
  public let keyPath: PartialKeyPath<Root> & Sendable
  /// The value it sets, type-erased.
  public let value: any Sendable
  @usableFromInline let apply: @Sendable (inout Root) -> Void
  let isEqual: @Sendable (any Sendable) -> Bool
  let valueDescription: String

  /// Sets `keyPath` to `value`.
  @inlinable
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> Self {
    Self(keyPath: keyPath, value: value)
  }

  @usableFromInline
  init<Value: Equatable & Sendable>(keyPath: WritableKeyPath<Root, Value> & Sendable, value: Value)
  {
    self.keyPath = keyPath
    self.value = value
    self.apply = { $0[keyPath: keyPath] = value }
    self.isEqual = { ($0 as? Value) == value }
    self.valueDescription = String(reflecting: value)
  }

  /// Applies the edit to `state`.
  @inlinable
  public func set(_ state: inout Root) {
    apply(&state)
  }

  /// Whether this edit sets `keyPath` or a part of it, whatever the value.
  ///
  /// An edit of `\.nested.field` (from `store.binding(\.nested.field)`) sets `\.nested` too,
  /// as TCA's nested bindings do: a reducer that validates the whole `nested` value sees the
  /// edit of one of its fields. It does not set `\.nested.other`; and an edit of the whole
  /// `\.nested` does not count as setting `\.nested.field` (compare the values for that).
  ///
  /// ```swift
  /// case let .binding(edit) where edit.sets(\.address):   // \.address.city, \.address.zip, …
  ///   state.address.isVerified = false
  /// ```
  ///
  /// A part is told through stored properties and optionals (`\.profile?.name`); through a
  /// subscript or a computed property only the key path itself matches, since Swift cannot
  /// take such a path apart.
  ///
  /// - Complexity: O(1) for the key path itself; for a part, a comparison of the two key paths'
  ///   descriptions, each built once per process.
  public func sets<Value>(_ keyPath: WritableKeyPath<Root, Value>) -> Bool {
    (self.keyPath as AnyKeyPath) == (keyPath as AnyKeyPath)
      || KeyPathPrefix.isProper(keyPath, of: self.keyPath)
  }

  /// Matches a binding action in a `switch` by the key path it sets, or a part of it, as
  /// ``sets(_:)`` does.
  ///
  /// ```swift
  /// switch action {
  /// case .binding(\.query): return .send(.search)
  /// case .binding: return .none
  /// }
  /// ```
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, edit: Self) -> Bool {
    edit.sets(keyPath)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    (lhs.keyPath as AnyKeyPath) == (rhs.keyPath as AnyKeyPath) && lhs.isEqual(rhs.value)
  }

  public var description: String { "set(\(keyPath), \(valueDescription))" }

  /// A failure message shows the edit as it was made, `set(\State.code, "1234")`.
  package var dumpDescription: String { description }
}

/// An action type with a case for ``BindingAction``s, so ``Reducer/binding()`` can apply them
/// and a store can make bindings to its fields.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case saveTapped
/// }
/// ```
///
/// The case is all there is to write: ``binding`` is read from it. An action whose bindings
/// live in a nested case (TCA's `case view(View)` with `enum View: BindableAction`) conforms
/// the nested type, and the parent applies them with `Reducer.binding(action:)`.
public protocol BindableAction: Sendable {
  /// The state the binding actions edit.
  associatedtype State
  /// The case that wraps a binding action.
  static func binding(_ action: BindingAction<State>) -> Self
  /// The binding action this action wraps, if it is one.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// The action that sets `keyPath` to `value`: `.set(\.title, "x")` for
  /// `.binding(.set(\.title, "x"))`, as TCA's `BindableAction.set(_:_:)`.
  ///
  /// ```swift
  /// await store.send(.set(\.title, "Retro")) { $0.title = "Retro" }
  /// await store.send(.view(.set(\.title, "Retro"))) { $0.title = "Retro" }   // nested
  /// ```
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable, _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }

  /// The binding action this action wraps, read from the ``binding(_:)`` case: nothing to
  /// write by hand. (Each read learns the case anew; ``Reducer/binding()`` learns it once.)
  public var binding: BindingAction<State>? {
    CasePath(Self.binding).extract(from: self)
  }
}

extension Reducer where Action: BindableAction, Action.State == State {
  /// Applies binding actions to the state, then runs this reducer, which sees the new value
  /// (and may react to it: validate, clamp, start a search).
  ///
  /// ```swift
  /// static let reducer = Reducer<State, Action, Environment> { state, action, _ in
  ///   switch action {
  ///   case .binding(let edit) where edit.sets(\.query):
  ///     return .send(.searchTapped)
  ///   case .binding: return .none
  ///   case .searchTapped: …
  ///   }
  /// }
  /// .binding()
  /// ```
  ///
  /// - Complexity: O(1) per action on top of this reducer.
  @inlinable
  public func binding() -> Self {
    applyingBindings(CasePath(Action.binding))
  }
}

extension Reducer {
  /// Applies the binding actions nested in a case of this feature's action — TCA's
  /// `BindingReducer(action: \.view)` — then runs this reducer.
  ///
  /// ```swift
  /// enum Action {
  ///   case view(View)
  ///   enum View: BindableAction { case binding(BindingAction<State>), saveTapped }
  /// }
  /// static let reducer = Reducer<State, Action, Environment> { … }.binding(action: Action.view)
  /// ```
  ///
  /// - Complexity: O(1) per action on top of this reducer.
  @inlinable
  public func binding<ViewAction: BindableAction>(
    action toViewAction: @escaping @Sendable (ViewAction) -> Action
  ) -> Self where ViewAction.State == State {
    binding(action: CasePath(toViewAction))
  }

  /// ``binding(action:)``, with the case as a ``CasePath``.
  @inlinable
  public func binding<ViewAction: BindableAction>(
    action toViewAction: CasePath<Action, ViewAction>
  ) -> Self where ViewAction.State == State {
    applyingBindings(toViewAction.then(CasePath(ViewAction.binding)))
  }

  /// Applies the binding action `toBinding` extracts, then runs this reducer. The path is
  /// built once, here: a binding action is told by its case on every action.
  @inlinable
  func applyingBindings(_ toBinding: CasePath<Action, BindingAction<State>>) -> Self {
    let body = self.body
    return Self { state, action, environment in
      toBinding.extract(from: action)?.set(&state)
      return body(&state, action, environment)
    }
  }
}
