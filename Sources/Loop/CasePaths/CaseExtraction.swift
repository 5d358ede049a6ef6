/// The extraction of a case path built from its case alone (``CasePath/init(_:)``): it learns
/// which tag is its case once, then reads the payload of a value of that tag from the enum's
/// layout.
///
/// Learning (the slow path, at most once per case of the root type): the value's payload is
/// cast to `Value` (a single labeled value, which a `Mirror` shows as a one-element labeled
/// tuple, is unwrapped first); if that succeeds, embedding it again gives the path's own tag.
/// A tag that is not the path's own is remembered too, so every value after that costs one
/// tag read and a comparison, and a payload read for a match. Two shapes are learned without a
/// `Mirror` (about 30,000 instructions, paid again by every path made afresh, as a view's
/// `scope(state: Mode.editing, …)` makes one on every render): a case with no payload is no
/// path's; and a case whose field record says it holds a `Value` has its payload read in
/// place, which is the path's case if embedding it gives that case back. Everything else takes
/// the `Mirror`. `CaseShapeModelTests` holds both to pattern matching, on every payload shape.
/// A path that cannot read its case (``CasePath/init(_:)`` was given something other than a
/// case of an enum it can read) extracts nothing, and says so, as a runtime warning, the first
/// time a value goes through it: inside a test store's send, that is a test failure.
@usableFromInline
final class CaseExtraction<Root, Value>: @unchecked Sendable {
  // NB: @unchecked: `words` is touched only through atomic operations; the rest is immutable.
  @usableFromInline let words: AtomicWords
  /// The layout the path reads; `nil` when it cannot read its case (see `refusal`).
  @usableFromInline let layout: EnumLayout?
  private let embed: @Sendable (Value) -> Root
  /// Why the path cannot read its case, when it cannot: reported at the first extraction.
  private let refusal: String?

  /// Word 0: 0 until the path's tag is known, then `1 | indirect << 1 | tag << 2`. (A path
  /// that cannot read its case: 1 once its refusal was reported.)
  @inlinable static var ownTagWord: Int { 0 }
  /// Words 1 and on: bit `t % 64` of word `1 + t / 64` set when tag `t` is known not to be
  /// the path's case (one bit for each case of the enum).
  @inlinable static var otherTagsWord: Int { 1 }

  /// How many words of known other tags there are.
  @usableFromInline let otherTagWords: Int

  @usableFromInline
  init(_ embed: @escaping @Sendable (Value) -> Root) {
    self.embed = embed
    let layout = EnumLayout(Root.self)
    let refusal: String? =
      if layout == nil {
        """
        CasePath(_:) was given a function building a \(Root.self), which is not an enum: its \
        extract finds nothing. To fix, pass an enum case (CasePath(Action.child)), or use \
        CasePath(embed:extract:).
        """
      } else if Root.self is any CustomReflectable.Type, layout?.isOptional != true {
        // NB: `Optional`'s custom mirror shows its payload as any enum's does.
        """
        CasePath(_:) cannot read the cases of \(Root.self): its custom mirror hides them, so \
        its extract finds nothing. To fix, use CasePath(embed:extract:).
        """
      } else if !EnumLayout.readsInPlace(Value.self) {
        """
        CasePath(_:) cannot read a payload of type \(Value.self) from \(Root.self): an enum \
        stores a function or a metatype (or a tuple or optional holding one) in a form that \
        generic code reads wrongly, so its extract finds nothing. To fix, use \
        CasePath(embed:extract:) with pattern matching.
        """
      } else {
        nil
      }
    self.refusal = refusal
    self.layout = refusal == nil ? layout : nil
    otherTagWords = refusal == nil ? ((layout?.caseCount ?? 0) + 63) / 64 : 0
    words = AtomicWords(count: 1 + otherTagWords)
  }

  deinit { words.deallocate() }

  @inlinable
  func extract(from root: Root) -> Value? {
    guard let layout else {
      if words.load(Self.ownTagWord) == 0 { reportRefusal() }
      return nil
    }
    let own = words.load(Self.ownTagWord)
    if own != 0 {
      return layout.payload(
        of: root, ifTag: UInt32(truncatingIfNeeded: own >> 2), indirect: own & 2 != 0,
        as: Value.self)
    }
    let tag = Int(layout.tag(of: root))
    if tag < otherTagWords * 64,
      words.load(Self.otherTagsWord + tag / 64) & (1 << (tag % 64)) != 0
    {
      return nil
    }
    return learn(from: root, tag: UInt32(tag), layout)
  }

  /// The payload a `Mirror` shows for an enum value, as a `Value`, if it is one.
  private static func payload(of value: Any) -> Value? {
    mirroredPayload(of: value) as? Value
  }

  /// The slow path: learns what `root`'s case is to this path, and remembers it.
  @usableFromInline
  func learn(from root: Root, tag: UInt32, _ layout: EnumLayout) -> Value? {
    // NB: A case with no payload, which a `Mirror` shows with no child: not this path's. (Not
    // `tag >= payloadCaseCount`: a case whose payload takes no bytes, `.child(action: .tap)`
    // of a one-case action, is tagged among the cases without one, and a `Mirror` shows it.)
    guard !layout.hasNoPayload(tag: tag) else {
      rememberOther(tag)
      return nil
    }
    if let payload = learnInPlace(from: root, tag: tag, layout) { return payload }
    return learnThroughMirror(from: root, tag: tag, layout)
  }

