/// The screens of a ``StackState`` as a `NavigationStack`'s path holds them: each screen's id
/// and state, equal by id. What `store.binding(path:action:)` reads and writes.
///
/// ```swift
/// NavigationStack(path: store.binding(path: \.path, action: Action.path).swiftUI) {
///   RootView(store: store)
/// }
/// ```
///
/// A view pops by removing elements (the back button does) and pushes by appending one made
/// with ``StackState/pushing(_:)`` (a `NavigationLink(value:)` does); the binding sends the
/// ``StackAction`` for each change to the store, and the stack changes when its reducer runs.
public struct StackPath<State>: MutableCollection, RandomAccessCollection,
  RangeReplaceableCollection
{
  /// One screen: its id on the stack, and its state.
  ///
  /// Two elements are equal, and hash alike, when their ids are: a `NavigationStack` tells
  /// screens apart by them, whatever the screen's state shows.
  public struct Element: Hashable {
    /// The screen's id on the stack.
    public let id: StackElementID
    /// The screen's state.
    public var state: State

    /// A screen `state` under `id`.
    public init(id: StackElementID, state: State) {
      self.id = id
      self.state = state
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
  }

  /// The screens, bottom first.
  var elements: [Element]

  /// An empty path.
  public init() {
    elements = []
  }

  /// The screens of `stack`, bottom first.
  ///
  /// - Complexity: O(*n*) for *n* screens.
  public init(_ stack: StackState<State>) {
    elements = zip(stack.ids, stack).map { Element(id: $0, state: $1) }
  }

  public var startIndex: Int { elements.startIndex }
  public var endIndex: Int { elements.endIndex }

  public subscript(position: Int) -> Element {
    get { elements[position] }
    set { elements[position] = newValue }
  }

  public mutating func replaceSubrange<C: Collection>(
    _ subrange: Range<Int>, with newElements: C
  ) where C.Element == Element {
    elements.replaceSubrange(subrange, with: newElements)
  }
}

extension StackPath: Equatable {
  /// Two paths are equal when they hold the same screen ids in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elements == rhs.elements }
}

extension StackPath: Sendable where State: Sendable {}
extension StackPath.Element: Sendable where State: Sendable {}
