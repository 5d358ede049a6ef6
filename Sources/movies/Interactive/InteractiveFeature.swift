import Foundation
import Loop
import MovieSearch

/// The interactive mode's logic: key presses in, ``MoviesFeature`` actions out.
///
/// While typing, every key edits the query and the movies feature searches once typing
/// pauses; Return stops typing. Then `n`/`p` page, a row number opens details, `/` (or any
/// other letter) starts a new search, `r` retries a failure that asking again could mend, `q`
/// quits. A screen shows as many rows as the terminal has room for, at most ten.
///
/// Before the first key, the screen lists the recent searches (``State/recent``) and a number
/// picks one; ``InteractiveSession`` keeps each search the user settles on with them, as the
/// command line's are (`movies --recent`).
enum InteractiveFeature {
  struct State: Equatable, Sendable, Codable {
    var movies = MoviesFeature.State()
    /// Whether keys edit the query.
    var isTyping = true
    /// The screen of rows shown, from 1 (``rowsPerScreen`` rows each).
    var shownPage = 1
    /// A row number being typed.
    var digits = ""
    /// A one-line message about the last key.
    var notice: String?
    /// Whether the user asked to quit.
    var isFinished = false
    /// The terminal the screen is drawn on, or `nil` from a pipe (ten rows, any width).
    var terminal: TerminalSize?
    /// The searches run before this session, newest first (``RecentSearches``), to pick from.
    var recent: [String] = []
    /// Whether a key has been typed: until then, a number picks a recent search.
    var hasTyped = false

    init() {}

    private enum CodingKeys: String, CodingKey {
      case movies, isTyping, shownPage, digits, notice, isFinished, terminal, recent, hasTyped
    }

    /// A recorded state; one recorded before the recent searches were kept has none.
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      movies = try container.decode(MoviesFeature.State.self, forKey: .movies)
      isTyping = try container.decode(Bool.self, forKey: .isTyping)
      shownPage = try container.decode(Int.self, forKey: .shownPage)
      digits = try container.decode(String.self, forKey: .digits)
      notice = try container.decodeIfPresent(String.self, forKey: .notice)
      isFinished = try container.decode(Bool.self, forKey: .isFinished)
      terminal = try container.decodeIfPresent(TerminalSize.self, forKey: .terminal)
      recent = try container.decodeIfPresent([String].self, forKey: .recent) ?? []
      hasTyped = try container.decodeIfPresent(Bool.self, forKey: .hasTyped) ?? true
    }

    /// The recent search a number key picks now, if it picks one.
    func recentSearch(picked key: Key) -> String? {
      guard !hasTyped, isTyping, movies.query.isEmpty, case let .character(digit) = key,
        let number = digit.wholeNumberValue, number >= 1, number <= recent.count
      else { return nil }
      return recent[number - 1]
    }

    /// How many rows a screen shows: ten, or fewer on a short terminal.
    var rowsPerScreen: Int { InteractiveScreen.tableRows(fitting: terminal) }

    /// The index in the results of the first row on screen.
    var firstShownIndex: Int { (shownPage - 1) * rowsPerScreen }

    /// The rows on screen.
    var shownRows: ArraySlice<Movie> {
      let start = firstShownIndex
      guard start < movies.results.count else { return [] }
      return movies.results[start..<min(start + rowsPerScreen, movies.results.count)]
    }

    /// The OMDb page number of the first row on screen.
    var shownPageNumber: Int { movies.firstPage + firstShownIndex / SearchPage.size }

