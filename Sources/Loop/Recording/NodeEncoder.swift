import Foundation

/// The `Encoder` that builds a value's node in a ``NodeArena``: a node's index and the arena
/// it lives in, so a value's encoder and its unkeyed and single-value containers are two words
/// each, not objects.
///
/// ```swift
/// try NodeEncoder(arena: arena, node: arena.makeNode(parent: nil, key: nil)).encode(value)
/// ```
struct NodeEncoder: Encoder {
  let arena: NodeArena
  let node: Int

  var codingPath: [any CodingKey] { arena.codingPath(of: node) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    arena.makeContainer(node, .object)
    return KeyedEncodingContainer(KeyedNodeContainer(arena: arena, object: node))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    arena.makeContainer(node, .array)
    return UnkeyedNodeContainer(arena: arena, array: node)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  /// Encodes `value` as this encoder's node: the types `JSONEncoder` writes its own way by
  /// default, and everything else through its `encode(to:)`.
  func encode<T: Encodable>(_ value: T) throws {
    // NB: Compared by type first, which costs nothing, so that the other values take no
    // dynamic cast.
    if T.self == Date.self, let date = value as? Date {
      try setNumber(date.timeIntervalSinceReferenceDate)
    } else if T.self == Data.self, let data = value as? Data {
      arena.set(node, .string, text: data.base64EncodedString())
    } else if T.self == URL.self, let url = value as? URL {
      arena.set(node, .string, text: url.absoluteString)
    } else if T.self == Decimal.self, let decimal = value as? Decimal {
      arena.set(node, .number, text: decimal.description)
    } else {
      try value.encode(to: self)
    }
  }

  /// A new node for `value`, at `key` of the container `container`: what it encoded (`{}` if
  /// nothing, as `JSONEncoder`).
  static func node<T: Encodable>(
    of value: T, in arena: NodeArena, container: Int, key: any CodingKey
  ) throws -> Int {
    // NB: The commonest leaves go straight into their node: compared by type first, which
    // costs nothing, so that other values take no dynamic cast.
    if T.self == String.self, let string = value as? String {
      return arena.makeNode(parent: container, key: key, kind: .string, text: string)
    }
    if T.self == Int.self, let int = value as? Int {
      return arena.makeNode(parent: container, key: key, kind: .number, text: String(int))
    }
    if T.self == Bool.self, let bool = value as? Bool {
      return arena.makeNode(parent: container, key: key, kind: bool ? .true : .false)
    }
    let encoder = NodeEncoder(arena: arena, node: arena.makeNode(parent: container, key: key))
    try encoder.encode(value)
    return encoder.node
  }

  /// Sets this node to a floating-point number as `JSONEncoder` writes it: its shortest
  /// description, without a trailing `.0`; a value that is not finite is refused.
  private func setNumber<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) throws {
    guard let text = Self.text(of: value) else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: codingPath,
          debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
    }
    arena.set(node, .number, text: text)
  }

  /// A floating-point number as `JSONEncoder` writes it: its shortest description, without a
  /// trailing `.0`; `nil` if it is not finite, which JSON cannot hold.
  static func text<F: BinaryFloatingPoint & LosslessStringConvertible>(of value: F) -> String? {
    guard value.isFinite else { return nil }
    let text = value.description
    // NB: Looked for in the bytes: `hasSuffix` compares characters, and was half of this
    // function's cost for a recorded line's two times.
    let endsInPointZero =
      text.utf8.withContiguousStorageIfAvailable {
        $0.count >= 2 && $0[$0.count - 1] == UInt8(ascii: "0")
          && $0[$0.count - 2] == UInt8(ascii: ".")
      } ?? text.hasSuffix(".0")
    guard endsInPointZero else { return text }
    return String(decoding: text.utf8.dropLast(2), as: UTF8.self)
  }
}

extension NodeEncoder: SingleValueEncodingContainer {
  func encodeNil() throws { arena.set(node, .null) }
  func encode(_ value: Bool) throws { arena.set(node, value ? .true : .false) }
  func encode(_ value: String) throws { arena.set(node, .string, text: value) }
  func encode(_ value: Double) throws { try setNumber(value) }
  func encode(_ value: Float) throws { try setNumber(value) }
  func encode(_ value: Int) throws { setInteger(value) }
  func encode(_ value: Int8) throws { setInteger(value) }
  func encode(_ value: Int16) throws { setInteger(value) }
  func encode(_ value: Int32) throws { setInteger(value) }
  func encode(_ value: Int64) throws { setInteger(value) }
  func encode(_ value: UInt) throws { setInteger(value) }
  func encode(_ value: UInt8) throws { setInteger(value) }
  func encode(_ value: UInt16) throws { setInteger(value) }
  func encode(_ value: UInt32) throws { setInteger(value) }
  func encode(_ value: UInt64) throws { setInteger(value) }

  private func setInteger(_ value: some BinaryInteger) {
    arena.set(node, .number, text: String(value))
  }
}

/// A keyed container: each value a member of its object.
struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let arena: NodeArena
  let object: Int
  var codingPath: [any CodingKey] { arena.codingPath(of: object) }

  mutating func encodeNil(forKey key: Key) throws {
    set(key, arena.makeNode(parent: object, key: key, kind: .null))
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    set(key, try NodeEncoder.node(of: value, in: arena, container: object, key: key))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = arena.makeNode(parent: object, key: key, kind: .object)
    set(key, nested)
    return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(arena: arena, object: nested))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = arena.makeNode(parent: object, key: key, kind: .array)
    set(key, nested)
    return UnkeyedNodeContainer(arena: arena, array: nested)
  }

  /// An encoder whose value becomes the member `super`: `{}` until it encodes something. Its
  /// coding path is this container's.
  mutating func superEncoder() -> any Encoder {
    let value = arena.makeNode(parent: object, key: nil)
    arena.setMember(of: object, key: "super", to: value)
    return NodeEncoder(arena: arena, node: value)
  }

  /// An encoder whose value becomes the member `key`: `{}` until it encodes something.
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let value = arena.makeNode(parent: object, key: key)
    set(key, value)
    return NodeEncoder(arena: arena, node: value)
  }

  private func set(_ key: Key, _ value: Int) {
    arena.setMember(of: object, key: key.stringValue, to: value)
  }
}

/// An unkeyed container: each value the next item of its array.
struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
  let arena: NodeArena
  let array: Int
  var codingPath: [any CodingKey] { arena.codingPath(of: array) }
  var count: Int { arena.count(of: array) }

  mutating func encodeNil() throws {
    arena.appendItem(to: array, arena.makeNode(parent: array, key: nextKey, kind: .null))
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let item = try NodeEncoder.node(of: value, in: arena, container: array, key: nextKey)
    arena.appendItem(to: array, item)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = arena.makeNode(parent: array, key: nextKey, kind: .object)
    arena.appendItem(to: array, nested)
    return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(arena: arena, object: nested))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = arena.makeNode(parent: array, key: nextKey, kind: .array)
    arena.appendItem(to: array, nested)
    return UnkeyedNodeContainer(arena: arena, array: nested)
  }

  /// An encoder whose value becomes the next item: `{}` until it encodes something.
  mutating func superEncoder() -> any Encoder {
    let item = arena.makeNode(parent: array, key: nextKey)
    arena.appendItem(to: array, item)
    return NodeEncoder(arena: arena, node: item)
  }

  /// The key of the next item in a coding path.
  private var nextKey: ItemKey { ItemKey(count) }
}

/// The key of an array's item in a coding path.
struct ItemKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }
  init(_ index: Int) { intValue = index }
  init?(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}
