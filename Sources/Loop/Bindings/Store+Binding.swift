/// A field of a store's state, read and written as a view needs it: `get` reads the current
/// value, `set` sends the edit as a ``BindingAction``. Usable anywhere (Linux included);
/// `SwiftUI.Binding` is built from it where SwiftUI exists.
///
/// ```swift
/// let name = store.binding(\.name)
/// name.get()          // the current name
/// name.set("Ada")     // sends .binding(.set(\.name, "Ada"))
/// ```
@MainActor
public struct StoreBinding<Value> {
  /// Reads the field now.
  public let get: @MainActor () -> Value
  /// Sends an edit of the field.
  public let set: @MainActor (Value) -> Void

  /// The field's current value.
  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }
}

extension Store where Action: BindableAction, Action.State == State {
  /// A binding to a field: reading it reads the store's state (and so observes it), writing it
  /// sends `.binding(.set(keyPath, value))`.
  ///
  /// - Complexity: O(1).
  public func binding<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable
  ) -> StoreBinding<Value> {
    StoreBinding(
      get: { self.state[keyPath: keyPath] },
      set: { self.send(.binding(.set(keyPath, $0))) })
  }
}

extension Store {
  /// A binding to a field whose edits are the feature's own action, not a ``BindingAction``:
  /// TCA's `$store.title.sending(\.titleChanged)`.
  ///
  /// ```swift
  /// let title = store.binding(\.title, send: Action.titleChanged)
  /// title.set("Retro")   // sends .titleChanged("Retro")
  /// ```
  ///
  /// - Complexity: O(1).
  public func binding<Value>(
    _ keyPath: KeyPath<State, Value>, send action: @escaping @MainActor (Value) -> Action
  ) -> StoreBinding<Value> {
    StoreBinding(get: { self.state[keyPath: keyPath] }, set: { self.send(action($0)) })
  }

  /// A binding to a field whose binding actions live in a nested case of the action (TCA's
  /// `case view(View)`, applied by `Reducer.binding(action:)`): writing it sends
  /// `.view(.binding(.set(keyPath, value)))`.
  ///
  /// ```swift
  /// let title = store.binding(\.title, action: Action.view)
  /// ```
  ///
  /// - Complexity: O(1).
  public func binding<Value: Equatable & Sendable, ViewAction: BindableAction>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable,
    action toViewAction: @escaping @MainActor (ViewAction) -> Action
  ) -> StoreBinding<Value> where ViewAction.State == State {
    StoreBinding(
      get: { self.state[keyPath: keyPath] },
      set: { self.send(toViewAction(.binding(.set(keyPath, $0)))) })
  }
}

#if canImport(SwiftUI)
  import SwiftUI

  extension StoreBinding {
    /// The same field as a SwiftUI `Binding`, for a `TextField`, a `Toggle`, a `Picker`.
    public var swiftUI: SwiftUI.Binding<Value> {
      SwiftUI.Binding(get: get, set: set)
    }
  }
#endif
