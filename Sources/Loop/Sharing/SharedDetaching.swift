import Foundation

/// Copies of states that hold shared values, detached from them: what a replay keeps for each
/// step, so that stepping back shows each shared value as it was at that step — not as the
/// replay left it (every step's state refers to the same shared values otherwise).
///
/// A copy is the state encoded and decoded again (each ``Shared`` decodes to a value of its
/// own, those of equal keys one), so it needs a `Codable` state; a state that holds no shared
/// value is kept as it is.
enum SharedDetaching {
  /// How many shared values were encoded on this thread: tells whether a state holds any.
  nonisolated(unsafe) static var encodedCount = 0

  /// Whether `state` holds a shared value (encoding it once, when it is `Encodable`).
  static func holdsShared<State>(_ state: State) -> Bool {
    guard let encodable = state as? any Encodable else { return false }
    let before = encodedCount
    _ = try? JSONEncoder().encode(encodable)
    return encodedCount != before
  }

  /// `state`, encoded and decoded again; `nil` when it cannot be.
  static func detachedCopy<State>(of state: State) -> State? {
    guard let encodable = state as? any Encodable,
      let decodable = State.self as? any Decodable.Type,
      let data = try? JSONEncoder().encode(encodable)
    else { return nil }
    func decode<T: Decodable>(_ type: T.Type) -> State? {
      let decoder = JSONDecoder()
      decoder.userInfo[SharedDecoding.key] = SharedDecoding()
      return (try? decoder.decode(type, from: data)) as? State
    }
    return decode(decodable)
  }
}