  /// Learns without a `Mirror` that `root`'s case is this path's, when its field record says
  /// it holds a `Value` (the same type, one labeled value of it, or a tuple of the same
  /// element types: what the `Mirror`'s payload casts to a `Value` from), and embedding its
  /// payload gives that case back; returns the payload then, `nil` when this does not decide.
  private func learnInPlace(from root: Root, tag: UInt32, _ layout: EnumLayout) -> Value? {
    guard layout.holds(tag: tag, Value.self), let indirect = layout.isIndirect(tag: tag),
      indirect || MemoryLayout<Value>.size <= MemoryLayout<Root>.size,
      let payload = layout.payload(of: root, ifTag: tag, indirect: indirect, as: Value.self),
      layout.tag(of: embed(payload)) == tag
    else { return nil }
    words.store(1 | (indirect ? 2 : 0) | Int(tag) << 2, at: Self.ownTagWord)
    return payload
  }

  /// Learns through a `Mirror` of `root`'s payload.
  private func learnThroughMirror(from root: Root, tag: UInt32, _ layout: EnumLayout) -> Value? {
    guard let payload = Self.payload(of: root) else {
      rememberOther(tag)
      return nil
    }
    let embedded = embed(payload)
    let ownTag = layout.tag(of: embedded)
    // NB: The fast path reads an own-tag payload as a `Value`: only sound when `embed` is the
    // case itself, whose payload is a `Value`. A function that nests it (`{ .a(.b($0)) }`)
    // puts another type there (and a payload larger than the enum cannot be one in place).
    guard Self.payload(of: embedded) != nil, let indirect = layout.isIndirect(tag: ownTag),
      indirect || MemoryLayout<Value>.size <= MemoryLayout<Root>.size
    else {
      reportRuntimeWarning(
        """
        CasePath(_:) was given a function that is not one case of \(Root.self) (one that wraps \
        the value in several cases, say): its extract finds nothing. To fix, pass the case \
        itself (CasePath(Action.child)) and chain the cases with then(_:), or use \
        CasePath(embed:extract:).
        """)
      words.store(1 | Int(UInt32.max) << 2, at: Self.ownTagWord)  // matches no tag
      return nil
    }
    words.store(1 | (indirect ? 2 : 0) | Int(ownTag) << 2, at: Self.ownTagWord)
    guard ownTag == tag else { return nil }
    // NB: Read from the layout, as every later value is: the `Mirror`'s payload may be the
    // field's tuple where `Value` is an existential (`.value(x: Any)` as `(x: Any)`).
    return layout.payload(of: root, ifTag: tag, indirect: indirect, as: Value.self)
  }

  /// The case this path reads, written as an action with the texts of its payload's parts
  /// (`…` when none are given): `.delegate(…)`, `.rows(id: 1, action: .tapped)`.
  ///
  /// The case is the one whose tag the path learned, or else the case of the enum holding a
  /// `Value`, as the field records say: `.<child or custom>(…)` when several do, and the types'
  /// names when none is known.
  @usableFromInline
  func describe(_ parts: [String]) -> String {
    let values = parts.isEmpty ? ["…"] : parts
    let own = words.load(Self.ownTagWord)
    let learned: UInt32? =
      own != 0 && own >> 2 != Int(UInt32.max) ? UInt32(truncatingIfNeeded: own >> 2) : nil
    let tags = learned.map { [$0] } ?? layout?.tags(ofCasesHolding: Value.self) ?? []
    let names = tags.compactMap { layout?.caseName(tag: $0) }
    guard let layout, names.count == 1 else {
      let which =
        names.isEmpty
        ? "a case of \(Dump.name(of: Root.self)) holding \(Dump.name(of: Value.self))"
        : names.joined(separator: " or ")
      return ".<\(which)>(\(values.joined(separator: ", ")))"
    }
    let labels = parts.isEmpty ? [] : layout.payloadLabels(tag: tags[0])
    let written = values.enumerated().map { index, value in
      index < labels.count && !labels[index].isEmpty ? "\(labels[index]): \(value)" : value
    }
    return ".\(names[0])(\(written.joined(separator: ", ")))"
  }

  /// Reports why the path extracts nothing, once (the first extraction to get here wins).
  @usableFromInline
  func reportRefusal() {
    guard let refusal, words.compareExchange(at: Self.ownTagWord, expected: 0, desired: 1).exchanged
    else { return }
    reportRuntimeWarning(refusal)
  }

  private func rememberOther(_ tag: UInt32) {
    let tag = Int(tag)
    guard tag < otherTagWords * 64 else { return }
    let word = Self.otherTagsWord + tag / 64
    var known = words.load(word)
    while true {
      let (exchanged, original) = words.compareExchange(
        at: word, expected: known, desired: known | (1 << (tag % 64)))
      if exchanged { return }
      known = original
    }
  }
}

/// The payload a `Mirror` shows for an enum value, `nil` for a case with none.
///
/// A `Mirror` shows a case's payload as its field: a single labeled value (`.child(action:)`)
/// is a one-element labeled tuple, `(action: ChildAction)`, which no cast turns into its
/// element, so it is unwrapped here; several values are a tuple, labeled or not, which casts to
/// an unlabeled one.
func mirroredPayload(of value: Any) -> Any? {
  guard let field = Mirror(reflecting: value).children.first?.value else { return nil }
  let fieldMirror = Mirror(reflecting: field)
  if fieldMirror.displayStyle == .tuple, fieldMirror.children.count == 1,
    let only = fieldMirror.children.first, only.label != nil
  {
    return only.value
  }
  return field
}
