/// Every reducer operator that routes actions takes the enum case itself as well as a
/// ``CasePath``: `action: Action.child` is `action: CasePath(Action.child)`, built once, when
/// the reducer is.
///
/// ```swift
/// .ifLet(state: \.details, action: Action.details, then: Details.reducer)
/// .forEach(state: \.rows, action: Action.row, element: Row.reducer)
/// ```
///
/// A case of one value routes with `(ChildAction) -> Action`; a case of an id and an action
/// (`.row(id:action:)`) with `(ID, ChildAction) -> Action`. A path the case cannot express (a
/// case nested in another, a hand-written extraction) is a ``CasePath``.
extension Reducer {
  /// `pullback(state:action:environment:)` with a ``CasePath``, routed by
  /// the case that wraps the child's actions.
  ///
  /// ```swift
  /// Counter.reducer.pullback(state: \.counter, action: AppAction.counter, environment: { _ in () })
  /// ```
  @inlinable
  public func pullback<ParentState, ParentAction, ParentEnvironment>(
    state toChildState: WritableKeyPath<ParentState, State>,
    action toChildAction: @escaping @Sendable (Action) -> ParentAction,
    environment toChildEnvironment: @escaping (ParentEnvironment) -> Environment = sameEnvironment()
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    pullback(
      state: toChildState, action: CasePath(toChildAction), environment: toChildEnvironment)
  }

  /// The parent-level `forEach(state:action:environment:fileID:line:)`, routed by the case
  /// that carries an element's id and action.
  ///
  /// ```swift
  /// Row.reducer.forEach(state: \.rows, action: Action.row)
  /// ```
  @inlinable
  public func forEach<ParentState, ParentAction, ParentEnvironment, ID: Hashable & Sendable>(
    state toElements: WritableKeyPath<ParentState, IdentifiedArray<ID, State>>,
    action toElementAction: @escaping @Sendable (ID, Action) -> ParentAction,
    environment toElementEnvironment: @escaping (ParentEnvironment) -> Environment =
      sameEnvironment(),
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    forEach(
      state: toElements, action: CasePath(toElementAction), environment: toElementEnvironment,
      fileID: fileID, line: line)
  }

  /// `forEach(state:action:environment:element:fileID:line:)`, routed by the case that
  /// carries an element's id and action.
  ///
  /// ```swift
  /// .forEach(state: \.rows, action: Action.row, element: Row.reducer)
  /// ```
  @inlinable
  public func forEach<ElementState, ElementAction, ElementEnvironment, ID: Hashable & Sendable>(
    state toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: @escaping @Sendable (ID, ElementAction) -> Action,
    environment toElementEnvironment: @escaping (Environment) -> ElementEnvironment =
      sameEnvironment(),
    element: Reducer<ElementState, ElementAction, ElementEnvironment>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    forEach(
      state: toElements, action: CasePath(toElementAction), environment: toElementEnvironment,
      element: element, fileID: fileID, line: line)
  }

  /// `ifLet(state:action:environment:then:fileID:line:)`, routed by the case that wraps the
  /// child's actions.
  ///
  /// ```swift
  /// .ifLet(state: \.details, action: Action.details, then: Details.reducer)
  /// ```
  @inlinable
  public func ifLet<ChildState, ChildAction, ChildEnvironment>(
    state toChild: WritableKeyPath<State, ChildState?>,
    action toChildAction: @escaping @Sendable (ChildAction) -> Action,
    environment toChildEnvironment: @escaping (Environment) -> ChildEnvironment = sameEnvironment(),
    then child: Reducer<ChildState, ChildAction, ChildEnvironment>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    ifLet(
      state: toChild, action: CasePath(toChildAction), environment: toChildEnvironment,
      then: child, fileID: fileID, line: line)
  }

