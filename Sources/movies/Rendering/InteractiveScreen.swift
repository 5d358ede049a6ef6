import MovieSearch

/// The interactive mode's screen, drawn from its state alone.
enum InteractiveScreen {
  static let spinnerFrames: [Character] = ["|", "/", "-", "\\"]

  static func render(_ state: InteractiveFeature.State, sourceName: String, tick: Int = 0) -> String
  {
    let spinner = spinnerFrames[tick % spinnerFrames.count]
    let movies = state.movies
    var lines = ["movies · \(sourceName) · \(MoviesCommand.credit)", ""]
    if let screen = movies.details {
      if let details = screen.movie {
        lines.append(DetailsView.render(details))
      } else if screen.isLoading {
        lines.append("\(spinner) Loading details…")
      } else if let error = screen.error {
        lines.append("Details failed: \(error).")
      }
      lines += ["", "Return or Esc: back · r: retry · q: quit"]
      return lines.joined(separator: "\n")
    }
    let cursor = state.isTyping ? "_" : ""
    lines.append("Search: \(movies.query)\(cursor)")
    lines.append("")
    if movies.isLoading || (movies.isLoadingNextPage && state.shownRows.isEmpty) {
      lines.append("\(spinner) Searching…")
    } else if let error = movies.searchError {
      lines.append(
        error == .notFound
          ? "No title matches \"\(movies.query)\"."
          : "The search failed: \(error). Press r to retry.")
    } else if !state.shownRows.isEmpty {
      let first = (state.shownPage - 1) * SearchPage.size + 1
      lines.append(ResultsTable.render(state.shownRows, firstNumber: 1))
      lines.append("")
      lines.append(
        ResultsTable.pageLine(
          page: state.shownPageNumber, pageCount: movies.pageCount,
          totalResults: movies.totalResults)
          + " · results \(first)–\(first + state.shownRows.count - 1)")
    } else if movies.query.isEmpty {
      lines.append("Type a title to search.")
    }
    if let notice = state.notice { lines += ["", notice] }
    if !state.digits.isEmpty { lines += ["", "Row \(state.digits)… (Return to open)"] }
    lines.append("")
    let rows = state.shownRows.count
    lines.append(
      state.isTyping
        ? "Type to search · Return: done typing · Control-C: quit"
        : rows == 0
          ? "/: new search · q: quit"
          : "n/p: next/previous page · 1–\(rows): details · /: new search · q: quit")
    return lines.joined(separator: "\n")
  }
}
