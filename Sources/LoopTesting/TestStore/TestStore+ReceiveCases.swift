import Loop
import Testing

// Receiving a nested action by its chain of cases, from the outside in, in one line: TCA's
// `receive(\.recordingMemo.delegate.didFinish.success)` and `receive(\.rows[id: 1].toggled)`,
// without macros. No payload is compared, so the actions need not be `Equatable`.

extension TestStore {
  /// Asserts that an effect sent an action of a nested case, given as its chain of cases from
  /// the outside in.
  ///
  /// ```swift
  /// await store.receive(Action.recordingMemo, PresentationAction.presented, Memo.Action.delegate)
  /// ```
  public func receive<A, B>(
    _ a: @escaping @Sendable (A) -> Action, _ b: @escaping @Sendable (B) -> A,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      CasePath(a).appending(path: CasePath(b)), cases: [A.self, B.self], timeout: timeout,
      assert: assert, at: sourceLocation)
  }

  /// Asserts that an effect sent an action of a nested case three cases deep.
  ///
  /// ```swift
  /// await store.receive(Action.memo, PresentationAction.presented, Memo.Action.delegate)
  /// ```
  public func receive<A, B, C>(
    _ a: @escaping @Sendable (A) -> Action, _ b: @escaping @Sendable (B) -> A,
    _ c: @escaping @Sendable (C) -> B,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let path = CasePath(a).appending(path: CasePath(b)).appending(path: CasePath(c))
    await receive(
      path, cases: [A.self, B.self, C.self], timeout: timeout, assert: assert, at: sourceLocation)
  }

  /// Asserts that an effect sent an action of a nested case four cases deep.
  ///
  /// ```swift
  /// await store.receive(
  ///   Action.memo, PresentationAction.presented, Memo.Action.delegate, Memo.Delegate.didFinish)
  /// ```
  public func receive<A, B, C, D>(
    _ a: @escaping @Sendable (A) -> Action, _ b: @escaping @Sendable (B) -> A,
    _ c: @escaping @Sendable (C) -> B, _ d: @escaping @Sendable (D) -> C,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let path = CasePath(a).appending(path: CasePath(b)).appending(path: CasePath(c))
      .appending(path: CasePath(d))
    await receive(
      path, cases: [A.self, B.self, C.self, D.self], timeout: timeout, assert: assert,
      at: sourceLocation)
  }

  /// Asserts that an effect sent an action of a nested case five cases deep.
  public func receive<A, B, C, D, E>(
    _ a: @escaping @Sendable (A) -> Action, _ b: @escaping @Sendable (B) -> A,
    _ c: @escaping @Sendable (C) -> B, _ d: @escaping @Sendable (D) -> C,
    _ e: @escaping @Sendable (E) -> D,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let path = CasePath(a).appending(path: CasePath(b)).appending(path: CasePath(c))
      .appending(path: CasePath(d)).appending(path: CasePath(e))
    await receive(
      path, cases: [A.self, B.self, C.self, D.self, E.self], timeout: timeout, assert: assert,
      at: sourceLocation)
  }

  /// Asserts that an effect sent an action of a nested case of a presented child, its
  /// `.presented` left out as TCA's `receive(\.memo.delegate)` leaves it out.
  ///
  /// ```swift
  /// await store.receive(Action.memo, Memo.Action.delegate)
  /// ```
  public func receive<Child, B>(
    _ a: @escaping @Sendable (PresentationAction<Child>) -> Action,
    _ b: @escaping @Sendable (B) -> Child,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      Self.presented(a).appending(path: CasePath(b)), cases: [Child.self, B.self], timeout: timeout,
      assert: assert, at: sourceLocation)
  }

  /// Asserts that an effect sent an action of a nested case, two cases deep, of a presented
  /// child, its `.presented` left out.
  ///
  /// ```swift
  /// await store.receive(Action.memo, Memo.Action.delegate, Memo.Delegate.didFinish)
  /// ```
  public func receive<Child, B, C>(
    _ a: @escaping @Sendable (PresentationAction<Child>) -> Action,
    _ b: @escaping @Sendable (B) -> Child, _ c: @escaping @Sendable (C) -> B,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let path = Self.presented(a).appending(path: CasePath(b)).appending(path: CasePath(c))
    await receive(
      path, cases: [Child.self, B.self, C.self], timeout: timeout, assert: assert,
      at: sourceLocation)
  }

  /// Asserts that an effect sent an action of a nested case, three cases deep, of a presented
  /// child, its `.presented` left out.
  public func receive<Child, B, C, D>(
    _ a: @escaping @Sendable (PresentationAction<Child>) -> Action,
    _ b: @escaping @Sendable (B) -> Child, _ c: @escaping @Sendable (C) -> B,
    _ d: @escaping @Sendable (D) -> C,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let path = Self.presented(a).appending(path: CasePath(b)).appending(path: CasePath(c))
      .appending(path: CasePath(d))
    await receive(
      path, cases: [Child.self, B.self, C.self, D.self], timeout: timeout, assert: assert,
      at: sourceLocation)
  }

  /// Asserts that an effect sent an action whose nested case ends in the case of `value`, a
  /// case with no payload: TCA's `receive(\.delegate.closed)`. Only the case is compared (the
  /// enum need not be `Equatable`); a value that is not an enum is compared with `==`.
  ///
  /// ```swift
  /// await store.receive(Action.delegate, Delegate.closed)
  /// ```
  public func receive<A>(
    _ a: @escaping @Sendable (A) -> Action, _ value: A,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      CasePath(a), cases: [A.self], timeout: timeout, assert: assert, at: sourceLocation
    ) { isSameCase($0, value) }
  }

  /// Asserts that an effect sent an action whose nested case, two deep, ends in the case of
  /// `value`.
  ///
  /// ```swift
  /// await store.receive(Action.memo, Memo.Action.delegate, Memo.Delegate.closed)
  /// ```
  public func receive<A, B>(
    _ a: @escaping @Sendable (A) -> Action, _ b: @escaping @Sendable (B) -> A, _ value: B,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      CasePath(a).appending(path: CasePath(b)), cases: [A.self, B.self], timeout: timeout,
      assert: assert, at: sourceLocation
    ) {
      isSameCase($0, value)
    }
  }

  /// Asserts that an effect sent an action whose nested case, three deep, ends in the case of
  /// `value`.
  public func receive<A, B, C>(
    _ a: @escaping @Sendable (A) -> Action, _ b: @escaping @Sendable (B) -> A,
    _ c: @escaping @Sendable (C) -> B, _ value: C,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let path = CasePath(a).appending(path: CasePath(b)).appending(path: CasePath(c))
    await receive(
      path, cases: [A.self, B.self, C.self], timeout: timeout, assert: assert, at: sourceLocation
    ) { isSameCase($0, value) }
  }

  /// Asserts that an effect sent a presented child's action of the case of `value` (a case
  /// with no payload), its `.presented` left out: TCA's `receive(\.memo.closeTapped)`.
  public func receive<Child>(
    _ a: @escaping @Sendable (PresentationAction<Child>) -> Action, _ value: Child,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      Self.presented(a), cases: [Child.self], timeout: timeout, assert: assert, at: sourceLocation
    ) { isSameCase($0, value) }
  }

  /// Asserts that an effect sent a presented child's nested action ending in the case of
  /// `value`, its `.presented` left out: TCA's `receive(\.memo.delegate.closed)`.
  ///
  /// ```swift
  /// await store.receive(Action.memo, Memo.Action.delegate, Memo.Delegate.closed)
  /// ```
  public func receive<Child, B>(
    _ a: @escaping @Sendable (PresentationAction<Child>) -> Action,
    _ b: @escaping @Sendable (B) -> Child, _ value: B,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      Self.presented(a).appending(path: CasePath(b)), cases: [Child.self, B.self], timeout: timeout,
      assert: assert, at: sourceLocation
    ) {
      isSameCase($0, value)
    }
  }

  /// Asserts that an effect sent an action for the row `id` of a collection (a case such as
  /// `.rows(id:action:)`), and, given, of the row's nested cases.
  ///
  /// ```swift
  /// await store.receive(Action.todos, id: todo.id, Todo.Action.delegate)
  /// ```
  public func receive<ID: Equatable & Sendable, Row>(
    _ rows: @escaping @Sendable (ID, Row) -> Action, id: ID,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      Self.row(rows, id: id), cases: [Row.self], id: "\(id)", timeout: timeout, assert: assert,
      at: sourceLocation)
  }

  /// Asserts that an effect sent an action of a nested case for the row `id` of a collection.
  public func receive<ID: Equatable & Sendable, Row, B>(
    _ rows: @escaping @Sendable (ID, Row) -> Action, id: ID, _ b: @escaping @Sendable (B) -> Row,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let path = Self.row(rows, id: id).appending(path: CasePath(b))
    await receive(
      path, cases: [Row.self, B.self], id: "\(id)", timeout: timeout, assert: assert,
      at: sourceLocation)
  }

  /// Asserts that an effect sent an action of a nested case, two cases deep, for the row `id`
  /// of a collection.
  public func receive<ID: Equatable & Sendable, Row, B, C>(
    _ rows: @escaping @Sendable (ID, Row) -> Action, id: ID, _ b: @escaping @Sendable (B) -> Row,
    _ c: @escaping @Sendable (C) -> B,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let path = Self.row(rows, id: id).appending(path: CasePath(b)).appending(path: CasePath(c))
    await receive(
      path, cases: [Row.self, B.self, C.self], id: "\(id)", timeout: timeout, assert: assert,
      at: sourceLocation)
  }

  /// Asserts that an effect sent an action for the stack screen `id`, and, given, of the
  /// screen's nested cases: TCA's `receive(\.path[id: 0].detail.delegate)`.
  ///
  /// ```swift
  /// await store.receive(Action.path, id: 0, Path.Action.detail, Detail.Action.delegate)
  /// ```
  public func receive<Screen, ScreenAction>(
    _ path: @escaping @Sendable (StackAction<Screen, ScreenAction>) -> Action, id: StackElementID,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      Self.screen(path, id: id), cases: [ScreenAction.self], id: "\(id)", timeout: timeout,
      assert: assert, at: sourceLocation)
  }

  /// Asserts that an effect sent an action of a nested case for the stack screen `id`.
  public func receive<Screen, ScreenAction, B>(
    _ path: @escaping @Sendable (StackAction<Screen, ScreenAction>) -> Action, id: StackElementID,
    _ b: @escaping @Sendable (B) -> ScreenAction,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let screen = Self.screen(path, id: id).appending(path: CasePath(b))
    await receive(
      screen, cases: [ScreenAction.self, B.self], id: "\(id)", timeout: timeout, assert: assert,
      at: sourceLocation)
  }

  /// Asserts that an effect sent an action of a nested case, two cases deep, for the stack
  /// screen `id`.
  public func receive<Screen, ScreenAction, B, C>(
    _ path: @escaping @Sendable (StackAction<Screen, ScreenAction>) -> Action, id: StackElementID,
    _ b: @escaping @Sendable (B) -> ScreenAction, _ c: @escaping @Sendable (C) -> B,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let screen = Self.screen(path, id: id).appending(path: CasePath(b)).appending(path: CasePath(c))
    await receive(
      screen, cases: [ScreenAction.self, B.self, C.self], id: "\(id)", timeout: timeout,
      assert: assert, at: sourceLocation)
  }

  /// The path to a presented child's action, through `.presented`.
  private static func presented<Child>(
    _ presentation: @escaping @Sendable (PresentationAction<Child>) -> Action
  ) -> CasePath<Action, Child> {
    CasePath(presentation).appending(path: CasePath(PresentationAction.presented))
  }

  /// The path to the action of the row `id`, out of an action of `rows`.
  private static func row<ID: Equatable & Sendable, Row>(
    _ rows: @escaping @Sendable (ID, Row) -> Action, id: ID
  ) -> CasePath<Action, Row> {
    let rows = CasePath(rows)
    return CasePath(
      embed: { rows.embed((id, $0)) },
      extract: { action in rows.extract(from: action).flatMap { $0.0 == id ? $0.1 : nil } })
  }

  /// The path to the action of the stack screen `id`, out of an action of `path`.
  private static func screen<Screen, ScreenAction>(
    _ path: @escaping @Sendable (StackAction<Screen, ScreenAction>) -> Action, id: StackElementID
  ) -> CasePath<Action, ScreenAction> {
    let path = CasePath(path)
    return CasePath(
      embed: { path.embed(.element(id: id, action: $0)) },
      extract: { action in
        guard case let .element(id: screen, action: action)? = path.extract(from: action),
          screen == id
        else { return nil }
        return action
      })
  }

  /// Receives the first action `path` extracts a value from that `matches` accepts, described
  /// by the payload types of its cases.
  private func receive<Last>(
    _ path: CasePath<Action, Last>, cases: [Any.Type], id: String? = nil, timeout: Duration?,
    assert: ((inout State) throws -> Void)?, at location: SourceLocation,
    matches: (Last) -> Bool = { _ in true }
  ) async {
    let chain = cases.map { "\($0)" }.joined(separator: " → ")
    await receive(
      description:
        "an action of the cases given to receive (\(id.map { "id \($0): " } ?? "")\(chain))",
      expected: nil, timeout: timeout, assert: assert, at: location,
      matching: { path.extract(from: $0).map(matches) ?? false })
  }
}