  /// `ifCaseLet(state:action:environment:then:fileID:line:)`, with the state's case and the
  /// action's case given as the cases themselves.
  ///
  /// ```swift
  /// .ifCaseLet(state: State.loggedIn, action: Action.loggedIn,
  ///            then: LoggedIn.reducer)
  /// ```
  @inlinable
  public func ifCaseLet<ChildState, ChildAction, ChildEnvironment>(
    state toCase: @escaping @Sendable (ChildState) -> State,
    action toChildAction: @escaping @Sendable (ChildAction) -> Action,
    environment toChildEnvironment: @escaping (Environment) -> ChildEnvironment = sameEnvironment(),
    then child: Reducer<ChildState, ChildAction, ChildEnvironment>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    ifCaseLet(
      state: CasePath(toCase), action: CasePath(toChildAction),
      environment: toChildEnvironment, then: child, fileID: fileID, line: line)
  }

  /// `ifCaseLet(state:action:environment:then:fileID:line:)`, with the state's case given as
  /// a ``CasePath`` and the action's as the case itself: either may be given either way.
  ///
  /// ```swift
  /// .ifCaseLet(state: State.loggedInPath, action: Action.loggedIn,
  ///            then: LoggedIn.reducer)
  /// ```
  @inlinable
  public func ifCaseLet<ChildState, ChildAction, ChildEnvironment>(
    state toCase: CasePath<State, ChildState>,
    action toChildAction: @escaping @Sendable (ChildAction) -> Action,
    environment toChildEnvironment: @escaping (Environment) -> ChildEnvironment = sameEnvironment(),
    then child: Reducer<ChildState, ChildAction, ChildEnvironment>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    ifCaseLet(
      state: toCase, action: CasePath(toChildAction),
      environment: toChildEnvironment, then: child, fileID: fileID, line: line)
  }

  /// `ifCaseLet(state:action:environment:then:fileID:line:)`, with the state's case given as
  /// the case itself and the action's as a ``CasePath``.
  @inlinable
  public func ifCaseLet<ChildState, ChildAction, ChildEnvironment>(
    state toCase: @escaping @Sendable (ChildState) -> State,
    action toChildAction: CasePath<Action, ChildAction>,
    environment toChildEnvironment: @escaping (Environment) -> ChildEnvironment = sameEnvironment(),
    then child: Reducer<ChildState, ChildAction, ChildEnvironment>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    ifCaseLet(
      state: CasePath(toCase), action: toChildAction,
      environment: toChildEnvironment, then: child, fileID: fileID, line: line)
  }

  /// `presents(state:action:environment:then:fileID:line:)`, routed by the case that wraps
  /// the child's ``PresentationAction``.
  ///
  /// ```swift
  /// .presents(state: \.sheet, action: Action.sheet, then: Sheet.reducer)
  /// ```
  @inlinable
  public func presents<ChildState, ChildAction, ChildEnvironment>(
    state toChild: WritableKeyPath<State, ChildState?>,
    action toPresentationAction: @escaping @Sendable (PresentationAction<ChildAction>) -> Action,
    environment toChildEnvironment: @escaping (Environment) -> ChildEnvironment = sameEnvironment(),
    then child: Reducer<ChildState, ChildAction, ChildEnvironment>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    presents(
      state: toChild, action: CasePath(toPresentationAction), environment: toChildEnvironment,
      then: child, fileID: fileID, line: line)
  }

  /// `stack(state:action:environment:element:fileID:line:)`, routed by the case that wraps
  /// the stack's ``StackAction``.
  ///
  /// ```swift
  /// .stack(state: \.path, action: Action.path, element: Screen.reducer)
  /// ```
  @inlinable
  public func stack<ElementState, ElementAction, ElementEnvironment>(
    state toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: @escaping @Sendable (StackAction<ElementState, ElementAction>) -> Action,
    environment toElementEnvironment: @escaping (Environment) -> ElementEnvironment =
      sameEnvironment(),
    element: Reducer<ElementState, ElementAction, ElementEnvironment>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    stack(
      state: toStack, action: CasePath(toStackAction), environment: toElementEnvironment,
      element: element, fileID: fileID, line: line)
  }
}
