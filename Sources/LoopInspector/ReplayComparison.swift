/// Finds where a replay of a session first differs from its recording, fed one state of each
/// at a time — so neither log is held whole.
///
/// ```swift
/// var comparison = ReplayComparison(recorded: recording.initialState, replayed: replay.initialState)
/// comparison.next(recorded: stateAfterStep1, replayed: replayedAfterStep1)
/// comparison.end()
/// comparison.divergence   // nil: the same states throughout
/// ```
struct ReplayComparison {
  /// Where a replay first differs from the recording.
  struct Divergence {
    /// The step after which the states differ (0: the initial states).
    var step: Int
    var recorded: JSONValue
    var replayed: JSONValue
    /// A note when the two logs do not have the same actions.
    var note: String?
  }

  private(set) var divergence: Divergence?
  private var recordedCount = 0
  private var replayedCount = 0
  /// The last state the two had alike.
  private var lastAlike: JSONValue?

  /// Compares the initial states.
  init(recorded: JSONValue?, replayed: JSONValue?) {
    lastAlike = recorded
    if let recorded, let replayed, recorded != replayed {
      divergence = Divergence(step: 0, recorded: recorded, replayed: replayed)
    }
  }

  /// Compares the next state of each; `nil` where that log has no more.
  mutating func next(recorded: JSONValue?, replayed: JSONValue?) {
    if recorded != nil { recordedCount += 1 }
    if replayed != nil { replayedCount += 1 }
    guard divergence == nil, let recorded, let replayed else { return }
    if recorded != replayed {
      divergence = Divergence(step: recordedCount, recorded: recorded, replayed: replayed)
    } else {
      lastAlike = recorded
    }
  }

  /// After the last states: if every state both have is alike, the shorter log ends early,
  /// shown at its last step, where the two are still alike.
  mutating func end() {
    guard divergence == nil, recordedCount != replayedCount, let lastAlike else { return }
    divergence = Divergence(
      step: min(recordedCount, replayedCount), recorded: lastAlike, replayed: lastAlike,
      note:
        "The recording has \(recordedCount) states after its actions, the replay \(replayedCount)."
    )
  }
}
