import MovieSearch

/// A page of results as a plain-text table: number, title, year, type, IMDb id.
enum ResultsTable {
  static let titleWidth = 46

  /// The rows numbered from `firstNumber`, with a header; titles longer than `titleWidth` are
  /// cut.
  static func render(
    _ movies: some Collection<Movie>, firstNumber: Int = 1, titleWidth: Int = titleWidth
  ) -> String {
    var lines = [
      row("#", "Title", "Year", "Type", "IMDb ID", titleWidth: titleWidth)
    ]
    for (offset, movie) in movies.enumerated() {
      lines.append(
        row(
          "\(firstNumber + offset)", movie.title, movie.year.map { "\($0)" } ?? "–",
          movie.kind.rawValue, movie.id, titleWidth: titleWidth))
    }
    return lines.joined(separator: "\n")
  }

  /// "page 1 of 34 (338 results)".
  static func pageLine(page: Int, pageCount: Int, totalResults: Int) -> String {
    let results = totalResults == 1 ? "1 result" : "\(totalResults) results"
    return "page \(page) of \(max(pageCount, 1)) (\(results))"
  }

  private static func row(
    _ number: String, _ title: String, _ year: String, _ kind: String, _ id: String,
    titleWidth: Int
  ) -> String {
    let parts = [
      padded(number, 3, alignRight: true), padded(truncated(title, titleWidth), titleWidth),
      padded(year, 9), padded(kind, 7), id,
    ]
    return parts.joined(separator: "  ")
  }

  /// `text`, cut to `width` characters with an ellipsis when it is longer.
  static func truncated(_ text: String, _ width: Int) -> String {
    guard width > 1 else { return String(text.prefix(max(width, 0))) }
    return text.count <= width ? text : String(text.prefix(width - 1)) + "…"
  }

  static func padded(_ text: String, _ width: Int, alignRight: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return alignRight ? padding + text : text + padding
  }
}
