import Dispatch

/// Tells whether the calling code runs on the main queue: the main actor's executor, on Linux
/// and on Apple platforms.
///
/// A nonisolated `deinit` of a main-actor class uses it to shut down in place when it can.
/// (`isolated deinit` does that for it, but needs the Swift 6.1 runtime: macOS 15.4, iOS
/// 18.4.) On Linux, the main thread is not the one that runs the main queue's jobs (Dispatch's
/// workers drain it), so "is this the main thread" would be the wrong question.
@usableFromInline
package enum MainQueue {
  /// The main dispatch queue, made once: on Linux every read of `DispatchQueue.main` makes a
  /// new `DispatchQueue` object around it, an allocation for each job queued through it.
  package static let queue = DispatchQueue.main

  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    queue.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller is running a main-queue job, and so is isolated to the main actor.
  @usableFromInline
  package static var isCurrent: Bool {
    DispatchQueue.getSpecific(key: key) == true
  }
}
