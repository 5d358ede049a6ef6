/// A case path is a chain: start from the outermost case, then add a link per case inward —
/// TCA's `\.rows[id: 1].delegate.closed` as one value, with no macro.
///
/// ```swift
/// CasePath(Action.rows)[id: 1].then(Row.Action.delegate).then(Row.Delegate.closed)
/// CasePath(Action.memo).then(Memo.Action.delegate)            // .presented entered on its own
/// CasePath(Action.path)[id: 0].then(Path.Action.detail)        // a stack screen by its id
/// CasePath(Action.response).then(Result.success)
/// ```
///
/// A link is a case (with one value, two, or none), a ``CasePath``, or an element by its id, at
/// any depth. Every API that takes a case path takes a chain: `receive`, `scope`, `ifCaseLet`,
/// `presents`, `forEach`, `[case:]` and `modify`, and bindings' `action:`.
///
/// Matching checks every link: a value extracts only when each case is the one given, each id
/// equals the one given, and a last case with no payload is that case. Each link type-checks
/// against the one before it, so a chain of any length costs the compiler one step per link.
extension CasePath {
  /// The path into a case of this path's value: the next link of a chain.
  ///
  /// ```swift
  /// let finished = CasePath(Action.memo).then(PresentationAction.presented)
  ///   .then(Memo.Action.delegate).then(Memo.Delegate.didFinish)
  /// finished.embed(.success(3))  // .memo(.presented(.delegate(.didFinish(.success(3)))))
  /// ```
  public func then<Nested>(_ case: @escaping @Sendable (Nested) -> Value) -> CasePath<Root, Nested>
  {
    then(CasePath<Value, Nested>(`case`))
  }

  /// The path into a case of this path's value that holds two values (`.row(id:action:)`); its
  /// value is the pair, and `[id:]` picks one row of it.
  ///
  /// ```swift
  /// CasePath(Action.list).then(List.Action.rows)[id: 3]
  /// ```
  public func then<First, Second>(
    _ case: @escaping @Sendable (First, Second) -> Value
  ) -> CasePath<Root, (First, Second)> {
    then(CasePath<Value, (First, Second)>(`case`))
  }

  /// The path through `path`, from this path's value: a hand-written ``CasePath`` (or a chain)
  /// as a link.
  ///
  /// ```swift
  /// CasePath(Action.settings).then(Settings.Action.togglePath)
  /// ```
  public func then<Nested>(_ path: CasePath<Value, Nested>) -> CasePath<Root, Nested> {
    CasePath<Root, Nested>(
      embed: { self.embed(path.embed($0)) },
      extract: { self.extract(from: $0).flatMap(path.extract(from:)) },
      isSingleCase: false,
      describe: { parts in self.describeValue([path.describeValue(parts)]) })
  }

  /// The path to one case of this path's value that has no payload, given as the value: the
  /// last link of a chain such as TCA's `\.delegate.closed`. Only the case is compared, so the
  /// enum need not be `Equatable`.
  ///
  /// ```swift
  /// await store.receive(CasePath(Action.delegate).then(Delegate.closed))
  /// ```
  public func then(_ value: Value) -> CasePath<Root, Void> where Value: Sendable {
    CasePath<Root, Void>(
      embed: { self.embed(value) },
      extract: { root in self.extract(from: root).flatMap { isSameCase($0, value) ? () : nil } },
      isSingleCase: false,
      describe: { _ in self.describeValue([Dump.cases(of: value)]) })
  }

  /// The path to the value of the element `id`, out of a case that holds an id and a value
  /// (`.rows(id:action:)`): TCA's `\.rows[id: 1]`.
  ///
  /// ```swift
  /// CasePath(Action.rows)[id: 1].then(Row.Action.tapped)
  /// ```
  public subscript<ID: Equatable & Sendable, Element>(id id: ID) -> CasePath<Root, Element>
  where Value == (ID, Element) {
    CasePath<Root, Element>(
      embed: { self.embed((id, $0)) },
      extract: { root in self.extract(from: root).flatMap { $0.0 == id ? $0.1 : nil } },
      isSingleCase: false,
      describe: { parts in self.describeValue([Dump.cases(of: id), parts.first ?? "…"]) })
  }
}

extension CasePath {
  /// The path into a presented child's case, `.presented` entered on its own, as TCA's
  /// `\.memo.delegate` leaves it out.
  ///
  /// ```swift
  /// CasePath(Action.memo).then(Memo.Action.delegate)
  /// // the same path as .then(PresentationAction.presented).then(Memo.Action.delegate)
  /// ```
  public func then<Child, Nested>(
    _ case: @escaping @Sendable (Nested) -> Child
  ) -> CasePath<Root, Nested> where Value == PresentationAction<Child> {
    then(PresentationAction<Child>.presented).then(`case`)
  }

  /// The path into a presented child's case that holds two values (`.rows(id:action:)`),
  /// `.presented` entered on its own.
  ///
  /// ```swift
  /// CasePath(Action.list).then(List.Action.rows)[id: 3]
  /// ```
  public func then<Child, First, Second>(
    _ case: @escaping @Sendable (First, Second) -> Child
  ) -> CasePath<Root, (First, Second)> where Value == PresentationAction<Child> {
    then(PresentationAction<Child>.presented).then(`case`)
  }

  /// The path through `path` from a presented child's action, `.presented` entered on its own.
  ///
  /// ```swift
  /// CasePath(Action.settings).then(Settings.Action.togglePath)
  /// ```
  public func then<Child, Nested>(
    _ path: CasePath<Child, Nested>
  ) -> CasePath<Root, Nested> where Value == PresentationAction<Child> {
    then(PresentationAction<Child>.presented).then(path)
  }

  /// The path to a presented child's case with no payload, `.presented` entered on its own:
  /// TCA's `\.memo.closeTapped`.
  ///
  /// ```swift
  /// await store.receive(CasePath(Action.memo).then(Memo.Action.closeTapped))
  /// ```
  public func then<Child>(_ value: Child) -> CasePath<Root, Void>
  where Value == PresentationAction<Child>, Child: Sendable {
    then(PresentationAction<Child>.presented).then(value)
  }

  /// The path to the action of the stack screen `id`: TCA's `\.path[id: 0]`.
  ///
  /// ```swift
  /// CasePath(Action.path)[id: 0].then(Path.Action.detail)
  /// ```
  public subscript<ScreenState, ScreenAction>(id id: StackElementID) -> CasePath<
    Root, ScreenAction
  > where Value == StackAction<ScreenState, ScreenAction> {
    then(StackAction<ScreenState, ScreenAction>.element)[id: id]
  }
}
