/// What the store of one element of a collection is made of — a row of
/// `scope(forEach:action:)`, a row asked for by `\.rows[id: id]`, or a navigation stack's
/// screen (whose state is its element's `state`): a child core bound to the element's id.
///
/// What sets it apart is how its observers are told: not by a check of its own after each
/// send, but by its collection's one check (`ScopeCache`), which runs this store's check only
/// when its element changed. So 1,000 observed rows cost one check per send, not 1,000.
@MainActor
@usableFromInline
final class ElementCore<State, Action: Sendable>: ChildCore<State, Action> {
  /// Registers a check with the collection's cache, to run with the element's new state
  /// (`nil`: removed) when it changed; the check returns whether the observers still wait.
  @usableFromInline
  typealias Membership = (@escaping @MainActor (State?) -> Bool) -> Void
  @usableFromInline let membership: Membership
  /// The store's check, made once, that its collection runs on its element when the element
  /// changed (`nil`: removed); returns whether the observers are still waiting.
  @usableFromInline var memberCheck: (@MainActor (State?) -> Bool)?

  /// A core for the element `id` of the collection `toElements` of `parent`'s state, showing
  /// `toState` of it.
  @inlinable
  init<ParentState, ParentAction, ID: Hashable, Element>(
    parent: Store<ParentState, ParentAction>, id: ID, initial: State,
    in toElements: KeyPath<ParentState, IdentifiedArray<ID, Element>>,
    element toState: @escaping (Element) -> State, send: @escaping (Action) -> StoreTask,
    membership: @escaping Membership
  ) {
    self.membership = membership
    super.init(
      parent: parent, initial: initial,
      child: { $0[keyPath: toElements][id: id].map(toState) }, identity: { _ in true },
      send: send)
    // NB: Made here, in the app's module, so the check runs specialised for its types. It
    // reaches this core weakly: the store keeps this core, which keeps the check, so capturing
    // strongly would be a cycle that keeps it, and the element state it last saw, alive after
    // every holder let go.
    memberCheck = { [weak self] element in
      guard let self else { return false }
      // NB: The element is gone: the store shows the state it last had, so nothing changed
      // for its observers; they wait, and are told if an element of the same id comes back
      // different (as a store through any other path would tell them).
      guard let element else { return true }
      guard self.observed.check(element) else { return false }
      self.observed.isScheduled = true
      return true
    }
  }

  /// Registers the store's check with its collection, once per wait.
  @usableFromInline
  override func watch(_ store: Store<State, Action>) {
    guard !observed.isScheduled else { return }
    observed.isScheduled = true
    if let memberCheck { membership(memberCheck) }
  }
}
