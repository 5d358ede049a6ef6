import MovieSearch

/// A page of results as a plain-text table: number, title, year, type, IMDb id.
enum ResultsTable {
  static let titleWidth = 46

  /// The rows numbered from `firstNumber`, with a header.
  static func render(_ movies: some Collection<Movie>, firstNumber: Int = 1) -> String {
    var lines = [
      row("#", "Title", "Year", "Type", "IMDb ID")
    ]
    for (offset, movie) in movies.enumerated() {
      lines.append(
        row(
          "\(firstNumber + offset)", movie.title, movie.year.map { "\($0)" } ?? "–",
          movie.kind.rawValue, movie.id))
    }
    return lines.joined(separator: "\n")
  }

  /// "page 1 of 34 (338 results)".
  static func pageLine(page: Int, pageCount: Int, totalResults: Int) -> String {
    let results = totalResults == 1 ? "1 result" : "\(totalResults) results"
    return "page \(page) of \(max(pageCount, 1)) (\(results))"
  }

  private static func row(
    _ number: String, _ title: String, _ year: String, _ kind: String, _ id: String
  ) -> String {
    let parts = [
      padded(number, 3, alignRight: true), padded(truncated(title, titleWidth), titleWidth),
      padded(year, 9), padded(kind, 7), id,
    ]
    return parts.joined(separator: "  ")
  }

  static func truncated(_ text: String, _ width: Int) -> String {
    text.count <= width ? text : String(text.prefix(width - 1)) + "…"
  }

  static func padded(_ text: String, _ width: Int, alignRight: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return alignRight ? padding + text : text + padding
  }
}
