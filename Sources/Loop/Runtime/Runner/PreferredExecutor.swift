/// A task executor a store's effects prefer for their nonisolated work — a test store's, which
/// keeps every step of its effects on the main queue in one order.
///
/// It holds the executor without naming `TaskExecutor` in its stored type, so a store can be
/// made on every OS Loop supports; task executor preferences exist only on the fast runtime
/// path (see ``RuntimePath``), and only that path uses it.
@usableFromInline
package struct PreferredExecutor: Sendable {
  private let executor: any Sendable

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  package init(_ executor: any TaskExecutor) {
    self.executor = executor
  }

  /// The executor, on the fast path.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @usableFromInline
  var taskExecutor: (any TaskExecutor)? { executor as? any TaskExecutor }
}
