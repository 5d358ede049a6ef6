import Foundation

// A shared value is encoded with its key, `{"shared": "memory:records", "value": …}`, so a
// recorded state holds it and a replay can start from it.

extension Shared: Encodable where Value: Encodable {
  public func encode(to encoder: any Encoder) throws {
    if MainQueue.isCurrent { SharedDetaching.encodedCount += 1 }
    var container = encoder.container(keyedBy: SharedCodingKey.self)
    try container.encode(rootKeyID, forKey: .shared)
    try container.encode(currentValue, forKey: .value)
  }
}

extension Shared: Decodable where Value: Decodable {
  /// A shared value as it was recorded: a value of its own, detached from the process's (a
  /// decoded log must not change the values a running app holds). The shared values of one
  /// decoded state with equal keys are one value, so a replay that starts from the state
  /// keeps them shared.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: SharedCodingKey.self)
    let id = try container.decode(String.self, forKey: .shared)
    let value = try container.decode(Value.self, forKey: .value)
    let decoding = decoder.userInfo[SharedDecoding.key] as? SharedDecoding
    if let slot = decoding?.slots[id] as? SharedSlot<Value> {
      self.init(storage: .root(slot))
      return
    }
    let slot = SharedSlot(
      key: SharedKey(id: id, persistence: nil, description: id), value: value,
      persistence: nil)
    decoding?.slots[id] = slot
    self.init(storage: .root(slot))
  }
}

/// The keys of an encoded shared value.
enum SharedCodingKey: String, CodingKey {
  case shared, value
}

/// The shared values one decoded state made, by key: set in a decoder's `userInfo` for the
/// span of one state, so that its shared values with equal keys are one.
package final class SharedDecoding: @unchecked Sendable {
  // NB: @unchecked: used by one decoding, on one thread.
  var slots: [String: any AnySharedSlot] = [:]

  package init() {}

  /// The `userInfo` key.
  package static let key = CodingUserInfoKey(rawValue: "Loop.SharedDecoding")!
}
