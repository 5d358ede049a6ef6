/// What records the end of one effect in a session log: made when a recording store starts
/// the effect (`SessionRecorder.effectStarted()`), carried by its job, and told once, on the
/// main actor, when the effect ends — finished, or cancelled before or while it ran.
@MainActor
@usableFromInline
final class EffectRecording: Sendable {
  private let record: @MainActor (_ cancelled: Bool) -> Void

  init(_ record: @escaping @MainActor (_ cancelled: Bool) -> Void) {
    self.record = record
  }

  /// The effect ended; `cancelled` if it was cancelled.
  @usableFromInline
  func ended(cancelled: Bool) {
    record(cancelled)
  }
}
