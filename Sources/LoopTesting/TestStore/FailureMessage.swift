import Loop

/// The text of every failure a ``TestStore`` records: one sentence saying what went wrong, a
/// diff of only what differs (`−` expected, `+` actual), and how to fix it.
///
/// Kept apart from the store so each message can be pinned by a test.
enum FailureMessage {
  static func stateMismatch(after step: String, expected: Any, actual: Any) -> String {
    """
    The state after \(step) does not match the assert closure.

    \(diff(expected, actual))

    \(Diff.legend)

    To fix, make the assert closure set the values marked +, or change the reducer so it \
    produces the values marked −.
    """
  }

  static func unassertedChange(after step: String, before: Any, after: Any) -> String {
    """
    The state changed after \(step), but no assert closure described the change.

    \(diff(before, after))

    \(Diff.legend)

    To fix, pass an assert closure that sets the values marked +, e.g. \
    `{ $0.field = newValue }`.
    """
  }

  static func sharedMismatch(
    key: String, after step: String, expected: Any, actual: Any, inState: Bool
  ) -> String {
    """
    The shared value \(key) after \(step) does not match the assert closure.

    \(diff(expected, actual))

    \(Diff.legend)

    To fix, make the assert closure set the values marked + \(sharedPlace(inState)), or \
    change the reducer so it produces the values marked −.
    """
  }

  static func unassertedSharedChange(
    key: String, after step: String, before: Any, after: Any, inState: Bool
  ) -> String {
    """
    The shared value \(key) changed after \(step), but no assert closure described the change.

    \(diff(before, after))

    \(Diff.legend)

    To fix, pass an assert closure that sets the values marked + \(sharedPlace(inState))\
    \(inState ? ", e.g. `{ $0.records.append(record) }`" : "").
    """
  }

  /// Where an assertion closure can set a shared value: through the state when it holds the
  /// value whole, else through a `Shared` of the same key the test holds.
  private static func sharedPlace(_ inState: Bool) -> String {
    inState
      ? "(through the state's Shared field)"
      : """
      through a Shared of the same key that the test holds, inside the closure (`{ _ in \
      $records.withLock { $0.remove(id: id) } }`): the state holds no Shared of the whole \
      value, only a part of it, or none
      """
  }

  static func sharedChangedOutsideSteps(key: String, moment: String, before: Any, after: Any)
    -> String
  {
    """
    The shared value \(key) changed \(moment), where no step describes the change: an effect \
    wrote it after the last action it sent, or code outside any send did.

    \(diff(before, after))

    \(Diff.legend)

    To fix, assert it once the write is done: `store.assert { $0.count = 2 }` through the \
    state's Shared field (after `await store.finish()`, for an effect), as in TCA.
    """
  }

  static func payloadNotComparable(_ expected: String, action type: Any.Type) -> String {
    let action = Dump.name(of: type)
    return """
      receive(\(expected)) cannot compare that action: \(action) is not Equatable, so only a case \
      with no payload is received by its value, and this one has a payload.

      To fix, receive the case itself (`receive(\(action).name)`) and assert the payload in the \
      state, or make \(action) Equatable.
      """
  }

  static func noChange(after step: String) -> String {
    """
    Expected the state to change after \(step), but it did not change.

    The assert closure made no change to the state it was given.

    To fix, omit the assert closure: without one, the test store asserts that the state did \
    not change.
    """
  }

  /// What a `receive` by predicate or by case expects, shown as its words, not as a string.
  struct ExpectedDescription: CustomDumpLeaf {
    let text: String
    var dumpDescription: String { text }
  }

  static func unexpectedAction(expected: Any, received: Any) -> String {
    """
    The store received a different action than the one expected.

    \(diff(expected, received))

    \(Diff.legend)

    To fix, receive the actions in the order the effects send them, or change the expected \
    action.
    """
  }

  static func receiveTimedOut(
    expected: String, timeout: Duration, running origins: [(action: Any, location: String)]
  ) -> String {
    let effects = origins.count == 1 ? "1 effect is" : "\(origins.count) effects are"
    return """
      Expected to receive \(expected), but no action arrived within \(describe(timeout)); \
      \(effects) still running, all waiting on something outside the test store:

      \(list(origins))

      To fix, make sure an effect sends this action: if it waits on a TestClock, advance the \
      clock first; if it does slow real work, pass a longer timeout.
      """
  }

  static func nothingToReceive(expected: String) -> String {
    """
    Expected to receive \(expected), but no action was received and no effect is running.

    To fix, check that the reducer returns an effect that sends this action.
    """
  }

  static func unreceivedActions(_ actions: [Any], before step: String) -> String {
    let count = actions.count == 1 ? "1 action" : "\(actions.count) actions"
    let list = actions.map { "  " + Dump.string(of: $0).replacingIndent() }.joined(separator: "\n")
    return """
      The store received \(count) that the test did not receive \(step):

      \(list)

      To fix, receive each with `await store.receive(…)`, or call \
      `await store.skipReceivedActions()` if they do not matter to this test.
      """
  }

