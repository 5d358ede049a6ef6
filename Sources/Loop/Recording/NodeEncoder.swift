import Foundation

/// A JSON value as ``SessionLineEncoder`` builds it before writing it: an object's members
/// and an array's items live in a reference, so that a container can add to them after it is
/// handed out, as `Encoder` containers do.
enum Node {
  case null
  case bool(Bool)
  /// A number, already written as JSON.
  case number(String)
  case string(String)
  case array(NodeArray)
  case object(NodeObject)
}

final class NodeArray {
  var items: [Node] = []
}

final class NodeObject {
  var members: [(key: String, value: Node)] = []

  init() { members.reserveCapacity(4) }

  /// Sets `key` to `value`; a key set twice keeps its last value, as `JSONEncoder` does.
  func set(_ key: String, _ value: Node) {
    if let index = members.firstIndex(where: { $0.key == key }) {
      members[index].value = value
    } else {
      members.append((key, value))
    }
  }
}

/// The `Encoder` that builds a ``Node``: one per value, its result in ``node``.
final class NodeEncoder: Encoder {
  /// The path to the container this value is in, and its key there: the value's own path is
  /// made only when something asks for it (an error, a nested container).
  private let parentPath: [any CodingKey]
  private let key: (any CodingKey)?
  var codingPath: [any CodingKey] { key.map { parentPath + [$0] } ?? parentPath }
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  /// What the value encoded: `nil` until it asks for a container or encodes a single value.
  var node: Node? {
    didSet { if let node, let slot { slot(node) } }
  }
  /// Where a `superEncoder`'s node goes, each time it is set: a member or an item of its
  /// parent's container.
  private let slot: ((Node) -> Void)?

