/// The extraction of a case path built from its case alone (``CasePath/init(_:)``): it learns
/// which tag is its case once, then reads the payload of a value of that tag from the enum's
/// layout.
///
/// Learning (the slow path, a `Mirror`, at most once per case of the root type): the value's
/// payload is cast to `Value`; if that succeeds, embedding it again gives the path's own tag. A
/// tag that is not the path's own is remembered too (tags below 63), so every value after that
/// costs one tag read and a comparison, and a payload read for a match.
@usableFromInline
final class CaseExtraction<Root, Value>: @unchecked Sendable {
  // NB: @unchecked: `words` is touched only through atomic operations; the rest is immutable.
  @usableFromInline let words = AtomicWords(count: 2)
  @usableFromInline let layout: EnumLayout?
  private let embed: @Sendable (Value) -> Root
  /// Whether `Root` has a custom mirror, which may not show its payloads (`Optional`'s does).
  private var hidesCases: Bool {
    Root.self is any CustomReflectable.Type && layout?.isOptional != true
  }

  /// Word 0: 0 until the path's tag is known, then `1 | indirect << 1 | tag << 2`.
  @inlinable static var ownTagWord: Int { 0 }
  /// Word 1: bit `t` set when tag `t` is known not to be the path's case.
  @inlinable static var otherTagsWord: Int { 1 }

  @usableFromInline
  init(_ embed: @escaping @Sendable (Value) -> Root) {
    self.embed = embed
    layout = EnumLayout(Root.self)
    if layout == nil {
      reportRuntimeWarning(
        """
        CasePath(_:) was given a function building a \(Root.self), which is not an enum: its \
        extract finds nothing. To fix, pass an enum case (CasePath(Action.child)), or use \
        CasePath(embed:extract:).
        """)
    } else if hidesCases {
      reportRuntimeWarning(
        """
        CasePath(_:) cannot read the cases of \(Root.self): its custom mirror hides them, so \
        its extract finds nothing. To fix, use CasePath(embed:extract:).
        """)
    }
  }

  deinit { words.deallocate() }

  @inlinable
  func extract(from root: Root) -> Value? {
    guard let layout else { return nil }
    let own = words.load(Self.ownTagWord)
    if own != 0 {
      return layout.payload(
        of: root, ifTag: UInt32(truncatingIfNeeded: own >> 2), indirect: own & 2 != 0,
        as: Value.self)
    }
    let tag = layout.tag(of: root)
    if tag < 63, words.load(Self.otherTagsWord) & (1 << Int(tag)) != 0 { return nil }
    return learn(from: root, tag: tag, layout)
  }

  /// The slow path: reads `root`'s payload through a `Mirror`, and remembers what it learned.
  @usableFromInline
  func learn(from root: Root, tag: UInt32, _ layout: EnumLayout) -> Value? {
    guard !hidesCases,
      let payload = Mirror(reflecting: root).children.first?.value as? Value
    else {
      rememberOther(tag)
      return nil
    }
    let embedded = embed(payload)
    let ownTag = layout.tag(of: embedded)
    // NB: The fast path reads an own-tag payload as a `Value`: only sound when `embed` is the
    // case itself, whose payload is a `Value`. A function that nests it (`{ .a(.b($0)) }`)
    // puts another type there.
    guard Mirror(reflecting: embedded).children.first?.value is Value,
      let indirect = layout.isIndirect(tag: ownTag)
    else {
      reportRuntimeWarning(
        """
        CasePath(_:) was given a function that is not one case of \(Root.self) (one that wraps \
        the value in several cases, say): its extract finds nothing. To fix, pass the case \
        itself (CasePath(Action.child)) and nest with appending(path:), or use \
        CasePath(embed:extract:).
        """)
      words.store(1 | Int(UInt32.max) << 2, at: Self.ownTagWord)  // matches no tag
      return nil
    }
    words.store(1 | (indirect ? 2 : 0) | Int(ownTag) << 2, at: Self.ownTagWord)
    guard ownTag == tag else { return nil }
    return payload
  }

  private func rememberOther(_ tag: UInt32) {
    guard tag < 63 else { return }
    var known = words.load(Self.otherTagsWord)
    while true {
      let (exchanged, original) = words.compareExchange(
        at: Self.otherTagsWord, expected: known, desired: known | (1 << Int(tag)))
      if exchanged { return }
      known = original
    }
  }
}
