/// One effect a store runs, as its runner sees it: its token, the priority its task runs at,
/// and what records its end. An ``EffectJob`` adds the operation and `Send` of the store's
/// `Action`.
///
/// The runner is written once, for every store, against this class: only the child task's
/// body, ``EffectJob/perform(_:_:)``, is specialised for an app's `Action`.
@usableFromInline
class AnyEffectJob: EffectToken, @unchecked Sendable {
  /// The priority the effect runs at: the one `.run(priority:)` named, else the priority of
  /// the send that started it (TCA's rule). A raw value: `TaskPriority`'s size is known only at
  /// run time.
  @usableFromInline let priorityRawValue: UInt8
  /// While its store records a session: what records the effect's end.
  @usableFromInline let recording: EffectRecording?

  @usableFromInline
  init(
    tags: [CancellationTag], cascade: EffectCascade, priorityRawValue: UInt8,
    recording: EffectRecording?
  ) {
    self.priorityRawValue = priorityRawValue
    self.recording = recording
    super.init(tags: tags, cascade: cascade)
  }

  /// The priority the effect's task runs at.
  var priority: TaskPriority { TaskPriority(rawValue: priorityRawValue) }

  /// The priority of the current send: its task's base priority, or its current one.
  ///
  /// Asked once per effect a reduce returns, not once per operation: a merge of a thousand
  /// `.run`s asked the runtime a thousand times (benchmark (c)).
  @inlinable
  static var sendPriority: UInt8 { (Task.basePriority ?? Task.currentPriority).rawValue }
}

/// One effect a store runs: its token, and the operation and `Send` its task runs with.
///
/// The runner queues these and the effect's task captures one, so starting an effect copies
/// one reference rather than the operation's closures.
@usableFromInline
final class EffectJob<Action: Sendable>: AnyEffectJob, @unchecked Sendable {
  @usableFromInline let run: Effect<Action>.Run
  @usableFromInline let send: Send<Action>

  /// - Parameter sendPriority: The priority of the send that started the effect, as
  ///   ``AnyEffectJob/sendPriority`` gives it: what the effect runs at unless
  ///   `.run(priority:)` named one.
  @inlinable
  init(
    run: Effect<Action>.Run, cascade: EffectCascade, send: Send<Action>, sendPriority: UInt8,
    recording: EffectRecording? = nil
  ) {
    self.run = run
    self.send = send
    super.init(
      tags: run.cancellation, cascade: cascade,
      priorityRawValue: run.priorityRawValue ?? sendPriority, recording: recording)
  }

  /// The body of the child task of an effect of a store whose actions are `Action`s: the
  /// runner's ``EffectRunner/Perform``.
  ///
  /// The store passes it to its runner from its initialiser, which is `@inlinable`, so it is
  /// specialised for the app's `Action` in the app's module, as ``Store/send(_:)`` is:
  /// unspecialised, the effect path spent a fifth of each effect looking up generic metadata.
  @MainActor
  @inlinable
  static func perform(_ job: AnyEffectJob, _ storage: EffectStorage) async {
    // NB: The runner holds only jobs its store started, all of this `Action`.
    let job = unsafeDowncast(job, to: EffectJob<Action>.self)
    // NB: A warning raised inside the effect (say, `dismiss()` with nothing presented) goes
    // where the send that started it said: a test store's send binds its own handler. Apps
    // leave it at standard error, where the runner's tasks already report, and bind nothing.
    if let handler = job.warningHandlerToBind {
      await handler.bind { await execute(job, storage) }
    } else {
      await execute(job, storage)
    }
    if let recording = job.recording { recording.ended(cancelled: job.isCancelled) }
  }

  @MainActor
  @inlinable
  @inline(__always)
  static func execute(_ job: EffectJob<Action>, _ storage: EffectStorage) async {
    do {
      try await job.run.execute(job, storage, job.send, reportsErrors: true)
    } catch {
      // NB: Unreachable in practice: `execute` reports errors itself, before the effect counts
      // as ended.
      reportUnhandledError(error, of: job)
    }
  }
}
