/// One key press, as the interactive mode understands it.
enum Key: Equatable, Sendable {
  case character(Character)
  case enter
  case backspace
  case escape
  case left
  case right
  case up
  case down
  /// Control-C.
  case interrupt
  /// Control-D, or the end of the input.
  case endOfInput
}

/// Keys encode as their case, a character as a one-character string: a recorded interactive
/// session holds every key the user pressed.
extension Key: Codable {
  private enum Coded: Codable {
    case character(String)
    case enter, backspace, escape, left, right, up, down, interrupt, endOfInput
  }

  init(from decoder: any Decoder) throws {
    let coded = try Coded(from: decoder)
    switch coded {
    case let .character(text):
      guard text.count == 1, let character = text.first else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "A key's character is one character, not \"\(text)\""))
      }
      self = .character(character)
    case .enter: self = .enter
    case .backspace: self = .backspace
    case .escape: self = .escape
    case .left: self = .left
    case .right: self = .right
    case .up: self = .up
    case .down: self = .down
    case .interrupt: self = .interrupt
    case .endOfInput: self = .endOfInput
    }
  }

  func encode(to encoder: any Encoder) throws {
    let coded: Coded =
      switch self {
      case let .character(character): .character(String(character))
      case .enter: .enter
      case .backspace: .backspace
      case .escape: .escape
      case .left: .left
      case .right: .right
      case .up: .up
      case .down: .down
      case .interrupt: .interrupt
      case .endOfInput: .endOfInput
      }
    try coded.encode(to: encoder)
  }
}
