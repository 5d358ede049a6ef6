// NB: A class holding the function, not a task-local of function type: binding one of those
// crashes optimised builds (Swift 6.3.1, Linux: `swift_task_localValuePush` is handed no type
// metadata), which made every presented child with a `.run` crash the release `movies` app.
// `scripts/check-task-locals` keeps such task-locals out.
/// How a presented child asks to be dismissed without knowing who presented it.
///
/// `Reducer.presents(state:action:environment:then:)` and
/// `Reducer.stack(state:action:environment:element:)` run each effect of their child with the
/// action that dismisses it bound here (a task-local): the presentation's `.dismiss`, or the
/// stack's `.popFrom(id:)`. ``Effect/dismiss`` and ``dismiss()`` send it.
final class Dismissal: Sendable {
  /// Sends the action that dismisses the child whose effect is running.
  let send: @MainActor @Sendable () -> Void

  init(send: @escaping @MainActor @Sendable () -> Void) { self.send = send }

  /// The dismissal of the child whose effect is running, if any.
  @TaskLocal static var current: Dismissal?
}

extension Effect {
  /// Asks whoever presented this feature to dismiss it: the child's own way out, from its
  /// reducer, without knowing its parent.
  ///
  /// ```swift
  /// case .closeTapped:
  ///   return .dismiss
  /// ```
  ///
  /// Dismissing ends the child's effects. Outside a presented child (or a stack screen) it is a
  /// runtime warning and does nothing; the feature a LoopTesting `TestStore` tests counts as
  /// presented (its `isDismissed` becomes true).
  public static var dismiss: Self {
    .run { _ in await Loop.dismiss() }
  }

  /// Binds `action` as the dismissal of this child's effects: sent by ``dismiss`` or
  /// ``Loop/dismiss()`` inside them.
  @usableFromInline
  func dismissing(with action: Action) -> Self {
    mapRuns { run in
      var run = run
      let operation = run.operation
      run.operation = { send in
        try await Dismissal.$current.withValue(Dismissal { send(action) }) {
          try await operation(send)
        }
      }
      return run
    }
  }
}

/// Asks whoever presented the feature whose effect is running to dismiss it.
///
/// ```swift
/// return .run { send in
///   try await environment.save(draft)
///   await dismiss()
/// }
/// ```
///
/// Dismissing ends the child's effects, this one included. Outside a presented child (or a
/// stack screen) it is a runtime warning and does nothing; the feature a LoopTesting
/// `TestStore` tests counts as presented (its `isDismissed` becomes true).
@MainActor
public func dismiss() {
  guard let dismiss = Dismissal.current else {
    reportRuntimeWarning(
      """
      dismiss() was called from an effect of a feature that is not presented.

      Only a child of "presents(state:action:environment:then:)" or a screen of \
      "stack(state:action:environment:element:)" can dismiss itself. To fix, present the \
      feature that way, or send the parent an action that removes it.
      """)
    return
  }
  dismiss.send()
}
