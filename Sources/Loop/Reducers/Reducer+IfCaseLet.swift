extension Reducer {
  /// Runs `child` on one case of an enum state and ends the child's effects when the state
  /// moves to another case.
  ///
  /// The parent reducer (`self`, on the whole enum) and the child are combined: a child action
  /// runs `child` on the case's value first, then the parent; any other action runs the parent.
  /// When an action moves the state out of the case — or to the same case with a value of a
  /// different `id` — every effect the child started is cancelled, and nothing it sends reaches
  /// the store.
  ///
  /// ```swift
  /// enum State: Equatable { case loggedOut(LoggedOut.State), loggedIn(LoggedIn.State) }
  ///
  /// static let reducer = Reducer<State, Action, Environment> { state, action, _ in
  ///   if case .loggedIn(.logOutTapped) = action { state = .loggedOut(LoggedOut.State()) }
  ///   return .none
  /// }
  /// .ifCaseLet(state: State.loggedIn, action: Action.loggedIn,
  ///            then: LoggedIn.reducer)
  /// ```
  ///
  /// An action for the child while the state is another case is a runtime warning (a test
  /// failure under a `TestStore`). An effect that must outlive the case is marked
  /// ``Effect/outlivingChild()``.
  ///
  /// A case value that is not `Identifiable` has no identity: its effects end when the state
  /// leaves the case, not when the case is set again with another value.
  ///
  /// - Complexity: O(1) per action on top of the two reducers: the case is extracted before and
  ///   after. The child's value is extracted, edited and embedded again, so a child holding a
  ///   large array copies it on a child action.
  ///
  /// A case value that is not `Identifiable` has no identity: its effects end when the state
  /// leaves the case, not when the case is set again with another value.
  @inlinable
  public func ifCaseLet<ChildState, ChildAction, ChildEnvironment>(
    state toCase: CasePath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>,
    environment toChildEnvironment: @escaping (Environment) -> ChildEnvironment = sameEnvironment(),
    then child: Reducer<ChildState, ChildAction, ChildEnvironment>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    let identityOf = ChildIdentity<ChildState>().of
    return withChild(
      scope: AnyHashable(ChildScope()),
      read: toCase.extract(from:), key: identityOf,
      modify: { state, body in
        guard var value = toCase.extract(from: state) else { return nil }
        let effect = body(&value)
        state = toCase.embed(value)
        return effect
      },
      action: toChildAction, environment: toChildEnvironment, child: child,
      absent: { childAction in
        """
        An ifCaseLet reducer received an action when its state was another case: \(childAction)

        This is usually a sign that something sent the child an action after the state moved \
        to another case: the child's own effects end with its case. To fix, send the action \
        only while the state is in the child's case, or mark an effect that must outlive it \
        ".outlivingChild()" and have it send to the parent instead. \
        (reducer made at \(fileID):\(line))
        """
      })
  }
}

/// A scope of its own for one `ifCaseLet` reducer: a case path is not `Hashable`, so its
/// children are told apart by this object's identity. The reducer holds it (in the
/// `AnyHashable`), so no other object can take its address while it is in use.
@usableFromInline
final class ChildScope: Hashable, Sendable {
  @usableFromInline init() {}

  @usableFromInline static func == (lhs: ChildScope, rhs: ChildScope) -> Bool { lhs === rhs }

  @usableFromInline func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
