import LoopTesting

/// Seeded random edits of a valid input, for the readers of outside data: bytes removed,
/// replaced or cut off the end, and hostile snippets put in.
enum SeededMutation {
  /// `bytes` with a few random edits, each one of: a byte removed, a snippet inserted, a byte
  /// replaced by any byte, up to 40 bytes cut off the end.
  static func mutate(
    _ bytes: [UInt8], inserting snippets: [[UInt8]], edits: ClosedRange<Int>,
    using random: inout SeededRandom
  ) -> [UInt8] {
    var bytes = bytes
    for _ in 0..<Int.random(in: edits, using: &random) {
      let at = Int.random(in: 0...bytes.count, using: &random)
      switch Int.random(in: 0..<4, using: &random) {
      case 0 where at < bytes.count: bytes.remove(at: at)
      case 1: bytes.insert(contentsOf: snippets.randomElement(using: &random) ?? [], at: at)
      case 2 where at < bytes.count: bytes[at] = UInt8.random(in: 0...255, using: &random)
      default: bytes.removeLast(Int.random(in: 0...min(40, bytes.count), using: &random))
      }
    }
    return bytes
  }
}
