import Loop
import MovieSearch

/// The interactive mode's screen, drawn from its state alone.
///
/// From a pipe (no ``InteractiveFeature/State/terminal``) it is the full layout with ten rows.
/// On a terminal it fits the terminal: every line is cut to its width, the table's title column
/// narrows, and a terminal shorter than ``tallRows`` gets the compact layout, without blank
/// lines and with as many rows as fit.
enum InteractiveScreen {
  static let spinnerFrames: [Character] = ["|", "/", "-", "\\"]

  /// The fewest terminal rows the full layout fits in: 9 lines around the table, 10 rows, and
  /// a notice or a row number being typed.
  static let tallRows = 24

  /// The lines of the compact layout besides the table's rows: header, search, table header,
  /// page line, one line for a notice, help.
  static let compactLines = 6

  /// How many table rows a screen shows on `terminal`: ten from a pipe or on a tall terminal,
  /// otherwise as many as fit beside the compact layout's other lines.
  static func tableRows(fitting terminal: TerminalSize?) -> Int {
    guard let terminal, terminal.rows < tallRows else { return SearchPage.size }
    return min(max(terminal.rows - compactLines, 1), SearchPage.size)
  }

  static func render(_ state: InteractiveFeature.State, sourceName: String, tick: Int = 0) -> String
  {
    let lines = body(state, sourceName: sourceName, tick: tick)
    guard let terminal = state.terminal else { return lines.joined(separator: "\n") }
    // NB: Some parts (the table) are several lines in one string: cut each line.
    return lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
      .map { ResultsTable.truncated(String($0), terminal.columns) }.joined(separator: "\n")
  }

  private static func body(_ state: InteractiveFeature.State, sourceName: String, tick: Int)
    -> [String]
  {
    let spinner = spinnerFrames[tick % spinnerFrames.count]
    let movies = state.movies
    let terminal = state.terminal
    let isCompact = terminal.map { $0.rows < tallRows } ?? false
    // NB: The compact layout drops the blank lines between parts.
    let gap: [String] = isCompact ? [] : [""]
    var lines = ["movies · \(sourceName) · \(MoviesCommand.credit)"] + gap
    if let screen = movies.details {
      var body: [String] = []
      if let details = screen.movie {
        body = DetailsView.render(details, width: terminal?.columns ?? 80)
          .components(separatedBy: "\n")
      } else if screen.isLoading {
        body = ["\(spinner) Loading details…"]
      } else if let error = screen.error {
        body = DetailsView.wrap("Details failed: \(error).", width: terminal?.columns ?? 80)
      }
      let canRetry = screen.error?.isRetryable == true
      var help =
        canRetry ? "Return or Esc: back · r: retry · q: quit" : "Return or Esc: back · q: quit"
      if let alert = screen.alert {
        body = alertBox(alert, width: terminal?.columns ?? 80)
        help = alertHelp(alert)
      }
      // NB: Lines past the terminal's height would scroll the header away: cut the body.
      if let terminal, body.count > terminal.rows - lines.count - 2 {
        body =
          body.prefix(max(terminal.rows - lines.count - 3, 0))
          + ["… (a taller terminal shows the rest)"]
      }
      return lines + body + ["", help]
    }
    let cursor = state.isTyping ? "_" : ""
    lines.append("Search: \(movies.query)\(cursor)")
    lines += gap
    if movies.isLoading || (movies.isLoadingNextPage && state.shownRows.isEmpty) {
      lines.append("\(spinner) Searching…")
    } else if let error = movies.searchError {
      lines.append(
        error == .notFound
          ? "No title matches \"\(movies.query)\"."
          : error.isRetryable
            ? "The search failed: \(error). Press r to retry."
            : "The search failed: \(error).")
    } else if !state.shownRows.isEmpty {
      let first = state.firstShownIndex + 1
      let titleWidth = terminal.map { min(max($0.columns - 37, 8), ResultsTable.titleWidth) }
      lines.append(
        ResultsTable.render(
          state.shownRows, firstNumber: 1, titleWidth: titleWidth ?? ResultsTable.titleWidth))
      lines += gap
      lines.append(
        ResultsTable.pageLine(
          page: state.shownPageNumber, pageCount: movies.pageCount,
          totalResults: movies.totalResults)
          + " · results \(first)–\(first + state.shownRows.count - 1)")
    } else if movies.query.isEmpty, !state.hasTyped, !state.recent.isEmpty {
      lines.append("Type a title to search, or a number for a recent search:")
      for (index, query) in state.recent.prefix(9).enumerated() {
        lines.append("  \(index + 1). \(query)")
      }
    } else if movies.query.isEmpty {
      lines.append("Type a title to search.")
    }
    var notices: [String] = []
    if let notice = state.notice { notices.append(notice) }
    if !state.digits.isEmpty { notices.append("Row \(state.digits)… (Return to open)") }
    if isCompact {
      lines += notices.suffix(1)
    } else {
      for notice in notices { lines += ["", notice] }
    }
    lines += gap
    lines.append(help(state, width: terminal?.columns))
    return lines
  }

  /// An alert drawn as a box: its title, its message wrapped to `width`, and its buttons, each
  /// with the key that taps it.
  static func alertBox<Action>(_ alert: AlertState<Action>, width: Int) -> [String] {
    let message = alert.message.map { DetailsView.wrap($0, width: max(width - 2, 10)) } ?? []
    let buttons = alert.buttons.map { button in
      "[\(button.label.lowercased().prefix(1))] \(button.label)"
    }
    return ["┌ \(alert.title)"] + message.map { "│ \($0)" } + [
      "└ " + buttons.joined(separator: "  ")
    ]
  }

  /// What Return and Esc do while an alert is shown.
  static func alertHelp<Action>(_ alert: AlertState<Action>) -> String {
    var keys: [String] = []
    if let first = alert.buttons.first(where: { $0.role != .cancel }) {
      keys.append("Return: \(first.label.lowercased())")
    }
    if let cancel = alert.buttons.first(where: { $0.role == .cancel }) {
      keys.append("Esc: \(cancel.label.lowercased())")
    }
    return (keys + ["q: quit"]).joined(separator: " · ")
  }

  /// The keys that work now, shortened when the full text is wider than `width`.
  private static func help(_ state: InteractiveFeature.State, width: Int?) -> String {
    let rows = state.shownRows.count
    let canRetry = state.movies.searchError?.isRetryable == true
    let retry = canRetry ? " · r: retry" : ""
    let (full, short) =
      state.isTyping
      ? ("Type to search · Return: done typing · Control-C: quit", "Type · Return: done · ^C: quit")
      : rows == 0
        ? ("/: new search\(retry) · q: quit", "/: search\(retry) · q: quit")
        : (
          "n/p: next/previous page · 1–\(rows): details · /: new search · q: quit",
          "n/p: page · 1–\(rows): open · /: search · q: quit"
        )
    guard let width, full.count > width else { return full }
    return short
  }
}
