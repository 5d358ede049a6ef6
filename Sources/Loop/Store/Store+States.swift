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

  /// - Parameter sharedChangesAreNew: Whether a state that `isDuplicate` calls the same as the
  ///   last is delivered anyway when a shared value was written since: a `Shared` field reads
  ///   the value now on both sides of `==`, so only this sees its change.
  func makeStates(
    isDuplicate: (@MainActor (State, State) -> Bool)?, sharedChangesAreNew: Bool = false
  ) -> AsyncStream<State> {
    AsyncStream { continuation in
      var last: State?
      var sharedWrites = SharedChecks.writes
      let stream = self.addObserver { state in
        if let isDuplicate, let previous = last, isDuplicate(previous, state),
          !sharedChangesAreNew || sharedWrites == SharedChecks.writes
        {
          return
        }
        last = state
        sharedWrites = SharedChecks.writes
        continuation.yield(state)
      } onFinish: {
        continuation.finish()
      }
      guard let stream else { return continuation.finish() }
      continuation.onTermination = { _ in
        Task { @MainActor in stream.end() }
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
  ///
  /// A state holding a ``Shared`` value is delivered after that value changed too, though it
  /// compares `==` to the one before (both read the shared value as it is now); it may also be
  /// delivered when another shared value changed.
  public var states: AsyncStream<State> { makeStates(isDuplicate: ==, sharedChangesAreNew: true) }
}

extension Store {
  /// Adds an observer that receives the current state now and after each processed send, and
  /// `onFinish` once the store is gone; `nil` if it is gone already.
  @usableFromInline
  func addObserver(
    _ observe: @escaping @MainActor (State) -> Void, onFinish: @escaping @MainActor () -> Void
  ) -> (any StateStreamEnding)? {
    core.addObserver(observe, onFinish: onFinish)
  }
}

extension RootCore {
  /// Adds a `states` consumer: an entry of the store's table that stays waiting, given the
  /// state after every processed send.
  func addObserver(
    _ observe: @escaping @MainActor (State) -> Void, onFinish: @escaping @MainActor () -> Void
  ) -> any StateStreamEnding {
    let stream = StateStream<State>(observe: observe, finish: onFinish)
    stream.isWaiting = true
    observed.waiting.append(stream)
    observe(state)
    return stream
  }
}

/// One consumer of ``Store/states``, as an entry of the root store's `ObservedValues`: it never
/// stops waiting, and each check hands it the state.
final class StateStream<State>: ObservedValue<State>, StateStreamEnding, @unchecked Sendable {
  // NB: @unchecked: touched on the main actor only (its closures are the main actor's).
  private var observe: (@MainActor (State) -> Void)?
  private var onFinish: (@MainActor () -> Void)?

  init(observe: @escaping @MainActor (State) -> Void, finish: @escaping @MainActor () -> Void) {
    self.observe = observe
    self.onFinish = finish
    super.init()
    check = { [unowned(unsafe) self] state in
      guard let observe = self.observe else { return false }
      // NB: Checked on the main actor, where the state lives: nothing crosses.
      nonisolated(unsafe) let state = state
      MainActor.assumeIsolated { observe(state) }
      return true
    }
  }

  override func finish() {
    let onFinish = self.onFinish
    end()
    if let onFinish { MainActor.assumeIsolated { onFinish() } }
  }

  /// The consumer stopped: the entry is dropped at the next check.
  func end() {
    observe = nil
    onFinish = nil
  }
}

/// What ends a `states` consumer's entry, whatever the store's state type.
@usableFromInline
protocol StateStreamEnding: Sendable {
  /// Stops the consumer's entry (main actor only).
  func end()
}
