/// What the Swift runtime knows about an enum type, read from its metadata: the tag of a value
/// (which case it is) and, in place, the payload of a case.
///
/// These are two of the enum value witnesses every enum type has (`getEnumTag`,
/// `destructiveProjectEnumData`) and the indirect flag of its field records, at the offsets Swift's stable ABI fixes (docs/ABI/TypeMetadata.rst in the Swift
/// repository). ``CasePath/init(_:)`` reads them to extract a payload without a hand-written
/// closure; `CasePathTests` checks every use against pattern matching on thousands of values of
/// every payload shape.
@usableFromInline
struct EnumLayout: @unchecked Sendable {
  // NB: @unchecked: `metadata` points at immutable type metadata, which the runtime never frees.
  @usableFromInline let metadata: UnsafeRawPointer

  /// Whether the type is `Optional`, whose mirror shows its payload as any enum's does.
  @usableFromInline let isOptional: Bool

  /// The layout of `type`, or `nil` when it is not an enum (or an `Optional`).
  @usableFromInline
  init?(_ type: Any.Type) {
    metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let kind = metadata.load(as: UInt.self)
    // NB: MetadataKind.def: Enum 0x201, Optional 0x202.
    guard kind == 0x201 || kind == 0x202 else { return nil }
    isOptional = kind == 0x202
  }

  @usableFromInline static var wordSize: Int { MemoryLayout<UnsafeRawPointer>.size }

  /// Whether a payload of `type` stored in an enum reads correctly from generic code.
  ///
  /// A function and a metatype have a form of their own where their type is known (a thin
  /// metatype takes no bytes; a function takes its arguments directly) and a general form in
  /// generic code; an enum stores its payload in the first, generic code reads the second. So
  /// does `Mirror`, which is why neither can read them. A tuple or an `Optional` holding one
  /// is stored the same way; every other type is the same in both.
  static func readsInPlace(_ type: Any.Type) -> Bool {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    // NB: MetadataKind.def: Optional 0x202, Tuple 0x301, Function 0x302, Metatype 0x304.
    switch metadata.load(as: UInt.self) {
    case 0x302, 0x304:
      return false
    case 0x301:
      return tupleElements(type).allSatisfy(readsInPlace)
    case 0x202:
      // NB: A generic enum's arguments follow its kind and type descriptor.
      return readsInPlace(metadata.load(fromByteOffset: 2 * wordSize, as: Any.Type.self))
    default:
      return true
    }
  }

  /// The enum's type descriptor, which follows the metadata's kind word.
  var descriptor: UnsafeRawPointer {
    metadata.load(fromByteOffset: Self.wordSize, as: UnsafeRawPointer.self)
  }

  /// How many cases the enum has, with a payload or without.
  var caseCount: Int {
    // NB: After the payload case count, the descriptor holds the empty case count.
    payloadCaseCount + Int(descriptor.load(fromByteOffset: 24, as: UInt32.self))
  }

  /// How many cases have a payload: they come first, in tag order.
  var payloadCaseCount: Int {
    // NB: An enum's type descriptor: flags, parent, name, access function and fields (4 bytes
    // each), then the payload case count (its low 24 bits).
    Int(descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0xFF_FFFF)
  }

  /// A tuple type's element types; `[]` for a type that is not a tuple.
  static func tupleElements(_ type: Any.Type) -> [Any.Type] {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    // NB: A tuple's metadata: kind (0x301), element count, labels, then per element its type
    // and its offset (a word each).
    guard metadata.load(as: UInt.self) == 0x301 else { return [] }
    let count = metadata.load(fromByteOffset: wordSize, as: Int.self)
    return (0..<count).map {
      metadata.load(fromByteOffset: (3 + 2 * $0) * wordSize, as: Any.Type.self)
    }
  }

  /// The value witness table: the word before the metadata.
  @inlinable var witnesses: UnsafeRawPointer {
    metadata.load(fromByteOffset: -Self.wordSize, as: UnsafeRawPointer.self)
  }

