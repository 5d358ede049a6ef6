extension Reducer {
  /// Runs this reducer on the one element of an ``IdentifiedArray`` that a parent action
  /// names by id.
  ///
  /// The parent action carries `(id, childAction)`; the child's effects come back wrapped with
  /// the same id. An action for an id that is not in the array (say, a row that was just
  /// deleted) is reported as a runtime warning and ignored.
  ///
  /// ```swift
  /// let todos: Reducer<AppState, AppAction, Void> = Todo.reducer.forEach(
  ///   state: \.todos,
  ///   action: CasePath(embed: AppAction.todo, extract: { if case let .todo(id, a) = $0 { (id, a) } else { nil } }),
  ///   environment: { _ in () }
  /// )
  /// ```
  ///
  /// - Complexity: O(1) per action beyond the child's own work: one dictionary lookup. The
  ///   key path and closures are resolved once, when this reducer is built.
  @inlinable
  public func forEach<ParentState, ParentAction, ParentEnvironment, ID: Hashable & Sendable>(
    state toElements: WritableKeyPath<ParentState, IdentifiedArray<ID, State>>,
    action toElementAction: CasePath<ParentAction, (ID, Action)>,
    environment toElementEnvironment: @escaping (ParentEnvironment) -> Environment =
      sameEnvironment(),
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    let body = self.body
    let elementsPath = StoredPath(toElements)
    return .init { parentState, parentAction, parentEnvironment in
      guard let (id, action) = toElementAction.extract(from: parentAction) else { return .none }
      var version = 0
      let effect = elementsPath.modify(&parentState) {
        $0.modifyElement(id: id, version: &version) {
          body(&$0, action, toElementEnvironment(parentEnvironment))
        }
      }
      guard let effect else {
        reportRuntimeWarning(
          """
          A forEach reducer received an action for an element that is not in the array: \
          id \(id), action \(action)

          This is usually a sign that an effect outlived the element it was for. \
          To fix, put the elements on the parent reducer with \
          `.forEach(state:action:environment:element:)`, which ends a removed element's \
          effects, or cancel them when you remove it. \
          (reducer made at \(fileID):\(line))
          """)
        return .none
      }
      // NB: Checked first so the common `.none` builds no closure: no allocation per action.
      if case .none = effect.storage { return .none }
      return effect.map { toElementAction.embed((id, $0)) }
    }
  }
}

extension Reducer {
  /// Runs `element` on the elements of a collection by id, and ends an element's effects when
  /// it is removed.
  ///
  /// The parent reducer (`self`) and the elements' reducer are combined: an element action runs
  /// `element` on that element first, then the parent; any other action runs the parent. When
  /// an action removes elements — by `remove(id:)`, by filtering, or by replacing the whole
  /// array — every effect a removed element started is cancelled, and nothing it sends reaches
  /// the store. Elements that stay keep their effects; an element removed and added back within
  /// one action stays (gone means there before the action and not after, as in TCA).
  ///
  /// ```swift
  /// static let reducer = Reducer<State, Action, Environment> { state, action, _ in
  ///   switch action {
  ///   case let .delete(id):
  ///     state.timers.remove(id: id)      // that timer stops ticking
  ///     return .none
  ///   …
  ///   }
  /// }
  /// .forEach(state: \.timers, action: Action.timer, environment: { $0.timer }, element: Timer.reducer)
  /// ```
  ///
  /// An action for an id that is not in the array is a runtime warning (a test failure under a
  /// `TestStore`). An effect that must outlive its element is marked
  /// ``Effect/outlivingChild()``.
  ///
  /// - Complexity: O(1) per action on top of the two reducers when the parent left the array
  ///   alone: the array's version, new after every mutation, is compared before and after.
  ///   When the parent changed it, O(1) per step it took (an edit, an insertion, a removal);
  ///   when it restored an older copy, replaced the whole array or took more than eight steps,
  ///   O(*k*) for the *k* elements that have effects running.
  @inlinable
  public func forEach<ElementState, ElementAction, ElementEnvironment, ID: Hashable & Sendable>(
    state toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CasePath<Action, (ID, ElementAction)>,
    environment toElementEnvironment: @escaping (Environment) -> ElementEnvironment =
      sameEnvironment(),
    element: Reducer<ElementState, ElementAction, ElementEnvironment>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    forEach(
      state: toElements, action: toElementAction, environment: toElementEnvironment,
      element: element, decorate: nil, fileID: fileID, line: line)
  }

  /// `forEach`, with `decorate` applied to each element's effects once they send parent
  /// actions (a navigation stack binds each screen's dismiss action there).
  @inlinable
  func forEach<ElementState, ElementAction, ElementEnvironment, ID: Hashable & Sendable>(
    state toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CasePath<Action, (ID, ElementAction)>,
    environment toElementEnvironment: @escaping (Environment) -> ElementEnvironment,
    element: Reducer<ElementState, ElementAction, ElementEnvironment>,
    decorate: ((ID, Effect<Action>) -> Effect<Action>)?,
    fileID: StaticString, line: UInt
  ) -> Self {
    let parent = self.body
    let elementBody = element.body
    // NB: Stored properties all the way, so the path reads by offset: through the computed
    // `version` it would call a getter thunk on every child action (benchmark (d)).
    let toVersion = StoredPath(toElements.appending(path: \.history.version))
    let elementsPath = StoredPath(toElements)
    let scope = AnyHashable(toElements)
    return Self { state, action, environment in
      var effect = Effect<Action>.none
      var before = 0
      if let (id, elementAction) = toElementAction.extract(from: action) {
        // NB: One access edits the element and reads the version after the edit (the element
        // cannot remove itself).
        let elementEffect = elementsPath.modify(&state) {
          $0.modifyElement(id: id, version: &before) {
            elementBody(&$0, elementAction, toElementEnvironment(environment))
          }
        }
        if let elementEffect {
          // NB: Checked first so the common `.none` builds no closure: no allocation per action.
          if case .none = elementEffect.storage {
          } else {
            effect =
              elementEffect
              .tiedToChild(ChildLifetimeID(scope: scope, child: id))
              .map { toElementAction.embed((id, $0)) }
            if let decorate { effect = decorate(id, effect) }
          }
        } else if !ChildLifetimeID.isOutlivingSend {
          reportRuntimeWarning(
            """
            A forEach reducer received an action for an element that is not in the array: \
            id \(id), action \(elementAction)

            This is usually a sign that something sent an element an action after it was \
            removed: its own effects end with it. To fix, send the action only while the \
            element is present, or mark an effect that must outlive it ".outlivingChild()" \
            and have it send to the parent instead. (reducer made at \(fileID):\(line))
            """)
        }
      } else {
        before = toVersion.read(state)
      }
      effect.merge(with: parent(&state, action, environment))
      if toVersion.read(state) != before {
        let elements = elementsPath.read(state)
        // NB: Gone means there before the action and not after, as in TCA: a row removed
        // and added back in one action keeps its effects, whichever way this finds out.
        if let removed = elements.history.idsRemoved(since: before)?.filter({
          elements.elementsByID[$0] == nil
        }) {
          if removed.isEmpty { return effect }
          effect.merge(
            with: .endRemovedChildren(
              RemovedChildren(scope: scope, ids: removed.map { AnyHashable($0) })))
        } else {
          let remaining = elements.elementsByID
          effect.merge(
            with: .endRemovedChildren(
              RemovedChildren(scope: scope) { child in
                (child.base as? ID).map { remaining[$0] != nil } ?? false
              }))
        }
      }
      return effect
    }
  }
}
