import Foundation

/// The year or years of a title, as OMDb writes them: `2005`, `1992–1995`, or `2010–` for a
/// series still running.
///
/// ```swift
/// let year = try Year(parsing: "1992–1995")  // .range(1992, 1995)
/// print(year)                                // 1992–1995
/// ```
public enum Year: Hashable, Sendable, Codable, CustomStringConvertible {
  /// One year: a film, or a series that ran for a single year.
  case single(Int)
  /// A closed range of years, first to last.
  case range(Int, Int)
  /// A series that started in this year and has not ended.
  case openRange(from: Int)

  /// Parses OMDb's spelling of a year. The separator is OMDb's en dash (U+2013); a hyphen or em
  /// dash is accepted too. Returns `nil` for anything else, `"N/A"` included.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public init?(parsing text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let parts = trimmed.split(
      omittingEmptySubsequences: false, whereSeparator: { "–—-".contains($0) })
    func year(_ part: Substring) -> Int? {
      guard part.count == 4, part.allSatisfy(\.isASCIIDigit) else { return nil }
      return Int(part)
    }
    switch parts.count {
    case 1:
      guard let single = year(parts[0]) else { return nil }
      self = .single(single)
    case 2:
      guard let first = year(parts[0]) else { return nil }
      if parts[1].isEmpty {
        self = .openRange(from: first)
      } else if let last = year(parts[1]), last >= first {
        self = .range(first, last)
      } else {
        return nil
      }
    default:
      return nil
    }
  }

  /// The first year.
  public var start: Int {
    switch self {
    case let .single(year), let .range(year, _), let .openRange(from: year): year
    }
  }

  /// OMDb's spelling, with an en dash: `2005`, `1992–1995`, `2010–`.
  public var description: String {
    switch self {
    case let .single(year): "\(year)"
    case let .range(first, last): "\(first)–\(last)"
    case let .openRange(from: first): "\(first)–"
    }
  }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
}
