/// The screens of a navigation stack, bottom first, each with a stable id.
///
/// ```swift
/// var path = StackState<Screen.State>()
/// path.append(.detail(movie))          // push
/// path.popLast()                       // pop
/// path.pop(to: id)                     // pop everything above the screen `id`
/// path.removeAll()                     // pop to the root
/// ```
///
/// Ids are handed out in order by the stack itself (a counter, never reused within one stack),
/// so a test can predict them: the first screen pushed on a new stack is `0`, the next `1`.
/// Two stacks are equal when they hold the same screens under the same ids.
public struct StackState<Element> {
  /// The screens, with their ids, in order.
  @usableFromInline var elements = IdentifiedArray<StackElementID, StackElement<Element>>(
    id: \.id)
  @usableFromInline var nextRawID = 0

  /// An empty stack.
  public init() {}

  /// A stack of `screens`, bottom first.
  public init(_ screens: some Sequence<Element>) {
    for screen in screens { append(screen) }
  }

  /// The ids of the screens, bottom first.
  public var ids: [StackElementID] { elements.ids }

  /// The screen with `id`, if it is on the stack; set `nil` to pop it alone, or a screen for
  /// an id not on the stack to push it there (as `.push(id:state:)` does).
  ///
  /// - Complexity: O(1) to read or edit in place.
  public subscript(id id: StackElementID) -> Element? {
    get { elements[id: id]?.state }
    set {
      if let newValue {
        if elements[id: id] == nil { nextRawID = Swift.max(nextRawID, id.rawValue + 1) }
        elements[id: id] = StackElement(id: id, state: newValue)
      } else {
        elements.remove(id: id)
      }
    }
  }

  /// Pushes a screen; returns its id.
  @discardableResult
  public mutating func append(_ screen: Element) -> StackElementID {
    let id = StackElementID(rawValue: nextRawID)
    nextRawID += 1
    elements.append(StackElement(id: id, state: screen))
    return id
  }

  /// The id the next screen pushed gets: what a view sends with ``StackAction/push(id:state:)``.
  ///
  /// ```swift
  /// store.send(.path(.push(id: store.state.path.nextID, state: .details(movie))))
  /// ```
  public var nextID: StackElementID { StackElementID(rawValue: nextRawID) }

  /// `screen` under the id the stack gives next, to push from a view: the value of a
  /// `NavigationLink(value:)` in a `NavigationStack` bound with `store.binding(path:action:)`.
  ///
  /// ```swift
  /// NavigationLink("Details", value: store.path.pushing(.details(movie)))
  /// ```
  public func pushing(_ screen: Element) -> StackPath<Element>.Element {
    StackPath.Element(id: nextID, state: screen)
  }

  /// Pushes `screen` under `id`, unless a screen already has it; ids handed out later follow
  /// the largest one pushed. Returns whether it pushed.
  @usableFromInline
  mutating func push(_ screen: Element, id: StackElementID) -> Bool {
    guard elements[id: id] == nil else { return false }
    nextRawID = Swift.max(nextRawID, id.rawValue + 1)
    elements.append(StackElement(id: id, state: screen))
    return true
  }

  /// Pops the top screen, and returns it.
  @discardableResult
  public mutating func popLast() -> Element? {
    guard let id = elements.ids.last else { return nil }
    return elements.remove(id: id)?.state
  }

  /// Pops the screen `id` and every screen above it.
  public mutating func pop(from id: StackElementID) {
    guard let index = elements.ids.firstIndex(of: id) else { return }
    while elements.count > index { elements.remove(at: elements.count - 1) }
  }

  /// Pops every screen above `id`, which stays on top.
  public mutating func pop(to id: StackElementID) {
    guard let index = elements.ids.firstIndex(of: id) else { return }
    while elements.count > index + 1 { elements.remove(at: elements.count - 1) }
  }

  /// Pops every screen.
  public mutating func removeAll() {
    elements.removeAll()
  }
}

/// A screen on a stack, with its id: what the stack's array holds.
@usableFromInline
struct StackElement<State> {
  @usableFromInline let id: StackElementID
  @usableFromInline var state: State

  @usableFromInline
  init(id: StackElementID, state: State) {
    self.id = id
    self.state = state
  }
}

extension StackElement: Equatable where State: Equatable {}
extension StackElement: Hashable where State: Hashable {}
extension StackElement: Codable where State: Codable {}

/// The id of a screen on a ``StackState``: stable while the screen is on the stack.
public struct StackElementID: Hashable, Sendable, Comparable, CustomStringConvertible,
  ExpressibleByIntegerLiteral, Codable
{
  /// The stack's counter when the screen was pushed.
  public let rawValue: Int

  /// Decodes an id from its number.
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(Int.self)
  }

  /// Encodes the id as its number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  public init(rawValue: Int) { self.rawValue = rawValue }
  public init(integerLiteral value: Int) { self.rawValue = value }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  public var description: String { "#\(rawValue)" }
}

extension StackElementID: CustomDumpLeaf {
  /// A dump shows the id as it is written, an integer literal: `.element(id: 2, action: …)`.
  package var dumpDescription: String { String(rawValue) }
}

extension StackState: RandomAccessCollection {
  public var startIndex: Int { elements.startIndex }
  public var endIndex: Int { elements.endIndex }
  public subscript(position: Int) -> Element { elements[position].state }
}

extension StackState: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elements == rhs.elements }
}

extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

extension StackState: @unchecked Sendable where Element: Sendable {}

/// A stack encodes as its screens with their ids, and the next id it will give, so a decoded
/// stack goes on numbering where the encoded one stood (for a recorded session, say).
extension StackState: Codable where Element: Codable {
  private enum CodingKeys: String, CodingKey {
    case screens
    case nextID
  }

  /// Decodes a stack; fails on a duplicate or negative screen id, or a `nextID` not above them.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    for screen in try container.decode([StackElement<Element>].self, forKey: .screens) {
      guard elements.append(screen).inserted, screen.id.rawValue >= 0 else {
        throw DecodingError.dataCorruptedError(
          forKey: .screens, in: container,
          debugDescription: "Duplicate or negative screen id \(screen.id)")
      }
    }
    nextRawID = try container.decode(Int.self, forKey: .nextID)
    guard elements.ids.allSatisfy({ $0.rawValue < nextRawID }) else {
      throw DecodingError.dataCorruptedError(
        forKey: .nextID, in: container, debugDescription: "nextID is not above every screen's id")
    }
  }

  /// Encodes the screens with their ids, and the next id: `{"nextID":2,"screens":[…]}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Array(elements), forKey: .screens)
    try container.encode(nextRawID, forKey: .nextID)
  }
}
// NB: As `IdentifiedArray`'s: a value type whose stored values are the screens and ids.

extension StackState: CustomStringConvertible {
  public var description: String {
    "[" + zip(ids, self).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
  }
}