  static func sentToDismissed(_ action: String) -> String {
    """
    Sent \(action) to a feature that dismissed itself.

    Nothing was sent: a dismissed feature is gone, and its effects have ended. To fix, send \
    nothing after the action that dismisses it, or check `store.isDismissed` first.
    """
  }

  static func noDialog(tapping label: String, at keyPath: String) -> String {
    """
    Tried to tap "\(label)", but no alert or dialog is presented at \(keyPath).

    Nothing was sent. To fix, tap after the action that presents it, or check that the key \
    path is the one the reducer sets.
    """
  }

  static func noButton(tapping label: String, title: String, labels: [String]) -> String {
    let buttons = labels.isEmpty ? "no buttons" : labels.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      Tried to tap "\(label)", but "\(title)" has \(labels.isEmpty ? "" : "the buttons ")\(buttons).

      Nothing was sent. To fix, tap one of its buttons by its label.
      """
  }

  static func effectsStillRunning(_ origins: [(action: Any, location: String)]) -> String {
    let count = origins.count == 1 ? "An effect is" : "\(origins.count) effects are"
    return """
      \(count) still running at the end of the test:

      \(list(origins))

      To fix, let each finish (advance the TestClock, or `await store.finish()`), cancel it \
      from the feature (`.cancel(id:)`), or call `await store.skipInFlightEffects()`.
      """
  }

  static func effectsAsleep(
    _ sleepers: [(deadline: Duration, now: Duration)],
    _ origins: [(action: Any, location: String)]
  ) -> String {
    let count = sleepers.count == 1 ? "An effect is" : "\(sleepers.count) effects are"
    let verb = sleepers.count == 1 ? "it sleeps" : "they sleep"
    let lines = sleepers.sorted { $0.deadline < $1.deadline }.map { sleeper in
      "  asleep until \(describe(sleeper.deadline)) on a TestClock at \(describe(sleeper.now))"
    }
    let last = sleepers.map(\.deadline).max() ?? .zero
    let ahead = last - (sleepers.map(\.now).min() ?? .zero)
    return """
      \(count) still running at the end of the test: \(verb) on a TestClock that nothing \
      advances while finish() waits.

      \(lines.joined(separator: "\n"))
      \(list(origins))

      To fix, advance the clock past that time before finish() \
      (`await clock.advance(by: \(code(ahead)))`, or `await clock.run()`), cancel the effect from \
      the feature (`.cancel(id:)`), or call `await store.skipInFlightEffects()`.
      """
  }

  static func neverQuiet(
    _ origins: [(action: Any, location: String)], during step: String, jobs: Int,
    aftermath: String
  ) -> String {
    let sends =
      origins.isEmpty
      ? "  (no send of this test store is running: the work was started elsewhere)"
      : list(origins)
    return """
      Effects never went quiet \(step): they ran \(jobs) jobs without once all \
      waiting on something outside them, still doing work the test store waits for.

      \(sends)

      An effect that loops without waiting on anything the test controls never lets the test \
      go on: a timer on an ImmediateClock, or a loop whose only wait is an ImmediateClock \
      sleep or Task.yield(). \(aftermath) To fix, drive such an effect with a TestClock and \
      advance it, give the loop an end, or cancel the effect from the feature.
      """
  }

  static func skipped(_ what: String) -> String {
    "Skipped assertion (exhaustivity is off): \(what)"
  }

  /// The sends whose effects still run, a line each.
  private static func list(_ origins: [(action: Any, location: String)]) -> String {
    origins.map { "  started by sending \(Dump.oneLine(of: $0.action)) at \($0.location)" }
      .joined(separator: "\n")
  }

  private static func diff(_ expected: Any, _ actual: Any) -> String {
    Diff.of(expected, actual) ?? Diff.indistinguishable
  }

  /// A duration as Swift code: `.seconds(3)`, `.milliseconds(300)`.
  private static func code(_ duration: Duration) -> String {
    let (wholeSeconds, fraction) = duration.components
    let milliseconds = wholeSeconds * 1000 + fraction / 1_000_000_000_000_000
    return milliseconds % 1000 == 0
      ? ".seconds(\(milliseconds / 1000))" : ".milliseconds(\(milliseconds))"
  }

  private static func describe(_ duration: Duration) -> String {
    // NB: `components` (macOS 13), not `Duration.attoseconds` (macOS 15).
    let (wholeSeconds, fraction) = duration.components
    let milliseconds = wholeSeconds * 1000 + fraction / 1_000_000_000_000_000
    if milliseconds % 1000 == 0 {
      let seconds = milliseconds / 1000
      return seconds == 1 ? "1 second" : "\(seconds) seconds"
    }
    return "\(milliseconds) ms"
  }
}

extension String {
  fileprivate func replacingIndent() -> String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
  }

  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var remainder = self[...]
    while let range = remainder.firstRange(of: target) {
      result += remainder[..<range.lowerBound]
      result += replacement
      remainder = remainder[range.upperBound...]
    }
    result += remainder
    return result
  }
}
