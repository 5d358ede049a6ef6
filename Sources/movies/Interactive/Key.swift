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
