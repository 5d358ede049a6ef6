/// The life of one running effect, as a pure state machine: started once, cancelled at most
/// once, finished once. Its methods say what the caller must do next.
struct EffectPhase<Handle>: Sendable where Handle: Sendable {
  enum State: Sendable {
    case pending
    case running(Handle)
    case cancelled
    case finished
  }

  private(set) var state: State = .pending

  /// Records that the effect's task started. Returns `false` if it was cancelled before it
  /// started: the task must then not run the effect's operation.
  mutating func start(_ handle: Handle) -> Bool {
    switch state {
    case .pending:
      state = .running(handle)
      return true
    case .running, .cancelled, .finished:
      return false
    }
  }

  /// Records a cancellation. Returns the handle of the running task to cancel, if any.
  mutating func cancel() -> Handle? {
    switch state {
    case .pending:
      state = .cancelled
      return nil
    case let .running(handle):
      state = .cancelled
      return handle
    case .cancelled, .finished:
      return nil
    }
  }

  /// Records that the task ended; its handle is forgotten and must not be used again.
  mutating func finish() { state = .finished }
}
