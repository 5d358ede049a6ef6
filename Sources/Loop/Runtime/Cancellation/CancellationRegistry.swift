/// Which in-flight effects answer to which cancellation id, as a pure state machine.
///
/// One registry belongs to one store, so two stores using the same id never cancel each
/// other's effects. Its methods return the tokens the caller must cancel; it cancels nothing
/// itself, which keeps it testable without any concurrency.
struct CancellationRegistry<Token: AnyObject> {
  private var tokensByID: [EffectID: [ObjectIdentifier: Token]] = [:]
  /// For each child scope (one collection of child features), the children that have effects
  /// registered: what ``cancelChildren(in:where:)`` looks through, so ending removed children
  /// costs the number of children with effects, not the number of ids.
  private var childrenByScope: [AnyHashable: Set<AnyHashable>] = [:]

  /// The number of registered tokens under each id, summed; for tests and diagnostics.
  var registrationCount: Int { tokensByID.values.reduce(0) { $0 + $1.count } }

  /// Registers `token` under each id of `tags`. For a tag with `cancelInFlight`, the tokens
  /// already registered under that id are removed first and returned, to be cancelled before
  /// the new effect starts.
  mutating func register(_ token: Token, tags: [CancellationTag]) -> [Token] {
    var toCancel: [Token] = []
    for tag in tags where !tag.marksOutlivingChild {
      if tag.cancelInFlight, let existing = tokensByID.removeValue(forKey: tag.id) {
        toCancel += existing.values
      }
      tokensByID[tag.id, default: [:]][ObjectIdentifier(token)] = token
      if let lifetime = tag.lifetime {
        childrenByScope[lifetime.scope, default: []].insert(lifetime.child)
      }
    }
    return toCancel
  }

  /// Removes `token` from each id of `tags`, once its effect has ended.
  mutating func unregister(_ token: Token, tags: [CancellationTag]) {
    for tag in tags where !tag.marksOutlivingChild {
      // NB: In place, as in `forget`: an id shared by many effects has a big inner dictionary.
      guard tokensByID[tag.id]?.removeValue(forKey: ObjectIdentifier(token)) != nil,
        tokensByID[tag.id]?.isEmpty == true
      else { continue }
      tokensByID[tag.id] = nil
      if let lifetime = tag.lifetime { forget(lifetime) }
    }
  }

  /// Removes every token of the children of `scope` for which `isRemoved` holds, and returns
  /// them, to be cancelled: the effects of children that are gone.
  ///
  /// - Complexity: O(*k*), *k* the children of `scope` with effects registered.
  mutating func cancelChildren(
    in scope: AnyHashable, where isRemoved: (AnyHashable) -> Bool
  ) -> [Token] {
    guard let children = childrenByScope[scope] else { return [] }
    return cancelChildren(in: scope, children.filter(isRemoved))
  }

  /// Removes every token of the named children of `scope`, and returns them, to be cancelled.
  ///
  /// - Complexity: O(`children.count`).
  mutating func cancelChildren(
    in scope: AnyHashable, _ children: some Sequence<AnyHashable>
  ) -> [Token] {
    guard childrenByScope[scope] != nil else { return [] }
    var toCancel: [Token] = []
    for child in children {
      let lifetime = ChildLifetimeID(scope: scope, child: child)
      if let tokens = tokensByID.removeValue(forKey: EffectID(lifetime)) {
        toCancel += tokens.values
      }
      forget(lifetime)
    }
    return toCancel
  }

  private mutating func forget(_ lifetime: ChildLifetimeID) {
    // NB: In place: a copy of the set taken out and written back would copy all of it.
    childrenByScope[lifetime.scope]?.remove(lifetime.child)
    if childrenByScope[lifetime.scope]?.isEmpty == true {
      childrenByScope[lifetime.scope] = nil
    }
  }

  /// The children of `scope` with effects registered: those whose effects have neither ended
  /// nor been cancelled as gone. For tests and diagnostics.
  func children(in scope: AnyHashable) -> Set<AnyHashable> {
    childrenByScope[scope] ?? []
  }

  /// Removes and returns every token registered under `id`.
  mutating func cancel(id: EffectID) -> [Token] {
    guard let tokens = tokensByID.removeValue(forKey: id) else { return [] }
    return Array(tokens.values)
  }
}
