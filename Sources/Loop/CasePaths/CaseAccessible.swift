/// An enum whose cases can be read and changed in place, each named by the case itself: the
/// macro-free form of TCA's `@CasePathable` accessors and `modify`.
///
/// Conform with one empty line; nothing else is written by hand:
///
/// ```swift
/// enum Mode: Equatable, CaseAccessible {
///   case browsing
///   case editing(Draft)
/// }
///
/// state.mode[case: Mode.editing]?.text = "Morning sync"   // in place, if editing
/// $0.mode.modify(Mode.editing) { $0.text = "x" }          // in an assertion
/// ```
///
/// An optional enum needs no conformance: `Optional` has the same `subscript(case:)` and
/// `modify(_:_:)`, so `$0.destination[case: Destination.edit]` and
/// `$0.path[id: 0].modify(Path.detail) { … }` work for any enum.
///
/// The case is read as `CasePath(_:)` reads it (every payload shape; a function that is
/// not one case is a runtime warning). Each access builds its path anew: fine for reducers and
/// tests, not for a loop over thousands of values, where a stored ``CasePath`` is cheaper.
public protocol CaseAccessible {}

extension CaseAccessible {
  /// The payload of one case, or `nil` when the value is another case; setting it makes the
  /// value that case.
  ///
  /// ```swift
  /// state.mode[case: Mode.editing]?.draft = "x"   // changes the draft if editing
  /// state.mode[case: Mode.editing] = Draft()       // starts editing
  /// ```
  ///
  /// Setting `nil` does nothing: an enum value is always some case.
  public subscript<Case>(case embed: @escaping @Sendable (Case) -> Self) -> Case? {
    get { self[case: CasePath(embed)] }
    set { self[case: CasePath(embed)] = newValue }
  }

  /// The value at the end of a chain of cases (see ``CasePath``), or `nil` when any link does
  /// not match; setting it makes the value that chain.
  ///
  /// ```swift
  /// state.mode[case: CasePath(Mode.editing).then(Draft.Stage.review)]?.notes = "ok"
  /// ```
  public subscript<Case>(case path: CasePath<Self, Case>) -> Case? {
    get { path.extract(from: self) }
    set {
      guard let newValue else { return }
      self = path.embed(newValue)
    }
  }

  /// Changes the payload of one case in place, as TCA's `modify(\.case)`: the case the value
  /// must be in, and what to do to its payload.
  ///
  /// ```swift
  /// await store.send(.signUpTapped) {
  ///   $0.modify(AppFeature.State.login) { $0.isLoading = true }
  /// }
  /// ```
  ///
  /// When the value is another case, nothing changes and it is a runtime warning naming the
  /// case it is in (a test failure in a `TestStore`'s assertion or reducer).
  public mutating func modify<Case>(
    _ embed: @escaping @Sendable (Case) -> Self, _ body: (inout Case) throws -> Void,
    fileID: StaticString = #fileID, line: UInt = #line
  ) rethrows {
    try modify(CasePath(embed), body, fileID: fileID, line: line)
  }

  /// Changes the value at the end of a chain of cases in place (see ``CasePath``).
  ///
  /// ```swift
  /// $0.mode.modify(CasePath(Mode.editing).then(Draft.Stage.review)) { $0.notes = "ok" }
  /// ```
  public mutating func modify<Case>(
    _ path: CasePath<Self, Case>, _ body: (inout Case) throws -> Void,
    fileID: StaticString = #fileID, line: UInt = #line
  ) rethrows {
    try modifyCase(
      &self, extract: path.extract(from:), embed: path.embed, body, fileID: fileID, line: line)
  }
}

extension Optional {
  /// The payload of one case of the wrapped enum, or `nil` when the value is `nil` or another
  /// case: TCA's `$0.destination?.edit`, without macros or a conformance.
  ///
  /// ```swift
  /// $0.destination[case: Destination.edit]?.title = "Morning sync"  // edits it in place
  /// #expect(store.state.destination[case: Destination.alert] != nil)
  /// ```
  ///
  /// Setting a payload makes the value that case. Setting `nil` clears the optional when it
  /// holds that case (a dismissal), and does nothing when it holds another.
  public subscript<Case>(case embed: @escaping @Sendable (Case) -> Wrapped) -> Case? {
    get { self[case: CasePath(embed)] }
    set { self[case: CasePath(embed)] = newValue }
  }

  /// The value at the end of a chain of cases of the wrapped enum (see ``CasePath``), or `nil`
  /// when the value is `nil` or any link does not match.
  ///
  /// ```swift
  /// $0.destination[case: CasePath(Destination.edit).then(Edit.State.Mode.renaming)] = "x"
  /// ```
  public subscript<Case>(case path: CasePath<Wrapped, Case>) -> Case? {
    get { flatMap { path.extract(from: $0) } }
    set {
      if let newValue {
        self = path.embed(newValue)
      } else if self[case: path] != nil {
        self = nil
      }
    }
  }

  /// Changes the payload of one case of the wrapped enum in place, as TCA's
  /// `$0.destination?.modify(\.edit) { … }`.
  ///
  /// ```swift
  /// await store.send(.path(.element(id: 0, action: .detail(.titleChanged("x"))))) {
  ///   $0.path[id: 0].modify(Path.detail) { $0.title = "x" }
  /// }
  /// ```
  ///
  /// When the value is `nil` or another case, nothing changes and it is a runtime warning
  /// naming what it holds (a test failure in a `TestStore`'s assertion or reducer).
  public mutating func modify<Case>(
    _ embed: @escaping @Sendable (Case) -> Wrapped, _ body: (inout Case) throws -> Void,
    fileID: StaticString = #fileID, line: UInt = #line
  ) rethrows {
    try modify(CasePath(embed), body, fileID: fileID, line: line)
  }

  /// Changes the value at the end of a chain of cases of the wrapped enum in place (see
  /// ``CasePath``).
  ///
  /// ```swift
  /// $0.destination.modify(CasePath(Destination.edit).then(Edit.State.Mode.renaming)) { $0 += "!" }
  /// ```
  public mutating func modify<Case>(
    _ path: CasePath<Wrapped, Case>, _ body: (inout Case) throws -> Void,
    fileID: StaticString = #fileID, line: UInt = #line
  ) rethrows {
    try modifyCase(
      &self, extract: { $0[case: path] }, embed: path.embed, body, fileID: fileID, line: line)
  }
}

/// What every `modify` does: changes the payload `extract` finds in `value` with `body`, and
/// embeds it again; when `extract` finds none, nothing changes and a runtime warning says so.
private func modifyCase<Value, Case>(
  _ value: inout Value, extract: (Value) -> Case?, embed: (Case) -> Value,
  _ body: (inout Case) throws -> Void, fileID: StaticString, line: UInt
) rethrows {
  guard var payload = extract(value) else {
    return reportCaseMismatch(value, fileID: fileID, line: line)
  }
  try body(&payload)
  value = embed(payload)
}

/// The warning of a `modify` whose value is not in the case it names.
private func reportCaseMismatch(_ value: Any, fileID: StaticString, line: UInt) {
  reportRuntimeWarning(
    """
    modify(_:_:) named a case the value is not in, so nothing was changed. The value is:

      \(Dump.oneLine(of: value, limit: 300))

    To fix, modify the case the value is in, or check the case first. (at \(fileID):\(line))
    """)
}
