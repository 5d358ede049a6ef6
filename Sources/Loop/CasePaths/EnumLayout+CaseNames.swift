import Foundation

/// What a failure message says about a case it has no value of: its name, and the labels of its
/// payload, read from the enum's field records (the same records `isIndirect(tag:)` reads).
///
/// A case path built from a case function knows its tag only once a value of its case went
/// through it. To name the case a test waited for and never saw, the path's case is found by
/// its payload's type instead: the case of the enum whose payload is that type (or, when several are, each of them).
extension EnumLayout {
  /// The name of the case `tag`, as declared (`"delegate"`), or `nil` when the type has no field
  /// records.
  func caseName(tag: UInt32) -> String? {
    guard let record = fieldRecord(tag: tag), let name = Self.relative(record + 8) else {
      return nil
    }
    return String(cString: name.assumingMemoryBound(to: CChar.self))
  }

  /// The tags of the cases whose payload is a `payload` (or a tuple of the same element types,
  /// whatever their labels), in declaration order.
  func tags(ofCasesHolding payload: Any.Type) -> [UInt32] {
    (0..<UInt32(payloadCaseCount)).filter { holds(tag: $0, payload) }
  }

  /// The labels of the case `tag`'s payload, one per value (`""` where a value has none);
  /// `[]` for a case with no payload or one unlabeled value.
  func payloadLabels(tag: UInt32) -> [String] {
    guard let type = payloadType(tag: tag) else { return [] }
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    // NB: A tuple's metadata: kind (0x301), element count, then its labels, a C string of
    // space-terminated labels (or null when it has none).
    guard metadata.load(as: UInt.self) == 0x301,
      let labels = metadata.load(fromByteOffset: 2 * Self.wordSize, as: UnsafePointer<CChar>?.self)
    else { return [] }
    let count = metadata.load(fromByteOffset: Self.wordSize, as: Int.self)
    let words = String(cString: labels).split(separator: " ", omittingEmptySubsequences: false)
    return (0..<count).map { $0 < words.count ? String(words[$0]) : "" }
  }

  /// The type of the case `tag`'s payload, as the runtime resolves its mangled name in the
  /// enum's context (a generic enum's arguments follow its kind and type descriptor).
  private func payloadType(tag: UInt32) -> Any.Type? {
    guard let record = fieldRecord(tag: tag), let name = Self.relative(record + 4) else {
      return nil
    }
    guard
      let type = getTypeByMangledNameInContext?(
        name.assumingMemoryBound(to: UInt8.self), UInt(Self.mangledNameLength(name)), descriptor,
        metadata + 2 * Self.wordSize)
    else { return nil }
    return unsafeBitCast(type, to: Any.Type.self)
  }

  /// The length of a mangled name: it ends at a zero byte, and a symbolic reference in it (a
  /// byte 1…0x17, then a 4-byte offset; 0x18…0x1F, then a pointer) may hold zero bytes.
  private static func mangledNameLength(_ name: UnsafeRawPointer) -> Int {
    var length = 0
    while true {
      let byte = name.load(fromByteOffset: length, as: UInt8.self)
      switch byte {
      case 0: return length
      case 0x01...0x17: length += 5
      case 0x18...0x1F: length += 1 + wordSize
      default: length += 1
      }
    }
  }

  /// Whether the case `tag` has no payload, by its field record, which names no type for it
  /// (what a `Mirror` reads to show a case's payload); `false` when the record cannot be read.
  func hasNoPayload(tag: UInt32) -> Bool {
    guard let record = fieldRecord(tag: tag) else { return false }
    return Self.relative(record + 4) == nil
  }

  /// Whether the case `tag` holds a `payload` (see ``holds(_:_:)``); `false` when its field
  /// record cannot be read.
  func holds(tag: UInt32, _ payload: Any.Type) -> Bool {
    payloadType(tag: tag).map { Self.holds($0, payload) } ?? false
  }

  /// Whether a case whose field type is `field` holds a `payload`: the same type, a single
  /// labeled value of it (`.child(action:)`), or a tuple of the same element types.
  private static func holds(_ field: Any.Type, _ payload: Any.Type) -> Bool {
    if field == payload { return true }
    let fieldElements = tupleElements(field)
    if fieldElements.count == 1, fieldElements[0] == payload { return true }
    let payloadElements = tupleElements(payload)
    return fieldElements.count > 1 && fieldElements.count == payloadElements.count
      && zip(fieldElements, payloadElements).allSatisfy { $0 == $1 }
  }

}

// NB: Declared by the runtime with the Swift calling convention, which passes four word-sized
// arguments and returns one in the same registers as C's on every platform Swift supports.
/// The Swift runtime's own function for turning a field record's mangled type name into
/// metadata (what `Mirror` uses), looked up once; `nil` where the runtime does not export it, and
/// then a case is named by its payload's type.
private let getTypeByMangledNameInContext:
  (
    @convention(c) (UnsafePointer<UInt8>, UInt, UnsafeRawPointer?, UnsafeRawPointer?) ->
      UnsafeRawPointer?
  )? = {
    guard let runtime = dlopen(nil, RTLD_NOW),
      let symbol = dlsym(runtime, "swift_getTypeByMangledNameInContext")
    else { return nil }
    return unsafeBitCast(
      symbol,
      to: (@convention(c) (UnsafePointer<UInt8>, UInt, UnsafeRawPointer?, UnsafeRawPointer?) ->
        UnsafeRawPointer?).self)
  }()
