/// Turns the bytes a terminal sends into ``Key``s: UTF-8 text, Return, Backspace, Escape and
/// the arrow keys' escape sequences. A pure state machine, fed one chunk of bytes at a time.
struct KeyDecoder {
  private enum Pending: Equatable {
    case none
    /// After ESC: the start of a sequence, or a lone Escape.
    case escape
    /// Inside `ESC [` or `ESC O`, until the final byte.
    case sequence
    /// Inside a multi-byte UTF-8 character.
    case text([UInt8], remaining: Int)
  }

  private var pending = Pending.none

  /// The keys in `bytes`, one chunk of what was read. An ESC at the end of a chunk is a lone
  /// Escape: terminals send a whole escape sequence at once.
  mutating func keys(in bytes: some Sequence<UInt8>) -> [Key] {
    var keys: [Key] = []
    for byte in bytes { feed(byte, into: &keys) }
    if pending == .escape {
      keys.append(.escape)
      pending = .none
    }
    return keys
  }

  private mutating func feed(_ byte: UInt8, into keys: inout [Key]) {
    switch pending {
    case .escape:
      if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") {
        pending = .sequence
        return
      }
      keys.append(.escape)
      pending = .none
    case .sequence:
      guard (0x40...0x7E).contains(byte) else { return }
      pending = .none
      switch byte {
      case UInt8(ascii: "A"): keys.append(.up)
      case UInt8(ascii: "B"): keys.append(.down)
      case UInt8(ascii: "C"): keys.append(.right)
      case UInt8(ascii: "D"): keys.append(.left)
      default: break
      }
      return
    case let .text(bytes, remaining):
      if byte & 0xC0 == 0x80 {
        let bytes = bytes + [byte]
        if remaining == 1 {
          pending = .none
          if let character = String(decoding: bytes, as: UTF8.self).first {
            keys.append(.character(character))
          }
        } else {
          pending = .text(bytes, remaining: remaining - 1)
        }
        return
      }
      pending = .none  // a broken sequence: drop it, read this byte afresh
    case .none:
      break
    }
    switch byte {
    case 0x03: keys.append(.interrupt)
    case 0x04: keys.append(.endOfInput)
    case 0x0A, 0x0D: keys.append(.enter)
    case 0x08, 0x7F: keys.append(.backspace)
    case 0x1B: pending = .escape
    case 0x20...0x7E: keys.append(.character(Character(Unicode.Scalar(byte))))
    case 0xC2...0xDF: pending = .text([byte], remaining: 1)
    case 0xE0...0xEF: pending = .text([byte], remaining: 2)
    case 0xF0...0xF4: pending = .text([byte], remaining: 3)
    default: break  // other control bytes
    }
  }
}
