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
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller is running a main-queue job, and so is isolated to the main actor.
  @usableFromInline
  package static var isCurrent: Bool {
    DispatchQueue.getSpecific(key: key) == true
  }
}
