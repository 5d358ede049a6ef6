/// A root core, held weakly: what every `Send` of the core's effects holds, so that an effect
/// that outlives its store keeps nothing alive.
///
/// One per core, made on its first effect. A closure that captured `[weak self]` itself would
/// allocate a box for the weak reference beside its context, on every cascade's `Send`.
@MainActor
@usableFromInline
final class WeakCore<State, Action: Sendable> {
  @usableFromInline weak var core: RootCore<State, Action>?

  @usableFromInline
  init(_ core: RootCore<State, Action>) { self.core = core }
}
