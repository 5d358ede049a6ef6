/// A child store routes its actions the way the parent's reducer does: by the case itself
/// (`Action.child`), or by a ``CasePath``. The forms here complete the set: a path wherever a
/// case is taken, and a presented child's store from the case of its ``PresentationAction``.
///
/// ```swift
/// let counter = store.scope(state: \.counter, action: Action.counter)
/// let sheet = store.scope(state: \.sheet, action: Action.sheet)   // sends .sheet(.presented(…))
/// let rows = store.scope(forEach: \.rows, action: Action.row)
/// ```
extension Store {
  /// `scope(state:action:)`, routed by a ``CasePath``.
  ///
  /// ```swift
  /// let counter = store.scope(state: \.counter, action: AppAction.counterPath)
  /// ```
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    cachedPart(toChildState, embed: toChildAction.embed)
  }

  /// The optional child's store, routed by a ``CasePath``; `nil` while the child is not there.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: toChildState, action: { toChildAction.embed($0) })
  }

  /// The store of a presented child — a sheet, a popover, a pushed screen with
  /// `presents` — whose actions reach the parent as `.presented(action)` in the case given;
  /// `nil` while nothing is presented.
  ///
  /// ```swift
  /// if let sheet = store.scope(state: \.sheet, action: Action.sheet) {
  ///   sheet.send(.save)            // the parent receives .sheet(.presented(.save))
  /// }
  /// ```
  ///
  /// To send `.dismiss` from the view, send it to the parent store:
  /// `store.send(.sheet(.dismiss))`.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toPresentationAction: @escaping (PresentationAction<ChildAction>) -> Action
  ) -> Store<ChildState, ChildAction>? {
    scope(state: toChildState, action: { toPresentationAction(.presented($0)) })
  }

  /// The store of a presented child, routed by a ``CasePath`` to its ``PresentationAction``;
  /// `nil` while nothing is presented.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: toChildState, action: { toPresentationAction.embed(.presented($0)) })
  }

  /// The store of one case of an enum state, with the state's case and the action's case
  /// given as the cases themselves; `nil` while the state is in another case.
  ///
  /// ```swift
  /// if let loggedIn = store.scope(state: State.loggedIn, action: Action.loggedIn) { … }
  /// ```
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toCase: @escaping @Sendable (ChildState) -> State,
    action toChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    scope(state: CasePath(toCase), action: toChildAction)
  }

  /// The store of one case of an enum state, routed by a ``CasePath``; `nil` while the state is
  /// in another case.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toCase: CasePath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: toCase, action: { toChildAction.embed($0) })
  }

  /// `scope(forEach:action:)`, routed
  /// by a ``CasePath`` to an element's id and action, the path the reducer's `forEach` takes.
  @inlinable
  public func scope<ID: Hashable & Sendable, ElementState, ElementAction>(
    forEach toElements: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CasePath<Action, (ID, ElementAction)>
  ) -> [Store<ElementState, ElementAction>] {
    scope(forEach: toElements, action: { toElementAction.embed(($0, $1)) })
  }
}
