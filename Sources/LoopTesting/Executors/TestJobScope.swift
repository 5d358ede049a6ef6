import Loop
import Testing

/// The deterministic work of one test that is not a test store's: the effects of plain stores
/// made in a test with a ``TestClock`` (a view's test), and Loop's own tests' work run with
/// ``DeterministicJobs``. A clock's `advance` lets it run before it moves time.
///
/// One per running test, so one test's work never holds up another's clock; outside a test,
/// one shared scope whose tally is ``MainQueueJobs/unowned``.
package final class TestJobScope: Sendable {
  /// The jobs of the scope's work.
  package let tally: JobTally
  /// What the scope's work prefers, on the fast path (`nil` on the portable path).
  package let executor: PreferredExecutor?
  /// How many ``TestClock``s of the test are alive (and, for Loop's own tests, whether the
  /// `.deterministicJobs` trait is on): a plain store's effects run in the scope only then.
  private let drivers = LockedState(0)

  deinit {
    GlobalJobRouting.forget(owner: tally)
  }

  private init(tally: JobTally) {
    self.tally = tally
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), RuntimePath.isFast {
      executor = PreferredExecutor(MainQueueTaskExecutor(tally: tally))
    } else {
      executor = nil
    }
  }

  /// The scope of the test running in the current task (made on first use), or the shared one.
  package static var current: TestJobScope {
    guard let test = Test.current else { return shared }
    return scopes.withLock { scopes in
      if let scope = scopes[test.id]?.scope { return scope }
      scopes = scopes.filter { $0.value.scope != nil }
      let scope = TestJobScope(tally: JobTally(parent: MainQueueJobs.shared.unowned))
      scopes[test.id] = WeakScope(scope: scope)
      return scope
    }
  }

  /// Work outside any test.
  private static let shared = TestJobScope(tally: MainQueueJobs.shared.unowned)

  private struct WeakScope: Sendable { weak var scope: TestJobScope? }
  private static let scopes = LockedState<[Test.ID: WeakScope]>([:])

  /// Counts a clock of the test made (`true`) or released (`false`).
  func drive(_ isAlive: Bool) {
    drivers.withLock { $0 += isAlive ? 1 : -1 }
  }

  /// Whether a plain store's effects run in the scope: the test has a ``TestClock``.
  var drivesTime: Bool { drivers.withLock { $0 > 0 } }

  /// The context of a plain store whose first effect starts now, in a test with a clock.
  static func plainStoreContext() -> EffectContext? {
    guard Test.current != nil else { return nil }
    let scope = current
    guard scope.drivesTime else { return nil }
    return EffectContext(
      executor: scope.executor, owner: scope.executor == nil ? scope.tally : nil)
  }

  /// Installs ``plainStoreContext()`` as Loop's provider, once.
  static func installProvider() {
    _ = providerInstalled
  }

  private static let providerInstalled: Bool = {
    EffectContext.install { plainStoreContext() }
    return true
  }()
}
