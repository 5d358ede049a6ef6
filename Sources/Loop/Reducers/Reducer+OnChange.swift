extension Reducer {
  /// Adds a step that runs after this reducer when an action changed a part of the state, with
  /// the value before and after; it may change the state further and return an effect.
  ///
  /// As TCA's `onChange(of:)`: the value is compared with `==`, so an action that sets it to
  /// what it was does not trigger the step, and changes the step itself makes do not trigger
  /// it again.
  ///
  /// ```swift
  /// let saving = settingsReducer.onChange(of: \.isDarkMode) { _, isDarkMode, state, _, environment in
  ///   state.lastSaved = isDarkMode
  ///   return .run { _ in await environment.save(isDarkMode) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - value: The part of the state to watch, e.g. a key path.
  ///   - body: Runs when it changed: the old value, the new one, then the state (after this
  ///     reducer), the action and the environment. Its effect is merged with this reducer's.
  /// - Complexity: Two reads of `value` and one `==` per action, beyond `body`.
  @inlinable
  public func onChange<Value: Equatable>(
    of value: @escaping (State) -> Value,
    _ body:
      @escaping (
        _ oldValue: Value, _ newValue: Value, _ state: inout State, _ action: Action,
        _ environment: Environment
      ) -> Effect<Action>
  ) -> Self {
    onChange(of: value, removeDuplicates: ==, body)
  }

  /// Adds a step that runs after this reducer when an action changed a part of the state, as
  /// `isDuplicate` tells: for a value that is not `Equatable`, or one compared another way.
  ///
  /// As TCA's `onChange(of:removeDuplicates:)`. Several values at once are a tuple, compared
  /// with the tuple's `==`:
  ///
  /// ```swift
  /// .onChange(of: { ($0.query, $0.page) }, removeDuplicates: ==) { _, _, state, _, environment in
  ///   .send(.search)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - value: The part of the state to watch.
  ///   - isDuplicate: Whether the value before and after the action count as the same: then
  ///     `body` does not run.
  ///   - body: Runs when it changed, as in ``onChange(of:_:)``.
  /// - Complexity: Two reads of `value` and one call of `isDuplicate` per action, beyond
  ///   `body`.
  @inlinable
  public func onChange<Value>(
    of value: @escaping (State) -> Value,
    removeDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    _ body:
      @escaping (
        _ oldValue: Value, _ newValue: Value, _ state: inout State, _ action: Action,
        _ environment: Environment
      ) -> Effect<Action>
  ) -> Self {
    let reduce = self.body
    return Self { state, action, environment in
      let oldValue = value(state)
      var effect = reduce(&state, action, environment)
      let newValue = value(state)
      guard !isDuplicate(oldValue, newValue) else { return effect }
      effect.merge(with: body(oldValue, newValue, &state, action, environment))
      return effect
    }
  }

  /// Adds a step that runs after this reducer when an action changed either of two parts of
  /// the state; `body` gets both values before and after, as pairs.
  ///
  /// ```swift
  /// .onChange(of: \.query, \.page) { old, new, state, _, _ in
  ///   state.log.append("\(old.0) p\(old.1) → \(new.0) p\(new.1)")
  ///   return .none
  /// }
  /// ```
  ///
  /// - Complexity: Two reads of each value and up to two `==` per action, beyond `body`.
  @inlinable
  public func onChange<First: Equatable, Second: Equatable>(
    of firstPart: @escaping (State) -> First,
    _ secondPart: @escaping (State) -> Second,
    _ body:
      @escaping (
        _ oldValues: (First, Second), _ newValues: (First, Second), _ state: inout State,
        _ action: Action, _ environment: Environment
      ) -> Effect<Action>
  ) -> Self {
    onChange(of: { (firstPart($0), secondPart($0)) }, removeDuplicates: ==, body)
  }

  /// Adds a step that runs after this reducer when an action changed any of three parts of
  /// the state; `body` gets the three values before and after, as triples.
  ///
  /// - Complexity: Two reads of each value and up to three `==` per action, beyond `body`.
  @inlinable
  public func onChange<First: Equatable, Second: Equatable, Third: Equatable>(
    of firstPart: @escaping (State) -> First,
    _ secondPart: @escaping (State) -> Second,
    _ thirdPart: @escaping (State) -> Third,
    _ body:
      @escaping (
        _ oldValues: (First, Second, Third), _ newValues: (First, Second, Third),
        _ state: inout State, _ action: Action, _ environment: Environment
      ) -> Effect<Action>
  ) -> Self {
    onChange(of: { (firstPart($0), secondPart($0), thirdPart($0)) }, removeDuplicates: ==, body)
  }
}
