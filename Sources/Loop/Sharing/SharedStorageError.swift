import Foundation

/// Why a value kept in storage could not be loaded or saved.
///
/// ```swift
/// do {
///   favorites = try storage.load() ?? []
/// } catch let .corrupt(file, keptAt, reason) {
///   print("\(file.lastPathComponent) could not be read (\(reason)); kept at \(keptAt.path)")
/// }
/// ```
///
/// A file that cannot be decoded is never overwritten: it is moved aside first, and the error
/// says where, so nothing a user saved is lost to a bad write or a newer format.
public enum SharedStorageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file is there but is not the value's JSON (cut off, another format, another type).
  /// It was moved to `keptAt`, next to where it was.
  case corrupt(file: URL, keptAt: URL, reason: String)
  /// The file could not be read or written (permissions, a missing folder, a full disk).
  case unavailable(file: URL, reason: String)

  public var description: String {
    switch self {
    case let .corrupt(file, keptAt, reason):
      """
      \(file.path) does not hold a value this app can read (\(reason)). It was kept, \
      untouched, at \(keptAt.path), and the app starts from its default.
      """
    case let .unavailable(file, reason):
      "\(file.path) could not be read or written: \(reason)."
    }
  }
}
