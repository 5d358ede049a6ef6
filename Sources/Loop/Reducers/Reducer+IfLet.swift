extension Reducer {
  /// Runs `child` on an optional child state and ends the child's effects when it goes away.
  ///
  /// The parent reducer (`self`) and the child are combined: a child action runs `child` on
  /// the child's state first, then the parent; any other action runs the parent. When an action
  /// leaves the child `nil` — or replaces it with a child of a different `id` — every effect the
  /// old child started is cancelled, and nothing it sends reaches the store.
  ///
  /// ```swift
  /// static let reducer = Reducer<State, Action, Environment> { state, action, environment in
  ///   switch action {
  ///   case .detailsClosed:
  ///     state.details = nil          // the details' request is cancelled
  ///     return .none
  ///   …
  ///   }
  /// }
  /// .ifLet(state: \.details, action: Action.details, then: Details.reducer)
  /// ```
  ///
  /// An action for the child while it is `nil` is a runtime warning (a test failure under a
  /// `TestStore`). An effect that must outlive the child is marked ``Effect/outlivingChild()``.
  ///
  /// A child state that is not `Identifiable` has no identity to compare: replacing one child
  /// with another without passing through `nil` keeps the old child's effects. Make the child
  /// `Identifiable` for those to end too.
  ///
  /// - Complexity: O(1) per action on top of the two reducers: the child's id is compared before
  ///   and after.
  @inlinable
  public func ifLet<ChildState, ChildAction, ChildEnvironment>(
    state toChild: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    environment toChildEnvironment: @escaping (Environment) -> ChildEnvironment = sameEnvironment(),
    then child: Reducer<ChildState, ChildAction, ChildEnvironment>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    let identity = ChildIdentity<ChildState>().of
    let childPath = StoredPath(toChild)
    return withChild(
      scope: AnyHashable(toChild),
      read: childPath.read, key: identity,
      modify: { state, body in childPath.modify(&state) { $0.modifyIfPresent(body) } },
      action: toChildAction, environment: toChildEnvironment, child: child,
      absent: { childAction in
        """
        An ifLet reducer received an action when its child state was nil: \(childAction)

        This is usually a sign that something sent the child an action after the child was \
        dismissed: its own effects end with it. To fix, send the action only while the child \
        is present, or mark an effect that must outlive the child ".outlivingChild()" and have \
        it send to the parent instead. (reducer made at \(fileID):\(line))
        """
      })
  }

  /// The parent reducer combined with a child that may be absent, whose effects end when it
  /// goes: what `ifLet` and `ifCaseLet` share.
  ///
  /// - Parameters:
  ///   - scope: What tells this child apart from other children of the store.
  ///   - read: The child in a state, `nil` when it is absent.
  ///   - key: The identity of a child.
  ///   - modify: Runs the closure on the child in place, if present; `nil` if absent.
  ///   - absent: The runtime warning for an action that finds no child.
  ///   - decorate: Applied to the child's effects once they send parent actions (presentation
  ///     binds its dismiss action there).
  @inlinable
  func withChild<ChildState, ChildAction, ChildEnvironment>(
    scope: AnyHashable,
    read: @escaping (State) -> ChildState?,
    key: @escaping (ChildState) -> ChildKey,
    modify:
      @escaping (inout State, (inout ChildState) -> Effect<ChildAction>) -> Effect<ChildAction>?,
    action toChildAction: CasePath<Action, ChildAction>,
    environment toChildEnvironment: @escaping (Environment) -> ChildEnvironment,
    child: Reducer<ChildState, ChildAction, ChildEnvironment>,
    absent: @escaping (ChildAction) -> String,
    decorate: ((Effect<Action>) -> Effect<Action>)? = nil
  ) -> Self {
    let parent = self.body
    let childBody = child.body
    return Self { state, action, environment in
      var effect = Effect<Action>.none
      // NB: The identity before the action, the child's run included: a child that changes
      // its own id (a presented screen loading another record, say) ends its old effects.
      // Kept as a key and a flag, not a `ChildKey?`: an optional of a type holding an
      // existential tests its tag through the type's value witnesses, which cost (u), a child
      // action through `ifLet`, about 45 % of its instructions.
      var before = ChildKey.shared
      var hadChild = false
      if let childAction = toChildAction.extract(from: action) {
        // NB: Both identities are read from the child in place, where `modify` has it: reading
        // them from the state would apply the key path twice more.
        var present = ChildKey.shared
        var isPresent = false
        let childEffect = modify(&state) { child in
          before = key(child)
          hadChild = true
          let childEffect = childBody(&child, childAction, toChildEnvironment(environment))
          if case .none = childEffect.storage {
          } else {
            // NB: Tied to the identity the child has now: the effects it just started are the
            // new child's.
            present = key(child)
            isPresent = true
          }
          return childEffect
        }
        if let childEffect, isPresent {
          effect =
            childEffect
            .tiedToChild(ChildLifetimeID(scope: scope, child: present.anyHashable))
            .map { toChildAction.embed($0) }
          if let decorate { effect = decorate(effect) }
        } else if childEffect == nil, !ChildLifetimeID.isOutlivingSend {
          reportRuntimeWarning(absent(childAction))
        }
      } else if let child = read(state) {
        before = key(child)
        hadChild = true
      }
      effect.merge(with: parent(&state, action, environment))
      if hadChild {
        // NB: The child went, or another took its place: end the effects of the one before.
        let after = read(state).map(key)
        if after.map({ $0 != before }) ?? true {
          let remaining = after?.anyHashable
          effect.merge(with: .endRemovedChildren(RemovedChildren(scope: scope) { $0 == remaining }))
        }
      }
      return effect
    }
  }
}
