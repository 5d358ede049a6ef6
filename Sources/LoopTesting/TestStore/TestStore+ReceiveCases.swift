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
    let (a, b) = (CasePath(a), CasePath(b))
    await receive(
      cases: [A.self, B.self], timeout: timeout, assert: assert, at: sourceLocation
    ) { a.extract(from: $0).flatMap(b.extract) != nil }
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
    let (a, b, c) = (CasePath(a), CasePath(b), CasePath(c))
    await receive(
      cases: [A.self, B.self, C.self], timeout: timeout, assert: assert, at: sourceLocation
    ) { a.extract(from: $0).flatMap(b.extract).flatMap(c.extract) != nil }
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
    let (a, b, c, d) = (CasePath(a), CasePath(b), CasePath(c), CasePath(d))
    await receive(
      cases: [A.self, B.self, C.self, D.self], timeout: timeout, assert: assert,
      at: sourceLocation
    ) { a.extract(from: $0).flatMap(b.extract).flatMap(c.extract).flatMap(d.extract) != nil }
  }

  /// Asserts that an effect sent an action of a nested case five cases deep.
  public func receive<A, B, C, D, E>(
    _ a: @escaping @Sendable (A) -> Action, _ b: @escaping @Sendable (B) -> A,
    _ c: @escaping @Sendable (C) -> B, _ d: @escaping @Sendable (D) -> C,
    _ e: @escaping @Sendable (E) -> D,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let (a, b, c, d, e) = (CasePath(a), CasePath(b), CasePath(c), CasePath(d), CasePath(e))
    await receive(
      cases: [A.self, B.self, C.self, D.self, E.self], timeout: timeout, assert: assert,
      at: sourceLocation
    ) {
      a.extract(from: $0).flatMap(b.extract).flatMap(c.extract).flatMap(d.extract)
        .flatMap(e.extract) != nil
    }
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
      a, PresentationAction.presented, b, timeout: timeout, assert: assert,
      sourceLocation: sourceLocation)
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
    await receive(
      a, PresentationAction.presented, b, c, timeout: timeout, assert: assert,
      sourceLocation: sourceLocation)
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
    await receive(
      a, PresentationAction.presented, b, c, d, timeout: timeout, assert: assert,
      sourceLocation: sourceLocation)
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
    let a = CasePath(a)
    await receive(
      cases: [A.self], timeout: timeout, assert: assert, at: sourceLocation
    ) { a.extract(from: $0).map { isSameCase($0, value) } ?? false }
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
    let (a, b) = (CasePath(a), CasePath(b))
    await receive(
      cases: [A.self, B.self], timeout: timeout, assert: assert, at: sourceLocation
    ) { a.extract(from: $0).flatMap(b.extract).map { isSameCase($0, value) } ?? false }
  }

  /// Asserts that an effect sent an action whose nested case, three deep, ends in the case of
  /// `value`.
  public func receive<A, B, C>(
    _ a: @escaping @Sendable (A) -> Action, _ b: @escaping @Sendable (B) -> A,
    _ c: @escaping @Sendable (C) -> B, _ value: C,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let (a, b, c) = (CasePath(a), CasePath(b), CasePath(c))
    await receive(
      cases: [A.self, B.self, C.self], timeout: timeout, assert: assert, at: sourceLocation
    ) {
      a.extract(from: $0).flatMap(b.extract).flatMap(c.extract).map { isSameCase($0, value) }
        ?? false
    }
  }

  /// Asserts that an effect sent a presented child's action of the case of `value` (a case
  /// with no payload), its `.presented` left out: TCA's `receive(\.memo.closeTapped)`.
  public func receive<Child>(
    _ a: @escaping @Sendable (PresentationAction<Child>) -> Action, _ value: Child,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      a, PresentationAction.presented, value, timeout: timeout, assert: assert,
      sourceLocation: sourceLocation)
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
      a, PresentationAction.presented, b, value, timeout: timeout, assert: assert,
      sourceLocation: sourceLocation)
  }

  /// Asserts that an effect sent an action for the row `id` of a collection (a case such as
  /// `.rows(id:action:)`), and, given, of the row's nested cases.
  ///
  /// ```swift
  /// await store.receive(Action.todos, id: todo.id, Todo.Action.delegate)
  /// ```
  public func receive<ID: Equatable, Row>(
    _ rows: @escaping @Sendable (ID, Row) -> Action, id: ID,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let rows = CasePath(rows)
    await receive(
      cases: [Row.self], id: "\(id)", timeout: timeout, assert: assert, at: sourceLocation
    ) { rows.extract(from: $0)?.0 == id }
  }

  /// Asserts that an effect sent an action of a nested case for the row `id` of a collection.
  public func receive<ID: Equatable, Row, B>(
    _ rows: @escaping @Sendable (ID, Row) -> Action, id: ID, _ b: @escaping @Sendable (B) -> Row,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let (rows, b) = (CasePath(rows), CasePath(b))
    await receive(
      cases: [Row.self, B.self], id: "\(id)", timeout: timeout, assert: assert,
      at: sourceLocation
    ) { rows.extract(from: $0).flatMap { $0.0 == id ? b.extract(from: $0.1) : nil } != nil }
  }

  /// Asserts that an effect sent an action of a nested case, two cases deep, for the row `id`
  /// of a collection.
  public func receive<ID: Equatable, Row, B, C>(
    _ rows: @escaping @Sendable (ID, Row) -> Action, id: ID, _ b: @escaping @Sendable (B) -> Row,
    _ c: @escaping @Sendable (C) -> B,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let (rows, b, c) = (CasePath(rows), CasePath(b), CasePath(c))
    await receive(
      cases: [Row.self, B.self, C.self], id: "\(id)", timeout: timeout, assert: assert,
      at: sourceLocation
    ) {
      rows.extract(from: $0).flatMap { $0.0 == id ? b.extract(from: $0.1) : nil }
        .flatMap(c.extract) != nil
    }
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
    let screen = Self.screen(path, id: id)
    await receive(
      cases: [ScreenAction.self], id: "\(id)", timeout: timeout, assert: assert,
      at: sourceLocation
    ) { screen($0) != nil }
  }

  /// Asserts that an effect sent an action of a nested case for the stack screen `id`.
  public func receive<Screen, ScreenAction, B>(
    _ path: @escaping @Sendable (StackAction<Screen, ScreenAction>) -> Action, id: StackElementID,
    _ b: @escaping @Sendable (B) -> ScreenAction,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let (screen, b) = (Self.screen(path, id: id), CasePath(b))
    await receive(
      cases: [ScreenAction.self, B.self], id: "\(id)", timeout: timeout, assert: assert,
      at: sourceLocation
    ) { screen($0).flatMap(b.extract) != nil }
  }

  /// Asserts that an effect sent an action of a nested case, two cases deep, for the stack
  /// screen `id`.
  public func receive<Screen, ScreenAction, B, C>(
    _ path: @escaping @Sendable (StackAction<Screen, ScreenAction>) -> Action, id: StackElementID,
    _ b: @escaping @Sendable (B) -> ScreenAction, _ c: @escaping @Sendable (C) -> B,
    timeout: Duration? = nil, assert: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let (screen, b, c) = (Self.screen(path, id: id), CasePath(b), CasePath(c))
    await receive(
      cases: [ScreenAction.self, B.self, C.self], id: "\(id)", timeout: timeout, assert: assert,
      at: sourceLocation
    ) { screen($0).flatMap(b.extract).flatMap(c.extract) != nil }
  }

  /// The action for the stack screen `id`, out of an action of `path`.
  private static func screen<Screen, ScreenAction>(
    _ path: @escaping @Sendable (StackAction<Screen, ScreenAction>) -> Action, id: StackElementID
  ) -> (Action) -> ScreenAction? {
    let path = CasePath(path)
    return { action in
      guard case let .element(id: screen, action: action)? = path.extract(from: action),
        screen == id
      else { return nil }
      return action
    }
  }

  /// Receives the first action `matching` accepts, described by the payload types of its cases.
  private func receive(
    cases: [Any.Type], id: String? = nil, timeout: Duration?,
    assert: ((inout State) throws -> Void)?, at location: SourceLocation,
    matching: (Action) -> Bool
  ) async {
    let chain = cases.map { "\($0)" }.joined(separator: " → ")
    await receive(
      description:
        "an action of the cases given to receive (\(id.map { "id \($0): " } ?? "")\(chain))",
      expected: nil, timeout: timeout, assert: assert, at: location, matching: matching)
  }
}