  init(codingPath: [any CodingKey], key: (any CodingKey)? = nil, slot: ((Node) -> Void)? = nil) {
    self.parentPath = codingPath
    self.key = key
    self.slot = slot
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let object: NodeObject
    if case .object(let existing)? = node {
      object = existing
    } else {
      object = NodeObject()
      node = .object(object)
    }
    return KeyedEncodingContainer(KeyedNodeContainer(object: object, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let array: NodeArray
    if case .array(let existing)? = node {
      array = existing
    } else {
      array = NodeArray()
      node = .array(array)
    }
    return UnkeyedNodeContainer(array: array, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  /// Encodes `value` as this encoder's node: the types `JSONEncoder` writes its own way by
  /// default, and everything else through its `encode(to:)`.
  func encode<T: Encodable>(_ value: T) throws {
    // NB: Compared by type first, which costs nothing, so that the other values take no
    // dynamic cast.
    if T.self == Date.self, let date = value as? Date {
      node = try Self.number(date.timeIntervalSinceReferenceDate, codingPath)
    } else if T.self == Data.self, let data = value as? Data {
      node = .string(data.base64EncodedString())
    } else if T.self == URL.self, let url = value as? URL {
      node = .string(url.absoluteString)
    } else if T.self == Decimal.self, let decimal = value as? Decimal {
      node = .number(decimal.description)
    } else {
      try value.encode(to: self)
    }
  }

  /// `value` as a child's node, at `key` of a container at `codingPath`: what it encoded, `{}`
  /// if it encoded nothing (as `JSONEncoder`).
  static func node<T: Encodable>(
    of value: T, at codingPath: [any CodingKey], key: any CodingKey
  ) throws -> Node {
    // NB: The commonest leaves take no encoder of their own: compared by type first, which
    // costs nothing, so that other values take no dynamic cast.
    if T.self == String.self, let string = value as? String { return .string(string) }
    if T.self == Int.self, let int = value as? Int { return .number(String(int)) }
    if T.self == Bool.self, let bool = value as? Bool { return .bool(bool) }
    if T.self == Double.self, let double = value as? Double {
      return try number(double, codingPath + [key])
    }
    let encoder = NodeEncoder(codingPath: codingPath, key: key)
    try encoder.encode(value)
    return encoder.node ?? .object(NodeObject())
  }

  /// A floating-point number as `JSONEncoder` writes it: its shortest description, without a
  /// trailing `.0`; a value that is not finite is refused.
  static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: F, _ codingPath: @autoclosure () -> [any CodingKey]
  ) throws -> Node {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: codingPath(),
          debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
    }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return .number(text)
  }
}

extension NodeEncoder: SingleValueEncodingContainer {
  func encodeNil() throws { node = .null }
  func encode(_ value: Bool) throws { node = .bool(value) }
  func encode(_ value: String) throws { node = .string(value) }
  func encode(_ value: Double) throws { node = try Self.number(value, codingPath) }
  func encode(_ value: Float) throws { node = try Self.number(value, codingPath) }
  func encode(_ value: Int) throws { node = .number(String(value)) }
  func encode(_ value: Int8) throws { node = .number(String(value)) }
  func encode(_ value: Int16) throws { node = .number(String(value)) }
  func encode(_ value: Int32) throws { node = .number(String(value)) }
  func encode(_ value: Int64) throws { node = .number(String(value)) }
  func encode(_ value: UInt) throws { node = .number(String(value)) }
  func encode(_ value: UInt8) throws { node = .number(String(value)) }
  func encode(_ value: UInt16) throws { node = .number(String(value)) }
  func encode(_ value: UInt32) throws { node = .number(String(value)) }
  func encode(_ value: UInt64) throws { node = .number(String(value)) }
}

/// A keyed container: each value a member of its object.
struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let object: NodeObject
  let codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws { object.set(key.stringValue, .null) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    object.set(key.stringValue, try NodeEncoder.node(of: value, at: codingPath, key: key))
  }

  // The commonest members, written without an encoder of their own.
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    object.set(key.stringValue, .bool(value))
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    object.set(key.stringValue, .string(value))
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    object.set(key.stringValue, .number(String(value)))
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    object.set(key.stringValue, try NodeEncoder.number(value, codingPath + [key]))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = NodeObject()
    object.set(key.stringValue, .object(nested))
    return KeyedEncodingContainer(
      KeyedNodeContainer<NestedKey>(object: nested, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = NodeArray()
    object.set(key.stringValue, .array(nested))
    return UnkeyedNodeContainer(array: nested, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    superEncoder(key: "super", codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    superEncoder(key: key.stringValue, codingPath: codingPath + [key])
  }

  /// An encoder whose value becomes the member `key`: `{}` until it encodes something.
  private func superEncoder(key: String, codingPath: [any CodingKey]) -> any Encoder {
    object.set(key, .object(NodeObject()))
    return NodeEncoder(codingPath: codingPath) { [object] in object.set(key, $0) }
  }
}

/// An unkeyed container: each value the next item of its array.
struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
  let array: NodeArray
  let codingPath: [any CodingKey]
  var count: Int { array.items.count }

  mutating func encodeNil() throws { array.items.append(.null) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    array.items.append(try NodeEncoder.node(of: value, at: codingPath, key: ItemKey(count)))
  }

  // The commonest items, written without an encoder of their own.
  mutating func encode(_ value: Bool) throws { array.items.append(.bool(value)) }
  mutating func encode(_ value: String) throws { array.items.append(.string(value)) }
  mutating func encode(_ value: Int) throws { array.items.append(.number(String(value))) }
  mutating func encode(_ value: Double) throws {
    array.items.append(try NodeEncoder.number(value, codingPath + [ItemKey(count)]))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = NodeObject()
    let path = codingPath + [ItemKey(count)]
    array.items.append(.object(nested))
    return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(object: nested, codingPath: path))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = NodeArray()
    let path = codingPath + [ItemKey(count)]
    array.items.append(.array(nested))
    return UnkeyedNodeContainer(array: nested, codingPath: path)
  }

  mutating func superEncoder() -> any Encoder {
    let index = count
    array.items.append(.object(NodeObject()))
    return NodeEncoder(codingPath: codingPath + [ItemKey(index)]) { [array] in
      array.items[index] = $0
    }
  }
}

/// The key of an array's item in a coding path.
struct ItemKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }
  init(_ index: Int) { intValue = index }
  init?(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}
