import Observation

/// The storage behind a root ``Store``: its state, reducer, action queue, observers and
/// effect runner. Everything here runs on the main actor.
///
/// Its fields are `@exclusivity(unchecked)`: Swift's dynamic exclusivity check
/// on a class property (`swift_beginAccess`) cost about a third of a `.none` send. It is safe
/// to skip because accesses cannot overlap by construction: everything runs on the main actor,
/// a send made during a send is queued (`isSending`), never nested, and the reducer is handed
/// the state `inout` and cannot reach the store. Observers run after the reducer returns.
@MainActor
@usableFromInline
final class RootCore<State, Action: Sendable> {
  @exclusivity(unchecked) @usableFromInline var state: State
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>
  /// What its observers read (see `ObservedValues`): checked after every processed send.
  @usableFromInline let observed = ObservedValues<State>()
  @exclusivity(unchecked) @usableFromInline var isSending = false
  /// Actions waiting to be reduced, each with its cascade and sender.
  @exclusivity(unchecked) @usableFromInline var queue: [QueuedAction<Action>] = []
  /// Replaced only by ``startOverEffects()``. `nonisolated(unsafe)` for the store's deinit,
  /// which may run off the main actor and reads it to cancel the runner's task: nothing can
  /// replace it then, as replacing it takes a reference to the store.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var runner: EffectRunner
  /// Where the runner runs effects, kept to make the next one (see ``startOverEffects()``).
  let context: EffectContext?
  /// Whether the app's actions wait in the queue (see ``pause()``).
  @exclusivity(unchecked) private(set) var isPaused = false
  @exclusivity(unchecked) @usableFromInline var isShutDown = false
  /// Checks scoped stores and collections asked for after the next processed send.
  @exclusivity(unchecked) @usableFromInline var scopeChecks: [ScopeCheck] = []
  /// The recording this store writes to, if any (see ``Store/record(to:)``).
  @exclusivity(unchecked) @usableFromInline var recorder: SessionRecorder<State, Action>?
  /// The list `runScopeChecksOnce` runs from, kept for its capacity.
  @exclusivity(unchecked) var spareScopeChecks: [ScopeCheck] = []
  /// How many times observers were told the state may have changed: a check run sees from it
  /// that a send was made while it ran (by an observer it told).
  @exclusivity(unchecked) @usableFromInline var changeCount = 0
  /// Whether this store has warned that it compares too many scoped stores per send.
  @exclusivity(unchecked) var hasWarnedOfManyScopeChecks = false
  /// How many scoped stores compared after one send make it warn: rows shown one store each.
  static var manyScopeChecks: Int { 256 }

  /// - Parameter perform: ``EffectJob/perform(_:_:)`` for `Action`, formed where the store is
  ///   made (in the app's module), so its effects' path is specialised for the app's types.
  @usableFromInline
  init(
    initialState: State, reduce: @escaping (inout State, Action) -> Effect<Action>,
    context: EffectContext?, perform: @escaping EffectRunner.Perform
  ) {
    self.state = initialState
    self.reduce = reduce
    self.context = context
    self.runner = EffectRunner(context: context, perform: perform)
  }

  /// Reduces `action` and everything it queues; see ``Store/send(_:)``.
  ///
  /// Always inlined: what is left of it on the `.none` path is a few loads and branches around
  /// the reduce, which a call would double.
  @inlinable
  @inline(__always)
  func send(_ action: Action, cascade: EffectCascade?, cause: Int? = nil) -> StoreTask {
    guard !isSending else { return enqueue(action, cascade: cascade, cause: cause) }
    isSending = true
    let effect = apply(action, sender: ActionSender(cascade, cause: cause))
    // NB: The common case — one action, no effect — takes this branch and touches no queue,
    // lock or heap. `effect` is a `let`, so checking it copies nothing.
    if case .none = effect.storage, queue.isEmpty {
      isSending = false
      didChange()
      return StoreTask(cascade: cascade)
    }
    return drain(after: effect, cascade: cascade)
  }

  /// Reduces an action, and records it while recording: the one place the store reduces.
  @inlinable
  func apply(_ action: Action, sender: ActionSender) -> Effect<Action> {
    if recorder != nil { return applyRecording(action, sender: sender) }
    return reduce(&state, action)
  }