    /// Whether the results on screen answer the query as it stands, so that asking again
    /// would only repeat the request: the last search was for this query and it is over,
    /// without a failure that asking again could mend.
    var isQueryAnswered: Bool {
      guard let request = movies.lastSearch, request.query == movies.query,
        request.kind == movies.kind, !movies.isLoading, !movies.isLoadingNextPage
      else { return false }
      return !(movies.searchError?.isRetryable ?? false)
    }
  }

  enum Action: Equatable, Sendable, Codable {
    case key(Key)
    case movies(MoviesFeature.Action)
    /// The terminal changed size: the screen keeps its first row and fits the new size.
    case resized(TerminalSize)
  }

  static let reducer = Reducer<State, Action, MoviesEnvironment> { state, action, environment in
    func movies(_ action: MoviesFeature.Action) -> Effect<Action> {
      child(action, &state, environment)
    }
    switch action {
    case let .movies(action):
      return movies(action)
    case let .resized(size):
      let first = state.firstShownIndex
      state.terminal = size
      state.shownPage = first / state.rowsPerScreen + 1
      return .none
    case let .key(key):
      state.notice = nil
      if key == .interrupt || key == .endOfInput {
        state.isFinished = true
        return .none
      }
      if let alert = state.movies.details?.alert {
        if key == .character("q") {
          state.isFinished = true
          return .none
        }
        guard let button = InteractiveFeature.button(of: alert, for: key) else { return .none }
        return movies(
          .details(.presented(.alert(button.action.map { .presented($0) } ?? .dismiss))))
      }
      if state.movies.details != nil {
        switch key {
        case .character("q"):
          state.isFinished = true
          return .none
        case .character("r") where state.movies.details?.error?.isRetryable == true:
          return movies(.retry)
        case .enter, .escape, .backspace, .left, .character("b"):
          return movies(.details(.dismiss))
        default:
          return .none
        }
      }
      defer { state.hasTyped = true }
      if let query = state.recentSearch(picked: key) {
        state.isTyping = false
        state.shownPage = 1
        state.movies.query = query
        return movies(.searchSubmitted(page: 1))
      }
      if state.isTyping {
        switch key {
        case let .character(character):
          state.shownPage = 1
          return movies(.queryChanged(state.movies.query + String(character)))
        case .backspace:
          state.shownPage = 1
          return movies(.queryChanged(String(state.movies.query.dropLast())))
        case .enter:
          state.isTyping = false
          guard !state.movies.query.trimmingCharacters(in: .whitespaces).isEmpty,
            !state.isQueryAnswered
          else { return .none }
          state.shownPage = 1
          return movies(.searchSubmitted(page: 1))
        case .escape:
          state.isTyping = false
          return .none
        default:
          return .none
        }
      }
      switch key {
      case let .character(digit) where digit.isASCII && digit.isNumber:
        state.digits.append(digit)
        // NB: Opens at once when no further digit could make a row number ("2" of ten rows);
        // otherwise ("1" of ten) waits for Return or the next digit.
        if let number = Int(state.digits), number * 10 > state.shownRows.count {
          return open(row: number, &state, environment)
        }
        return .none
      case .enter:
        guard let number = Int(state.digits) else { return .none }
        return open(row: number, &state, environment)
      case .backspace where !state.digits.isEmpty:
        state.digits.removeLast()
        return .none
      case .escape:
        state.digits = ""
        return .none
      case .character("q"):
        state.isFinished = true
        return .none
      case .character("n"), .right, .down:
        state.digits = ""
        return nextPage(&state, environment)
      case .character("p"), .left, .up:
        state.digits = ""
        if state.shownPage > 1 {
          state.shownPage -= 1
        } else {
          state.notice = "This is the first page."
        }
        return .none
      case .character("r"):
        guard state.movies.searchError?.isRetryable == true else { return .none }
        return movies(.retry)
      case .character("/"):
        state.digits = ""
        state.isTyping = true
        state.shownPage = 1
        return movies(.queryChanged(""))
      case .backspace:
        state.isTyping = true
        state.shownPage = 1
        return movies(.queryChanged(String(state.movies.query.dropLast())))
      case let .character(character):
        state.digits = ""
        state.isTyping = true
        state.shownPage = 1
        return movies(.queryChanged(String(character)))
      default:
        return .none
      }
    }
  }

  /// The button of `alert` that `key` taps: the one whose label starts with the letter typed,
  /// Return for the first that is not a cancel button, Esc (or Backspace, or ←) for the cancel
  /// button.
  static func button<Action>(of alert: AlertState<Action>, for key: Key) -> ButtonState<Action>? {
    switch key {
    case let .character(character):
      return alert.buttons.first {
        $0.label.lowercased().first == Character(character.lowercased())
      }
    case .enter:
      return alert.buttons.first { $0.role != .cancel }
    case .escape, .backspace, .left:
      return alert.buttons.first { $0.role == .cancel }
    default:
      return nil
    }
  }

  /// Runs the movies feature on `action` in place: a key's work happens in the same send.
  private static func child(
    _ action: MoviesFeature.Action, _ state: inout State, _ environment: MoviesEnvironment
  ) -> Effect<Action> {
    MoviesFeature.reducer.reduce(into: &state.movies, action: action, environment: environment)
      .map(Action.movies)
  }

  private static func open(
    row number: Int, _ state: inout State, _ environment: MoviesEnvironment
  ) -> Effect<Action> {
    state.digits = ""
    let rows = state.shownRows
    guard number >= 1, number <= rows.count else {
      state.notice = "There is no row \(number) on this page."
      return .none
    }
    return child(.movieSelected(imdbID: rows[rows.startIndex + number - 1].id), &state, environment)
  }

  private static func nextPage(_ state: inout State, _ environment: MoviesEnvironment)
    -> Effect<Action>
  {
    let nextStart = state.shownPage * state.rowsPerScreen
    if nextStart < state.movies.results.count {
      state.shownPage += 1
      // NB: A screen that runs past the loaded rows (seven to a screen, say) loads the next
      // page to fill it.
      guard nextStart + state.rowsPerScreen > state.movies.results.count,
        state.movies.hasNextPage, !state.movies.isLoading, !state.movies.isLoadingNextPage
      else { return .none }
      return child(.loadNextPage, &state, environment)
    }
    guard state.movies.hasNextPage, !state.movies.isLoadingNextPage else {
      state.notice = state.movies.isLoadingNextPage ? nil : "This is the last page."
      return .none
    }
    state.shownPage += 1
    return child(.loadNextPage, &state, environment)
  }
}
