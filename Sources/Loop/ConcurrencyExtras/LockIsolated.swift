/// A value behind a lock, shared by whatever holds it, from any thread: a live client's cache,
/// or a test double that records what it was given. TCA's `LockIsolated`
/// (swift-concurrency-extras), in Loop so that an app module needs nothing else.
///
/// ```swift
/// let saved = LockIsolated<[Note]>([])
/// let environment = Notes.Environment(save: { note in saved.withValue { $0.append(note) } })
/// // …
/// #expect(saved.value == [note])
/// ```
public final class LockIsolated<Value: Sendable>: Sendable {
  private let state: LockedState<Value>

  /// A box holding `value`.
  public init(_ value: Value) {
    state = LockedState(value)
  }

  /// The value now.
  public var value: Value { state.withLock { $0 } }

  /// Changes the value under the lock, returning what `body` returns.
  ///
  /// ```swift
  /// count.withValue { $0 += 1 }
  /// ```
  @discardableResult
  public func withValue<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows
    -> Result
  {
    try state.withLock(body)
  }

  /// Replaces the value.
  public func setValue(_ newValue: Value) {
    state.withLock { $0 = newValue }
  }
}