  /// Reduces an action, timing the reduce, and records it with its sender, its time and the
  /// state after it: the one call recording makes per action. Out of line, so a store that
  /// does not record pays only the `nil` check.
  @inlinable
  @inline(never)
  func applyRecording(_ action: Action, sender: ActionSender) -> Effect<Action> {
    let start = ContinuousClock.now
    let effect = reduce(&state, action)
    recorder?.record(action, sender: sender, reducedFrom: start, to: .now, state: state)
    return effect
  }

  /// Handles `effect`, then reduces the queued actions and handles their effects, first in
  /// first out, until the queue is empty.
  ///
  /// Kept out of ``send(_:cascade:cause:)`` so the `.none` path does not set up its frame.
  @inlinable
  @inline(never)
  func drain(after effect: Effect<Action>, cascade: EffectCascade?) -> StoreTask {
    var rootCascade = cascade
    process(effect, cascade: &rootCascade)
    var next = 0
    while next < queue.count {
      let queued = queue[next]
      let effect = apply(queued.action, sender: queued.sender)
      next += 1
      if let queuedCascade = queued.cascade {
        var cascade: EffectCascade? = queuedCascade
        process(effect, cascade: &cascade)
      } else {
        process(effect, cascade: &rootCascade)
      }
    }
    queue.removeAll(keepingCapacity: true)
    isSending = false
    didChange()
    return StoreTask(cascade: rootCascade)
  }

  /// Queues an action sent while another is being reduced.
  @usableFromInline
  func enqueue(_ action: Action, cascade: EffectCascade?, cause: Int?) -> StoreTask {
    let sender = ActionSender(cascade, cause: cause)
    // NB: A re-entrant send gets its own cascade now, so its task can be awaited.
    let cascade = cascade ?? EffectCascade()
    queue.append(QueuedAction(action, cascade: cascade, sender: sender))
    return StoreTask(cascade: cascade)
  }

  /// Handles the operations of an effect: queues `.send`s, cancels, starts `.run`s.
  ///
  /// The `.run`s of one effect share one ``Send`` (it feeds back into their cascade) and the
  /// send's priority, so a merge of a thousand effects makes one and asks for it once, not a
  /// thousand times.
  @inlinable
  func process(_ effect: Effect<Action>, cascade: inout EffectCascade?) {
    var send: Send<Action>?
    var priority: UInt8?
    switch effect.storage {
    case .none:
      return
    case let .one(operation):
      process(operation, cascade: &cascade, send: &send, priority: &priority)
    case let .many(operations):
      for operation in operations {
        process(operation, cascade: &cascade, send: &send, priority: &priority)
      }
    }
  }

  @inlinable
  func process(
    _ operation: Effect<Action>.Operation, cascade: inout EffectCascade?,
    send: inout Send<Action>?, priority: inout UInt8?
  ) {
    switch operation {
    case let .send(action):
      queue.append(
        QueuedAction(
          action, cascade: cascade,
          sender: ActionSender(origin: .effect, cause: recorder?.entryCount)))
    case let .cancel(id):
      runner.storage.cancel(id: id)
    case let .endRemovedChildren(children):
      runner.storage.endRemovedChildren(children)
    case let .run(run):
      guard !isShutDown else { return }
      let effectCascade = cascade ?? EffectCascade()
      cascade = effectCascade
      let effectSend = send ?? makeSend(cascade: effectCascade)
      send = effectSend
      let sendPriority = priority ?? AnyEffectJob.sendPriority
      priority = sendPriority
      runner.start(
        EffectJob(
          run: run, cascade: effectCascade, send: effectSend, sendPriority: sendPriority,
          recording: recorder?.effectStarted()))
    }
  }

  /// The `Send` of an effect of `cascade`; while recording, its actions name the action whose
  /// reduce returned the effect (the one recorded last) as their cause.
  @inlinable
  func makeSend(cascade: EffectCascade) -> Send<Action> {
    let cause = recorder?.entryCount
    return Send { [weakSelf] action in
      weakSelf.core?.feedBack(action, cascade: cascade, cause: cause)
    }
  }

  /// This core, held weakly by every `Send` of its effects.
  @usableFromInline lazy var weakSelf = WeakCore(self)

  /// Reduces an action an effect sent, as part of that effect's cascade.
  @inlinable
  func feedBack(_ action: Action, cascade: EffectCascade, cause: Int?) {
    guard !isShutDown else { return }
    // NB: Warnings from reducing it go where the send that started the cascade said. The
    // runner's tasks already send them to standard error, so that case binds nothing.
    if !cascade.warningHandler.isStandardError {
      cascade.withWarningHandler { _ = send(action, cascade: cascade, cause: cause) }
    } else {
      _ = send(action, cascade: cascade, cause: cause)
    }
  }

