/// The life of one running effect, as a pure state machine: started once, cancelled at most
/// once, finished once. Each transition says what the caller must do next; ``EffectToken``
/// applies them to an atomic word, so an effect needs no lock of its own.
///
/// `cancelling` is the one phase that holds a resource: the canceller is using the task's
/// handle (running the task's cancellation handlers, which are user code), and the task must
/// not end (its handle would dangle) until the canceller moves on to `cancelled`. A task that
/// ends meanwhile does not spin: it suspends, publishing itself by moving to
/// `cancellingAwaited`, and the canceller resumes it when it is done.
enum EffectPhase: Int, Sendable {
  case pending = 0
  case running
  case cancelling
  case cancelled
  case finished
  /// `cancelling`, and the task has ended its work and waits for the canceller to resume it.
  case cancellingAwaited

  /// The phase stored in an atomic word; only ever a phase's raw value is stored there.
  init(word: Int) {
    self = EffectPhase(rawValue: word) ?? .finished
  }

  /// What finishing does from this phase.
  enum Finish: Equatable {
    /// Move to this phase.
    case move(to: EffectPhase)
    /// A canceller is using the task's handle: suspend until it is done (move to
    /// `cancellingAwaited` from inside the continuation's body; the canceller resumes it).
    case wait
    /// Nothing to record.
    case none
  }

  /// The phase after the effect's task starts, or `nil` if the effect was cancelled before
  /// it started: the task must then not run the effect's operation.
  var started: EffectPhase? { self == .pending ? .running : nil }

  /// The phase a cancellation moves to, and whether the canceller must cancel the running
  /// task (and then move on to `cancelled`); `nil` if there is nothing left to cancel.
  var cancelled: (next: EffectPhase, cancelsTask: Bool)? {
    switch self {
    case .pending: (.cancelled, false)
    case .running: (.cancelling, true)
    case .cancelling, .cancelled, .finished, .cancellingAwaited: nil
    }
  }

  /// Whether the canceller, done with the task's handle, must resume the task's end: it found
  /// this phase instead of `cancelling`.
  var cancellerResumesFinisher: Bool { self == .cancellingAwaited }

  /// What the task does when it ends.
  var finish: Finish {
    switch self {
    case .running: .move(to: .finished)
    case .cancelling: .wait
    case .pending, .cancelled, .finished, .cancellingAwaited: .none
    }
  }
}
