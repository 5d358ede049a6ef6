/// A path from an enum to the payload of one of its cases: the enum counterpart of a key path.
///
/// Build one from the case alone — no macro, no hand-written closure:
///
/// ```swift
/// enum AppAction { case counter(CounterAction); case row(id: Int, action: RowAction); case reset }
///
/// let counterPath = CasePath(AppAction.counter)
/// counterPath.embed(.increment)          // AppAction.counter(.increment)
/// counterPath.extract(from: .reset)      // nil
/// let rowPath = CasePath(AppAction.row)  // CasePath<AppAction, (Int, RowAction)>
/// ```
///
/// or from two closures, which is what the case alone builds for you, and what any other path
/// (one into a struct, one that transforms) needs:
///
/// ```swift
/// let counterPath = CasePath<AppAction, CounterAction>(
///   embed: AppAction.counter,
///   extract: { if case let .counter(action) = $0 { action } else { nil } }
/// )
/// ```
///
/// A path is also a chain: add a link per case inward with `then(_:)`, and pick a row or a
/// stack screen with `[id:]` — TCA's `\.rows[id: 1].delegate.closed`:
///
/// ```swift
/// CasePath(AppAction.rows)[id: 1].then(RowAction.delegate).then(RowDelegate.closed)
/// ```
public struct CasePath<Root, Value>: Sendable, CustomStringConvertible {
  @usableFromInline let embedValue: @Sendable (Value) -> Root
  @usableFromInline let extractValue: @Sendable (Root) -> Value?
  /// Whether this path is one case of an enum, built from the case alone: it extracts exactly
  /// when the root is in that case. What lets a store key a child by the case's tag.
  @usableFromInline let isSingleCase: Bool
  /// Writes the action this path matches, given the texts of its value's parts (none when the
  /// value is left open): what a failure message shows as the action a test waited for.
  let describeValue: @Sendable ([String]) -> String

  /// Creates a case path from a function that wraps a payload in the case, and one that
  /// unwraps it again (returning `nil` for every other case).
  ///
  /// - Parameters:
  ///   - embed: Wraps a value in the case, usually the case constructor itself (`AppAction.counter`).
  ///   - extract: Returns the payload when the root is this case, otherwise `nil`.
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    // NB: The types' names are written only when a failure message asks for them.
    self.init(
      embed: embed, extract: extract, isSingleCase: false,
      describe: {
        "CasePath<\(Dump.name(of: Root.self)), \(Dump.name(of: Value.self))>(\($0.first ?? "…"))"
      })
  }

  @usableFromInline
  init(
    embed: @escaping @Sendable (Value) -> Root, extract: @escaping @Sendable (Root) -> Value?,
    isSingleCase: Bool, describe: @escaping @Sendable ([String]) -> String
  ) {
    self.embedValue = embed
    self.extractValue = extract
    self.isSingleCase = isSingleCase
    self.describeValue = describe
  }

  /// Wraps a payload in the case.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func embed(_ value: Value) -> Root { embedValue(value) }

  /// Returns the payload if `root` is this case, otherwise `nil`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func extract(from root: Root) -> Value? { extractValue(root) }

  /// The action this path matches, written as a test's failure message shows it: its cases from
  /// the outside in, each by name, an id or a case with no payload as given, and `…` for a value
  /// left open.
  ///
  /// ```swift
  /// CasePath(Action.rows)[id: 1].then(Row.Action.delegate).description
  /// // ".rows(id: 1, action: .delegate(…))"
  /// ```
  public var description: String { describeValue([]) }
}

extension CasePath {
  /// A case path to one case of an enum, built from the case itself.
  ///
  /// ```swift
  /// let counter = CasePath(AppAction.counter)   // CasePath<AppAction, CounterAction>
  /// counter.extract(from: .counter(.increment))  // .increment
  /// ```
  ///
  /// Every payload shape routes: one value or several, labeled or not
  /// (`CasePath(AppAction.child(action:))`), overloaded names (`AppAction.payload(a:)`),
  /// optionals, existentials, `indirect` and generic cases. Pass the case, not a function that
  /// wraps the value in several cases (`{ .a(.b($0)) }`): chain the cases with `then(_:)`.
  /// Such a function, a case whose payload is a function or a metatype
  /// (which generic code cannot read in place), a type that is not an enum, or one with a custom
  /// mirror extracts nothing, and is reported as a runtime warning the first time a value goes
  /// through the path (a test failure inside a `TestStore`).
  ///
  /// Extraction reads the enum's tag and payload from its layout (Swift's stable ABI): the
  /// first value it sees of each case teaches it whether that tag is this case — from the
  /// enum's field records when they decide it (a case without a payload; a case holding this
  /// path's value, whose payload is embedded again), else through a `Mirror`, once; after that
  /// a value costs a tag read, a comparison and, for this case, a copy of the payload. A path
  /// made afresh (a view's `scope(state: Mode.editing, …)`, on every render) learns again, so
  /// the first kind of learning is the one a view pays: about 5,000 instructions, where a
  /// `Mirror` takes 30,000.
  ///
  /// - Complexity: O(1) per extraction (after the first value of each case).
  @inlinable
  public init(_ embed: @escaping @Sendable (Value) -> Root) {
    let extraction = CaseExtraction(embed)
    self.init(
      embed: embed, extract: { extraction.extract(from: $0) }, isSingleCase: true,
      describe: { extraction.describe($0) })
  }

  /// A case path to a case with two values, such as `.row(id:action:)`, built from the case
  /// itself; its value is the pair.
  ///
  /// ```swift
  /// let row = CasePath(AppAction.row)   // CasePath<AppAction, (Int, RowAction)>
  /// row.embed((3, .tapped))             // AppAction.row(id: 3, action: .tapped)
  /// ```
  @inlinable
  public init<First, Second>(_ embed: @escaping @Sendable (First, Second) -> Root)
  where Value == (First, Second) {
    self.init { (pair: (First, Second)) in embed(pair.0, pair.1) }
  }
}

extension CasePath where Root == Value {
  /// The identity path: embeds and extracts every value unchanged. TCA's `action: \.self`, for
  /// a child whose actions are its parent's.
  ///
  /// ```swift
  /// modeReducer.pullback(state: \.mode, action: .identity)
  /// CasePath<Int, Int>.identity.extract(from: 3)  // 3
  /// ```
  public static var identity: Self {
    Self(embed: { $0 }, extract: { $0 }, isSingleCase: false, describe: { $0.first ?? "…" })
  }
}
