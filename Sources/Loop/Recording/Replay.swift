/// A recorded session reduced again: each action of the log, in order, through a reducer,
/// **without running effects** (what they fed back is in the log), and the state after each.
///
/// ```swift
/// let replay = try log.replay(reducer: AppFeature.reducer, environment: .unimplemented)
/// replay.steps.last?.state          // where the session ended
/// replay.divergence?.description    // the first state that differs from the recorded one
/// ```
///
/// A replay checks the reducer, not the services: effects are not re-run, so a change in what
/// a service answers cannot show up, while a change in what the reducer does with an answer
/// does.
public struct Replay<State, Action> {
  /// The name the recorder gave.
  public var name: String
  /// The state the replay began from.
  public var initialState: State
  /// One step per entry of the log.
  public var steps: [Step]
  /// The first step whose state differs from the one recorded, if any.
  public var divergence: ReplayDivergence<State, Action>?

  /// One replayed action: the log's entry for it, and the state the reducer gave now.
  ///
  /// ```swift
  /// let step = replay.steps[2]
  /// step.line, step.origin, step.action   // the entry's, read through it
  /// step.state                            // replayed; step.recordedState is the log's
  /// ```
  @dynamicMemberLookup
  public struct Step {
    /// The log's entry: its line, number, origin, cause, offset, action and recorded state.
    public var entry: SessionLog<State, Action>.Entry
    /// The state the reducer gave now.
    public var state: State

    /// The state the log recorded after it, if it holds states.
    public var recordedState: State? { entry.state }

    /// A field of the entry: `step.line`, `step.action`, `step.origin`, `step.cause`.
    public subscript<Value>(
      dynamicMember keyPath: KeyPath<SessionLog<State, Action>.Entry, Value>
    ) -> Value {
      entry[keyPath: keyPath]
    }

    /// The action on one line, for a step-by-step listing:
    /// `Action.row(id: 3, action: .tap)`.
    public var actionDescription: String { Dump.oneLine(of: entry.action) }
  }

  /// The state before step `index` (the initial state for the first).
  public func state(before index: Int) -> State {
    index == 0 ? initialState : steps[index - 1].state
  }

  /// What step `index` changed in the state, as a diff of only what differs (`nil` when it
  /// changed nothing).
  ///
  /// ```swift
  /// print(replay.change(at: 3) ?? "  (no change)")
  /// ```
  public func change(at index: Int) -> String? {
    Diff.of(state(before: index), steps[index].state)
  }
}

/// Where a replay first differed from the recording.
public struct ReplayDivergence<State, Action>: CustomStringConvertible {
  /// The index of the step in ``Replay/steps``.
  public var step: Int
  /// The line of the log.
  public var line: Int
  /// The action after which the states differ.
  public var action: Action
  /// Who sent it.
  public var origin: ActionOrigin
  /// The state the log recorded.
  public var recorded: State
  /// The state the reducer gave now.
  public var replayed: State

  /// The recorded and replayed states, as a diff of only what differs.
  public var diff: String {
    Diff.of(recorded, replayed) ?? Diff.indistinguishable
  }

  /// The divergence as a failure message: where, after which action, the diff, how to fix.
  public var description: String {
    """
    The replay differs from the recording at line \(line) of the log, after \
    \(Dump.oneLine(of: action, limit: 120)) (sent by \(origin == .user ? "the user" : "an effect")).

    (Recorded: −, Replayed: +)
    \(diff)

    If the reducer's new behaviour is intended, record the session again; otherwise this \
    action now changes the state differently from when it was recorded.
    """
  }
}

extension SessionLog where State: Equatable {
  /// Reduces the log's actions in order through `reducer`, without running their effects, and
  /// compares each state with the recorded one where the log holds states.
  ///
  /// - Parameters:
  ///   - reducer: The feature's reducer.
  ///   - environment: An environment for the reducer; effects never run, so one whose
  ///     services fail when called is the honest choice.
  ///   - initialState: Where to start; the log's initial state if `nil`.
  ///   - redaction: The one the log was recorded with: each replayed state is redacted the
  ///     same way before it is compared with the recorded one.
  /// - Throws: ``SessionLogError/noInitialState`` when neither gives a state.
  /// - Complexity: One reduce per entry, plus one `==` per recorded state.
  public func replay<Environment>(
    reducer: Reducer<State, Action, Environment>, environment: Environment,
    from initialState: State? = nil, redacting redaction: SessionRedaction<State, Action> = .none
  ) throws(SessionLogError) -> Replay<State, Action> {
    guard let start = initialState ?? self.initialState else { throw .noInitialState }
    // NB: A state holding shared values refers to them from every copy of it: the replay
    // reduces a detached copy of where it starts, keeps another as its initial state, and
    // each step keeps one, so the log (or the caller's state) is never written, and stepping
    // shows each value as it was then (see `SharedDetaching`).
    let detaches = SharedDetaching.holdsShared(start)
    func detached(_ state: State) -> State {
      detaches ? SharedDetaching.detachedCopy(of: state) ?? state : state
    }
    var replay = Replay<State, Action>(
      name: name, initialState: detached(start), steps: [], divergence: nil)
    replay.steps.reserveCapacity(entries.count)
    var state = detached(start)
    for entry in entries {
      // NB: The effect is dropped unstarted: what it fed back is in the log, as later entries.
      _ = reducer.reduce(into: &state, action: entry.action, environment: environment)
      replay.steps.append(
        Replay.Step(entry: entry, state: detached(state)))
      if replay.divergence == nil, let recorded = entry.state {
        let replayed = redaction.state(replay.steps[replay.steps.count - 1].state)
        if recorded != replayed {
          replay.divergence = ReplayDivergence(
            step: replay.steps.count - 1, line: entry.line, action: entry.action,
            origin: entry.origin, recorded: recorded, replayed: replayed)
        }
      }
    }
    return replay
  }
}

extension Replay: Sendable where State: Sendable, Action: Sendable {}
extension Replay.Step: Sendable where State: Sendable, Action: Sendable {}
extension ReplayDivergence: Sendable where State: Sendable, Action: Sendable {}
