extension Reducer {
  /// Runs each reducer in order on the same state and merges their effects.
  ///
  /// ```swift
  /// let app = Reducer.combine(
  ///   counterReducer.pullback(state: \.counter, action: AppAction.counterPath),
  ///   analyticsReducer
  /// )
  /// ```
  ///
  /// - Complexity: Each action costs the sum of the reducers' costs.
  @inlinable
  public static func combine(_ reducers: Self...) -> Self { combine(reducers) }

  /// Runs each reducer in order on the same state and merges their effects.
  ///
  /// Inlinable, so the closure it returns, which runs per action, is formed in the app's module
  /// and specialised for its types.
  @inlinable
  public static func combine(_ reducers: [Self]) -> Self {
    switch reducers.count {
    case 0: return .empty
    case 1: return reducers[0]
    default:
      return Self { state, action, environment in
        var effect = Effect<Action>.none
        for reducer in reducers {
          effect.merge(with: reducer.body(&state, action, environment))
        }
        return effect
      }
    }
  }

  /// Runs this reducer, then `other`, on the same state, and merges their effects.
  @inlinable
  public func combined(with other: Self) -> Self { .combine(self, other) }
}
