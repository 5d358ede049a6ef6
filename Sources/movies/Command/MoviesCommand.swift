import Foundation
import Loop
import MovieSearch

/// The `movies` command: parses the command line, chooses the source, and runs one search,
/// one title's details, or the interactive mode, all through a `Store` of ``MoviesFeature``.
@MainActor
enum MoviesCommand {
  /// The credit OMDb's data asks for.
  nonisolated static let credit = "Data: OMDb API (omdbapi.com)"

  /// Runs the command and returns the exit status: 0, 1 when the service fails, 2 for a bad
  /// command line.
  static func run(
    arguments: [String], environment: [String: String], console: Console = .standard,
    input: KeyInput = .standard
  ) async -> Int32 {
    let parsed: Arguments
    let source: MovieSource
    do {
      parsed = try Arguments.parse(arguments)
      switch parsed.mode {
      case .help:
        console.line(Arguments.help)
        return 0
      case let .replay(path):
        return SessionReplay.run(path: path, console: console)
      case .recent:
        let recent = RecentSearches.shared(environment: environment).wrappedValue
        console.line(
          recent.isEmpty
            ? "No recent searches."
            : recent.enumerated().map { "\($0 + 1). \($1)" }.joined(
              separator: "\n"))
        return 0
      default:
        break
      }
      source = try MovieSource.choose(environment: environment, offline: parsed.offline)
    } catch {
      console.errorLine("movies: \(error) (see movies --help)")
      return 2
    }
    console.errorLine(source.notice)
    let moviesEnvironment = MoviesEnvironment(movies: source.service, clock: ContinuousClock())
    let record = parsed.record.map { URL(fileURLWithPath: $0) }
    do {
      switch parsed.mode {
      case let .search(query):
        // NB: Kept whatever the search finds (a search for nothing is still one a user ran),
        // and written before the command exits.
        let recent = RecentSearches.shared(environment: environment)
        RecentSearches.record(query, in: recent)
        defer { flush(recent, console) }
        return await search(
          query, page: parsed.page, kind: parsed.kind, moviesEnvironment, console,
          recorder: try recorder(SessionReplay.searchName, record, hiding: source.secrets))
      case let .details(id):
        return await details(
          id, moviesEnvironment, console,
          recorder: try recorder(SessionReplay.detailsName, record, hiding: source.secrets))
      case .interactive:
        return await InteractiveSession(
          environment: moviesEnvironment, console: console, input: input,
          sourceName: source.name,
          recorder: try recorder(SessionReplay.interactiveName, record, hiding: source.secrets),
          recent: RecentSearches.shared(environment: environment),
          inspectPort: parsed.inspect, secrets: source.secrets
        ).run()
      case .help, .replay, .recent:
        return 0
      }
    } catch {
      console.errorLine("movies: \(error)")
      return 1
    }
  }

  /// Writes the recent searches now, saying so if that fails (the search itself stands).
  static func flush(_ recent: Shared<[String]>, _ console: Console) {
    do {
      try recent.flush()
    } catch {
      console.errorLine("movies: the recent searches were not saved: \(error)")
    }
  }

  /// A recorder writing to `url`, if the command line asked for one, that writes `•••` for
  /// each of `secrets` (the API key) wherever an action or a state holds it: a key pasted into
  /// a search, say. A key typed one key press at a time in the interactive mode is hidden in
  /// the states, not in the key presses.
  static func recorder<
    State: Codable & SendableMetatype, Action: Codable & SendableMetatype
  >(_ name: String, _ url: URL?, hiding secrets: [String])
    throws(SessionLogError) -> SessionRecorder<State, Action>?
  {
    guard let url else { return nil }
    return SessionRecorder(name: name, redacting: .hiding(secrets), to: try .file(url))
  }

  static func search(
    _ query: String, page: Int, kind: MovieKind?, _ environment: MoviesEnvironment,
    _ console: Console,
    recorder: SessionRecorder<MoviesFeature.State, MoviesFeature.Action>? = nil
  ) async -> Int32 {
    let store = Store(
      initialState: MoviesFeature.State(query: query, kind: kind),
      reducer: MoviesFeature.reducer, environment: environment)
    if let recorder { store.record(to: recorder) }
    await store.send(.searchSubmitted(page: page)).finish()
    // NB: A page past the end is "not found" to OMDb; ask for the first page to say how many
    // there are (one more request, only on this error).
    var firstPage: SearchPage?
    if store.state.searchError == .notFound, page > 1 {
      firstPage = try? await environment.movies.search(query, kind: kind, page: 1)
    }
    return showSearch(store.state, console, firstPage: firstPage)
  }

  /// Prints a search's results, or its error; returns the exit status.
  ///
  /// - Parameter firstPage: The search's first page, when a later one was not found: the
  ///   message then says how many pages there are.
  static func showSearch(
    _ state: MoviesFeature.State, _ console: Console, firstPage: SearchPage? = nil
  ) -> Int32 {
    let page = state.lastSearch?.page ?? state.firstPage
    if let error = state.searchError {
      console.errorLine(
        "movies: "
          + message(
            for: error, query: state.query, kind: state.kind, page: page, firstPage: firstPage))
      return 1
    }
    console.line(ResultsTable.render(state.results, firstNumber: (page - 1) * SearchPage.size + 1))
    console.line("")
    console.line(
      ResultsTable.pageLine(
        page: state.lastPage, pageCount: state.pageCount, totalResults: state.totalResults))
    console.line(credit)
    return 0
  }

  static func details(
    _ id: String, _ environment: MoviesEnvironment, _ console: Console,
    recorder: SessionRecorder<MoviesFeature.State, MoviesFeature.Action>? = nil
  ) async -> Int32 {
    let store = Store(
      initialState: MoviesFeature.State(), reducer: MoviesFeature.reducer,
      environment: environment)
    if let recorder { store.record(to: recorder) }
    await store.send(.movieSelected(imdbID: id)).finish()
    return showDetails(store.state, console)
  }

  /// Prints a title's details, or the error; returns the exit status.
  static func showDetails(_ state: MoviesFeature.State, _ console: Console) -> Int32 {
    guard let details = state.details?.movie else {
      let error = state.details?.error ?? .incorrectID
      console.errorLine("movies: \(message(for: error, id: state.details?.imdbID))")
      return 1
    }
    console.line(DetailsView.render(details))
    console.line(credit)
    return 0
  }

  /// One line for an error, in the words of what was asked.
  static func message(
    for error: MovieServiceError, query: String? = nil, kind: MovieKind? = nil, page: Int = 1,
    firstPage: SearchPage? = nil, id: String? = nil
  ) -> String {
    let query = "\"\(query ?? "")\""
    let titles = kind.map { "\($0)" } ?? "title"
    switch error {
    case .notFound where page > 1:
      let only = kind.map { " (\($0) only)" } ?? ""
      guard let firstPage else { return "no page \(page) for \(query)\(only)" }
      guard !firstPage.movies.isEmpty else { return "no \(titles) matches \(query)" }
      let pages = firstPage.pageCount == 1 ? "1 page" : "\(firstPage.pageCount) pages"
      let results = firstPage.totalResults == 1 ? "1 result" : "\(firstPage.totalResults) results"
      return "no page \(page) for \(query)\(only): it has \(pages) (\(results)); try --page 1"
    case .notFound where kind != nil:
      return "no \(titles) matches \(query); try without --type"
    case .notFound: return "no title matches \(query)"
    case .incorrectID: return "no title has the IMDb id \"\(id ?? "")\""
    default: return "\(error)"
    }
  }
}
