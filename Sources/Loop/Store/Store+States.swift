extension Store where State: Sendable {
  /// The store's state over time: the current state first, then the state after each `send`
  /// that was processed.
  ///
  /// ```swift
  /// for await state in store.states {
  ///   render(state)
  /// }
  /// ```
  ///
  /// The stream ends when the store is released. A consumer that falls behind sees every
  /// state, in order (the stream buffers). For an `Equatable` state, only distinct states are
  /// delivered.
  public var states: AsyncStream<State> { makeStates(isDuplicate: nil) }

  /// The store's state over time, skipping each state that `isDuplicate` says is the same as
  /// the last one delivered — ReSwift's `skipRepeats(_:)`.
  ///
  /// ```swift
  /// // Only when the query changes, whatever else does:
  /// for await state in store.states(removingDuplicatesBy: { $0.query == $1.query }) { … }
  /// ```
  ///
  /// To follow one part of the state, scope to it first:
  /// `store.scope(state: \.query, action: …).states` skips repeats of an `Equatable` part.
  public func states(
    removingDuplicatesBy isDuplicate: @escaping @MainActor (State, State) -> Bool
  ) -> AsyncStream<State> {
    makeStates(isDuplicate: isDuplicate)
  }

  func makeStates(isDuplicate: (@MainActor (State, State) -> Bool)?) -> AsyncStream<State> {
    AsyncStream { continuation in
      let last = Box<State?>(nil)
      let id = self.addObserver { state in
        if let isDuplicate, let previous = last.value, isDuplicate(previous, state) { return }
        last.value = state
        continuation.yield(state)
      } onFinish: {
        continuation.finish()
      }
      continuation.onTermination = { [weak self] _ in
        Task { @MainActor in
          if let id { self?.removeObserver(id) }
        }
      }
    }
  }
}

extension Store where State: Sendable & Equatable {
  /// The store's distinct states: the current state first, then each state that differs from
  /// the one before.
  ///
  /// ```swift
  /// for await state in store.states where !state.isLoading { … }
  /// ```
  public var states: AsyncStream<State> { makeStates(isDuplicate: ==) }
}

extension Store {
  /// Adds an observer that receives the current state now and after each processed send;
  /// `nil` if the store is gone.
  @usableFromInline
  func addObserver(
    _ observe: @escaping @MainActor (State) -> Void, onFinish: @escaping @MainActor () -> Void
  ) -> Int? {
    core.addObserver(observe, onFinish: onFinish)
  }

  @usableFromInline
  func removeObserver(_ id: Int) {
    core.removeObserver(id)
  }
}

/// A mutable cell for an observer closure's memory, confined to the main actor.
@MainActor
@usableFromInline
final class Box<Value> {
  @usableFromInline var value: Value
  @inlinable
  init(_ value: Value) { self.value = value }
}

extension RootCore {
  func addObserver(
    _ observe: @escaping @MainActor (State) -> Void, onFinish: @escaping @MainActor () -> Void
  ) -> Int {
    let id = nextObserverID
    nextObserverID += 1
    stateObservers[id] = StateObserver(observe: observe, finish: onFinish)
    observe(state)
    return id
  }

  func removeObserver(_ id: Int) {
    stateObservers[id] = nil
  }
}

/// One consumer of ``Store/states``.
@MainActor
@usableFromInline
struct StateObserver<State> {
  @usableFromInline let observe: @MainActor (State) -> Void
  let finish: @MainActor () -> Void
}