  /// Tells observers the state may have changed, once per top-level send.
  @inlinable
  func didChange() {
    changeCount &+= 1
    // NB: Shared values changed by this send tell their observers now, in the same send.
    if SharedChecks.isPending { SharedChecks.run() }
    if observed.isWaiting || !scopeChecks.isEmpty { runChecks() }
  }

  /// Checks what observers read: this store's own table (its state, fields, children's
  /// presence), then the checks scoped stores asked for; and again while sends made during a
  /// run (by observers it told) changed the state.
  ///
  /// Specialised for the app's types, but kept out of `send`, so that the `.none` path stays
  /// small enough to inline into the caller.
  @inlinable
  @inline(never)
  func runChecks() {
    // NB: An observer a check tells may send; that send's changes were not there when the
    // checks before it read the state, and the checks it asked for were not scheduled when
    // its own send ran them. So while sends happen during a run, run again.
    var seenChanges: Int
    repeat {
      seenChanges = changeCount
      if observed.isWaiting { _ = observed.check(state) }
      if !scopeChecks.isEmpty { runScopeChecksOnce() }
    } while changeCount != seenChanges && (observed.isWaiting || !scopeChecks.isEmpty)
  }

  /// Runs the scoped stores' checks once; those whose observers still wait are kept for the
  /// next send.
  @usableFromInline
  func runScopeChecksOnce() {
    // NB: The two lists trade places, so neither is copied nor reallocated per send; a check
    // that sends (nesting this) finds the spare list taken and starts an empty one.
    var checks: [ScopeCheck] = []
    swap(&checks, &spareScopeChecks)
    swap(&checks, &scopeChecks)
    if checks.count >= Self.manyScopeChecks, !hasWarnedOfManyScopeChecks {
      hasWarnedOfManyScopeChecks = true
      reportRuntimeWarning(
        """
        A store runs \(checks.count) observation checks after every send, one by one: each \
        scoped store that a view observes is compared with its state after each send, whether \
        its part changed or not.

        This is usually a list whose rows each got a store from `scope(state:action:)` through \
        a path that is not a row of a stored collection (a computed property, an array index). \
        To fix, keep the rows in a stored `IdentifiedArray` and ask for `\\.rows[id: id]`, or \
        give the rows their stores with `scope(forEach: \\.rows, action: …)`: such row stores \
        are compared only when their row changed.
        """)
    }
    // NB: Kept after those a check's observers asked for while it ran (a send from an observer
    // runs them at once, nested; a read asks for a new check only when the one running will not
    // be kept: see `ScopeCache.check()`).
    for check in checks where check.run() { scopeChecks.append(check) }
    checks.removeAll(keepingCapacity: true)
    spareScopeChecks = checks
  }

  /// Holds every action sent from now on in the queue, unreduced, until ``resume()``: a send
  /// while paused is queued as a send during a send is. Effects go on running; what they send
  /// waits too. Returns `false` (and does nothing) during a send or after shut down.
  // NB: Pausing marks the store as sending, which is what sends already check: a store that
  // is never paused pays nothing for it.
  func pause() -> Bool {
    guard !isSending, !isShutDown else { return isPaused }
    isPaused = true
    isSending = true
    return true
  }

  /// Reduces what was sent while paused, in order, and sends on as before.
  func resume() {
    guard isPaused else { return }
    isPaused = false
    _ = drain(after: .none, cascade: nil)
  }

  /// Cancels every running effect and gives the store a new runner, so effects started from
  /// now on run as before: what a jump to a recorded state does, whose effects belong to a
  /// past the app has left.
  func startOverEffects() {
    guard !isShutDown else { return }
    let ended = runner
    runner = EffectRunner(context: context, perform: ended.perform)
    ended.shutDown()
  }

  func shutDown() {
    isShutDown = true
    runner.shutDown()
    observed.finish()
    // NB: A store going away writes the shared values saved to files that are pending, so a
    // feature closed just after an edit does not wait for the save delay (or lose the edit to
    // an exit). Nothing when no shared value is kept in a file.
    SharedRegistry.flushAfterStoreEnded()
  }
}
