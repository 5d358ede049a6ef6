/// Which in-flight effects answer to which cancellation id, as a pure state machine.
///
/// One registry belongs to one store, so two stores using the same id never cancel each
/// other's effects. Its methods return the tokens the caller must cancel; it cancels nothing
/// itself, which keeps it testable without any concurrency.
struct CancellationRegistry<Token: AnyObject> {
  private var tokensByID: [EffectID: [ObjectIdentifier: Token]] = [:]

  /// The number of registered tokens under each id, summed; for tests and diagnostics.
  var registrationCount: Int { tokensByID.values.reduce(0) { $0 + $1.count } }

  /// Registers `token` under each id of `tags`. For a tag with `cancelInFlight`, the tokens
  /// already registered under that id are removed first and returned, to be cancelled before
  /// the new effect starts.
  mutating func register(_ token: Token, tags: [CancellationTag]) -> [Token] {
    var toCancel: [Token] = []
    for tag in tags {
      if tag.cancelInFlight, let existing = tokensByID.removeValue(forKey: tag.id) {
        toCancel += existing.values
      }
      tokensByID[tag.id, default: [:]][ObjectIdentifier(token)] = token
    }
    return toCancel
  }

  /// Removes `token` from each id of `tags`, once its effect has ended.
  mutating func unregister(_ token: Token, tags: [CancellationTag]) {
    for tag in tags {
      guard var tokens = tokensByID[tag.id] else { continue }
      tokens[ObjectIdentifier(token)] = nil
      tokensByID[tag.id] = tokens.isEmpty ? nil : tokens
    }
  }

  /// Removes and returns every token registered under `id`.
  mutating func cancel(id: EffectID) -> [Token] {
    guard let tokens = tokensByID.removeValue(forKey: id) else { return [] }
    return Array(tokens.values)
  }
}
