/// One effect a recorded store started as a task, read back from its log: which action
/// started it, when, and how it ended.
///
/// ```swift
/// let log = try SessionLog<AppState, AppAction>(contentsOf: url)
/// for effect in log.effects where effect.outcome == .cancelled {
///   print("effect \(effect.id), started by action \(effect.cause), was cancelled")
/// }
/// ```
///
/// Only the effects the store itself starts are recorded — a `.run` a reducer returned, and
/// every effect built on one (`debounce`, `cancellable`, `merge`'s parts) — not the work an
/// effect does inside its own task.
public struct SessionLogEffect: Sendable, Equatable {
  /// How an effect's life went, as a log says it.
  public enum Event: String, Codable, Sendable {
    /// The store started it.
    case started
    /// Its work returned.
    case finished
    /// It was cancelled (by id, by its child going away, by the store ending) before or while
    /// it ran.
    case cancelled
  }

  /// Its number in the log, from 1, in the order effects started.
  public var id: Int
  /// The number of the action whose reduce returned it (see ``SessionLog/Entry/number``).
  public var cause: Int
  /// When it started, from the start of the recording.
  public var started: Duration
  /// When it ended; `nil` if the log ends first.
  public var ended: Duration?
  /// `.finished` or `.cancelled` once it ended; `nil` while it runs.
  public var outcome: Event?
}
