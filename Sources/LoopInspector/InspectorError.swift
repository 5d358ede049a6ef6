/// Why a session log cannot be made into a page: each names the file and the line.
package enum InspectorError: Error, Equatable, CustomStringConvertible {
  /// The file could not be read.
  case file(path: String, detail: String)
  /// Line `line` is not what a session log has there.
  case invalidLine(file: String, line: Int, detail: String)
  /// The log is of a format this inspector does not know.
  case newerFormat(file: String, version: Int, supported: Int)

  package var description: String {
    switch self {
    case let .file(path, detail): "\(path): \(detail)"
    case let .invalidLine(file, line, detail): "\(file): line \(line): \(detail)"
    case let .newerFormat(file, version, supported):
      "\(file): the log is of format \(version); this loop-inspect reads formats up to \(supported). "
        + "To fix, use the loop-inspect of the Loop that recorded it."
    }
  }
}