  /// A witness of the enum value witness table: after the eight functions, size, stride, and
  /// the 32-bit flags and extra inhabitant count of every value witness table.
  @inlinable func witness<Function>(_ index: Int, as _: Function.Type) -> Function {
    witnesses.load(fromByteOffset: (10 + index) * Self.wordSize + 8, as: Function.self)
  }

  /// Which case `value` is: payload cases first, in declaration order, then the others.
  @inlinable func tag<Enum>(of value: Enum) -> UInt32 {
    typealias GetEnumTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
    let getEnumTag = witness(0, as: GetEnumTag.self)
    return withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
  }

  /// Whether the case with `tag` stores its payload in a box of its own (`indirect`), as its
  /// field record says; `nil` when the type has no field records.
  func isIndirect(tag: UInt32) -> Bool? {
    fieldRecord(tag: tag).map { $0.load(as: UInt32.self) & 0x1 != 0 }
  }

  /// The field record of the case `tag`, in tag order: flags, then relative pointers to the
  /// payload's mangled type name and to the case's name (4 bytes each); `nil` when the type has
  /// no field records.
  func fieldRecord(tag: UInt32) -> UnsafeRawPointer? {
    // NB: In the type descriptor, after flags, parent, name and access function, a relative
    // pointer to the field descriptor (offset 16). A field descriptor: type name, superclass
    // (4 bytes each), kind and record size (2 each), record count (4), then the records.
    guard let fields = Self.relative(descriptor + 16) else { return nil }
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    guard tag < fields.load(fromByteOffset: 12, as: UInt32.self) else { return nil }
    return fields + 16 + Int(tag) * recordSize
  }

  /// The payload of `value` read as `Payload` if `value`'s case is `tag`, otherwise `nil`.
  ///
  /// The caller has checked that the case `tag` holds a `Payload` (or a tuple of its layout),
  /// stored in a box of its own when `indirect`.
  @inlinable
  func payload<Enum, Payload>(
    of value: Enum, ifTag tag: UInt32, indirect: Bool, as _: Payload.Type
  ) -> Payload? {
    typealias GetEnumTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
    typealias Project = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
    // NB: One bitwise copy that owns nothing (no retain, never destroyed) serves the tag read
    // and the projection: only the payload read from it is a real copy.
    return withUnsafeBytes(of: value) { source -> Payload? in
      withUnsafeTemporaryAllocation(
        byteCount: Swift.max(source.count, 1), alignment: MemoryLayout<Enum>.alignment
      ) { scratch -> Payload? in
        guard let start = scratch.baseAddress else { return nil }
        start.copyMemory(
          from: source.baseAddress ?? UnsafeRawPointer(start), byteCount: source.count)
        guard witness(0, as: GetEnumTag.self)(start, metadata) == tag else { return nil }
        witness(1, as: Project.self)(start, metadata)
        guard indirect else { return start.load(as: Payload.self) }
        // NB: An indirect payload lives in a heap box, after its two-word header.
        let box = start.load(as: UnsafeRawPointer.self)
        let alignment = MemoryLayout<Payload>.alignment
        let offset = (2 * Self.wordSize + alignment - 1) & ~(alignment - 1)
        return box.load(fromByteOffset: offset, as: Payload.self)
      }
    }
  }

  static func relative(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = Int(pointer.load(as: Int32.self))
    return offset == 0 ? nil : pointer + offset
  }
}

/// Whether `a` and `b` are the same case of their enum, whatever their payloads; for a type
/// that is not an enum, whether they are equal (`Equatable`), else `false`.
///
/// What a test store's `receive` compares a chain's last link by: a case with no payload
/// (`Delegate.closed`) given as a value, in an enum that need not be `Equatable`.
package func isSameCase<Value>(_ a: Value, _ b: Value) -> Bool {
  if let layout = EnumLayout(Value.self), !layout.isOptional {
    return layout.tag(of: a) == layout.tag(of: b)
  }
  return duplicateCheck(for: Value.self)(a, b)
}
