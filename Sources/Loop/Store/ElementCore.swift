/// What the store of one element of a collection is made of — a row of
/// `scope(forEach:action:)`, a row asked for by `\.rows[id: id]`, or a navigation stack's
/// screen (whose state is its element's `state`): a child core bound to the element's id.
///
/// What sets it apart is how its observers are told: not by a check of its own after each
/// send, but by an entry in its element's table of the collection's ``ObservedRows``
/// (`ScopeCache`), which runs this store's check only when its element changed. So 1,000 observed rows cost one check per send, not 1,000.
@MainActor
@usableFromInline
final class ElementCore<State, Action: Sendable>: ChildCore<State, Action> {
  /// Makes this store's entry wait in its collection's table of its element (see
  /// `Store.elementStore`), so that ``checkMember(_:)`` runs when the element changed. Read on
  /// every read of the store's state; main actor only, so unchecked, as `RootCore`'s fields.
  @exclusivity(unchecked) @usableFromInline var membership: () -> Void = {}

  /// A core for the element `id` of the collection `toElements` of `parent`'s state, showing
  /// `toState` of it.
  @inlinable
  init<ParentState, ParentAction, ID: Hashable, Element>(
    parent: Store<ParentState, ParentAction>, id: ID, initial: State,
    in toElements: KeyPath<ParentState, IdentifiedArray<ID, Element>>,
    element toState: @escaping (Element) -> State, send: @escaping (Action) -> StoreTask
  ) {
    let toElements = StoredPath(toElements)
    super.init(
      parent: parent, initial: initial,
      child: { toElements.read($0)[id: id].map(toState) },
      untrackedChild: { parent.core.untracked(toElements)[id: id].map(toState) },
      identity: { _ in true }, send: send)
  }

  /// Checks this store's observers against its element's new state (`nil`: removed), run by
  /// its collection when the element changed; returns whether they still wait.
  @inlinable
  func checkMember(_ element: State?) -> Bool {
    // NB: The element is gone: the store shows the state it last had, so nothing changed for
    // its observers; they wait, and are told if an element of the same id comes back
    // different (as a store through any other path would tell them).
    guard let element else { return true }
    guard observed.check(element) else { return false }
    observed.isScheduled = true
    return true
  }

  /// Makes the store's entry wait in its collection, once per wait.
  @usableFromInline
  override func watch(_ store: Store<State, Action>) {
    guard !observed.isScheduled else { return }
    observed.isScheduled = true
    membership()
  }
}
