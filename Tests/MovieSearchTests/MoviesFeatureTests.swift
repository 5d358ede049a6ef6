import Loop
import LoopTesting
import MovieSearch
import Testing

@MainActor
@Suite("MoviesFeature")
struct MoviesFeatureTests {
  typealias Request = MoviesFeature.SearchRequest

  let clock = TestClock()
  let calls = LockedState<[String]>([])

  /// A service with `total` titles per query, answering after `latency` on the test clock.
  func service(total: Int = 25, latency: Duration = .zero) -> MovieService {
    let clock = clock
    let calls = calls
    return MovieService(
      search: { query, page in
        calls.withLock { $0.append("search \(query) \(page)") }
        if latency > .zero { try await clock.sleep(for: latency) }
        return try .fake(query, page: page, total: total)
      },
      details: { id in
        calls.withLock { $0.append("details \(id)") }
        if latency > .zero { try await clock.sleep(for: latency) }
        return MovieDetails(id: id, title: "Title of \(id)")
      },
      searchKind: { query, kind, page in
        calls.withLock { $0.append("search \(query) \(kind) \(page)") }
        return try .fake(query, page: page, total: 3, kind: kind)
      })
  }

  /// A check that is true on its first call only, for a double whose first attempt fails.
  static func firstCallOnly() -> @Sendable () -> Bool {
    let calls = LockedState(0)
    return {
      calls.withLock {
        $0 += 1
        return $0 == 1
      }
    }
  }

  func makeStore(_ movies: MovieService, state: MoviesFeature.State = .init())
    -> TestStore<MoviesFeature.State, MoviesFeature.Action, MoviesEnvironment>
  {
    TestStore(
      initialState: state, reducer: MoviesFeature.reducer,
      environment: MoviesEnvironment(movies: movies, clock: clock))
  }

  @Test("typing is debounced 300 ms: one search, for the last query")
  func debounce() async throws {
    let store = makeStore(service())
    await store.send(.queryChanged("b")) {
      $0.query = "b"
      $0.isLoading = true
      $0.lastSearch = Request(query: "b", page: 1)
    }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("bat")) {
      $0.query = "bat"
      $0.lastSearch = Request(query: "bat", page: 1)
    }
    await clock.advance(by: .milliseconds(299))
    #expect(calls.withLock { $0 } == [])
    await clock.advance(by: .milliseconds(1))
    let page = try SearchPage.fake("bat", page: 1, total: 25)
    await store.receive(.searchResponse(Request(query: "bat", page: 1), .success(page))) {
      $0.isLoading = false
      $0.results = page.movies
      $0.totalResults = 25
      $0.lastPage = 1
    }
    #expect(calls.withLock { $0 } == ["search bat 1"])
    await store.finish()
  }

  @Test("a new query cancels the search in flight; its answer never arrives")
  func cancelInFlight() async throws {
    let store = makeStore(service(latency: .seconds(1)))
    await store.send(.queryChanged("batman")) {
      $0.query = "batman"
      $0.isLoading = true
      $0.lastSearch = Request(query: "batman", page: 1)
    }
    await clock.advance(by: .milliseconds(300))
    #expect(calls.withLock { $0 } == ["search batman 1"])
    await store.send(.queryChanged("superman")) {
      $0.query = "superman"
      $0.lastSearch = Request(query: "superman", page: 1)
    }
    await clock.advance(by: .milliseconds(1300))
    let page = try SearchPage.fake("superman", page: 1, total: 25)
    await store.receive(.searchResponse(Request(query: "superman", page: 1), .success(page))) {
      $0.isLoading = false
      $0.results = page.movies
      $0.totalResults = 25
      $0.lastPage = 1
    }
    #expect(calls.withLock { $0 } == ["search batman 1", "search superman 1"])
    await store.finish()
  }

  @Test("an empty query clears the results and cancels the pending search")
  func emptyQuery() async throws {
    let page = try SearchPage.fake("bat", page: 1, total: 25)
    let store = makeStore(
      service(),
      state: .init(
        query: "bat", results: page.movies, totalResults: 25, lastPage: 1,
        lastSearch: Request(query: "bat", page: 1)))
    await store.send(.queryChanged("batm")) {
      $0.query = "batm"
      $0.isLoading = true
      $0.lastSearch = Request(query: "batm", page: 1)
    }
    await store.send(.queryChanged(" ")) {
      $0 = MoviesFeature.State(query: " ")
    }
    await clock.advance(by: .seconds(1))
    #expect(calls.withLock { $0 } == [])
    await store.finish()
  }

  @Test("an answer to an old query is ignored, even when it is not cancelled in time")
  func staleAnswer() async throws {
    let store = makeStore(
      service(),
      state: .init(query: "new", isLoading: true, lastSearch: Request(query: "new", page: 1)))
    await store.send(
      .searchResponse(Request(query: "old", page: 1), .success(try .fake("old", page: 1, total: 5)))
    )
    await store.send(.searchResponse(Request(query: "new", page: 2), .failure(.timedOut)))
  }

  @Test("loadNextPage appends pages until totalResults, then does nothing")
  func paging() async throws {
    let store = makeStore(service(total: 25, latency: .seconds(1)), state: .init(query: "bat"))
    let pages = try (1...3).map { try SearchPage.fake("bat", page: $0, total: 25) }
    await store.send(.searchSubmitted(page: 1)) {
      $0.isLoading = true
      $0.lastSearch = Request(query: "bat", page: 1)
    }
    await store.send(.loadNextPage)  // the first page is still loading: ignored
    await clock.advance(by: .seconds(1))
    await store.receive(.searchResponse(Request(query: "bat", page: 1), .success(pages[0]))) {
      $0.isLoading = false
      $0.results = pages[0].movies
      $0.totalResults = 25
      $0.lastPage = 1
    }
    for number in 2...3 {
      await store.send(.loadNextPage) {
        $0.isLoadingNextPage = true
        $0.lastSearch = Request(query: "bat", page: number)
      }
      await store.send(.loadNextPage)  // already loading: ignored
      await clock.advance(by: .seconds(1))
      await store.receive(
        .searchResponse(Request(query: "bat", page: number), .success(pages[number - 1]))
      ) {
        $0.isLoadingNextPage = false
        $0.results += pages[number - 1].movies
        $0.lastPage = number
      }
    }
    #expect(store.state.results.count == 25)
    #expect(!store.state.hasNextPage)
    await store.send(.loadNextPage)
    #expect(calls.withLock { $0 } == ["search bat 1", "search bat 2", "search bat 3"])
    await store.finish()
  }

  @Test("a search can start at a later page")
  func startAtPage() async throws {
    let store = makeStore(service(total: 25), state: .init(query: "bat"))
    let page = try SearchPage.fake("bat", page: 3, total: 25)
    await store.send(.searchSubmitted(page: 3)) {
      $0.isLoading = true
      $0.lastSearch = Request(query: "bat", page: 3)
    }
    await store.receive(.searchResponse(Request(query: "bat", page: 3), .success(page))) {
      $0.isLoading = false
      $0.results = page.movies
      $0.totalResults = 25
      $0.firstPage = 3
      $0.lastPage = 3
    }
  }

  @Test("a failed search keeps its error in state; retry asks again")
  func searchErrorAndRetry() async throws {
    let isFirstAttempt = Self.firstCallOnly()
    let movies = MovieService(
      search: { query, page in
        if isFirstAttempt() { throw MovieServiceError.timedOut }
        return try .fake(query, page: page, total: 5)
      },
      details: unimplemented("MovieService.details"))
    let store = makeStore(movies, state: .init(query: "bat"))
    await store.send(.searchSubmitted(page: 1)) {
      $0.isLoading = true
      $0.lastSearch = Request(query: "bat", page: 1)
    }
    await store.receive(.searchResponse(Request(query: "bat", page: 1), .failure(.timedOut))) {
      $0.isLoading = false
      $0.searchError = .timedOut
    }
    await store.send(.retry) {
      $0.isLoading = true
      $0.searchError = nil
    }
    let page = try SearchPage.fake("bat", page: 1, total: 5)
    await store.receive(.searchResponse(Request(query: "bat", page: 1), .success(page))) {
      $0.isLoading = false
      $0.results = page.movies
      $0.totalResults = 5
      $0.lastPage = 1
    }
  }

  @Test("a failed next page keeps the results; retry loads that page")
  func nextPageErrorAndRetry() async throws {
    let isFirstAttempt = Self.firstCallOnly()
    let movies = MovieService(
      search: { query, page in
        if isFirstAttempt() { throw MovieServiceError.requestLimitReached }
        return try .fake(query, page: page, total: 15)
      },
      details: unimplemented("MovieService.details"))
    let first = try SearchPage.fake("bat", page: 1, total: 15)
    let store = makeStore(
      movies,
      state: .init(
        query: "bat", results: first.movies, totalResults: 15, lastPage: 1,
        lastSearch: Request(query: "bat", page: 1)))
    await store.send(.loadNextPage) {
      $0.isLoadingNextPage = true
      $0.lastSearch = Request(query: "bat", page: 2)
    }
    await store.receive(
      .searchResponse(Request(query: "bat", page: 2), .failure(.requestLimitReached))
    ) {
      $0.isLoadingNextPage = false
      $0.searchError = .requestLimitReached
    }
    await store.send(.retry) {
      $0.isLoadingNextPage = true
      $0.searchError = nil
    }
    let second = try SearchPage.fake("bat", page: 2, total: 15)
    await store.receive(.searchResponse(Request(query: "bat", page: 2), .success(second))) {
      $0.isLoadingNextPage = false
      $0.results += second.movies
      $0.lastPage = 2
    }
  }

  @Test("no match is a notFound error, and the old results go")
  func notFound() async throws {
    let movies = MovieService(
      search: { _, _ in throw MovieServiceError.notFound },
      details: unimplemented("MovieService.details"))
    let old = try SearchPage.fake("bat", page: 1, total: 5)
    let store = makeStore(
      movies, state: .init(query: "bat", results: old.movies, totalResults: 5, lastPage: 1))
    await store.send(.queryChanged("zzz")) {
      $0.query = "zzz"
      $0.isLoading = true
      $0.lastSearch = Request(query: "zzz", page: 1)
    }
    await clock.advance(by: MoviesFeature.debounce)
    await store.receive(.searchResponse(Request(query: "zzz", page: 1), .failure(.notFound))) {
      $0 = MoviesFeature.State(
        query: "zzz", searchError: .notFound, lastSearch: Request(query: "zzz", page: 1))
    }
  }

  @Test("a double's own error becomes .unexpected, described")
  func unexpectedError() async throws {
    struct Offline: Error {}
    let movies = MovieService(
      search: { _, _ in throw Offline() }, details: unimplemented("MovieService.details"))
    let store = makeStore(movies, state: .init(query: "bat"))
    await store.send(.searchSubmitted(page: 1)) {
      $0.isLoading = true
      $0.lastSearch = Request(query: "bat", page: 1)
    }
    await store.receive(
      .searchResponse(Request(query: "bat", page: 1), .failure(.unexpected("Offline()")))
    ) {
      $0.isLoading = false
      $0.searchError = .unexpected("Offline()")
    }
  }

  @Test("changing the kind searches again at once, for that kind")
  func kindChanged() async throws {
    let store = makeStore(service(), state: .init(query: "bat"))
    await store.send(.kindChanged(.series)) {
      $0.kind = .series
      $0.isLoading = true
      $0.lastSearch = Request(query: "bat", kind: .series, page: 1)
    }
    let page = try SearchPage.fake("bat", page: 1, total: 3, kind: .series)
    await store.receive(
      .searchResponse(Request(query: "bat", kind: .series, page: 1), .success(page))
    ) {
      $0.isLoading = false
      $0.results = page.movies
      $0.totalResults = 3
      $0.lastPage = 1
    }
    #expect(calls.withLock { $0 } == ["search bat series 1"])
  }

  @Test("selecting a title presents its details, which load; a second selection cancels the first")
  func details() async throws {
    let store = makeStore(service(latency: .seconds(1)))
    await store.send(.movieSelected(imdbID: "tt1")) {
      $0.details = MovieDetailsFeature.State(imdbID: "tt1")
    }
    await store.receive(.details(.presented(.load))) { $0.details?.isLoading = true }
    await clock.advance(by: .milliseconds(500))
    await store.send(.movieSelected(imdbID: "tt2")) {
      $0.details = MovieDetailsFeature.State(imdbID: "tt2")
    }
    await store.receive(.details(.presented(.load))) { $0.details?.isLoading = true }
    await clock.advance(by: .seconds(1))
    let details = MovieDetails(id: "tt2", title: "Title of tt2")
    await store.receive(.details(.presented(.response(.success(details))))) {
      $0.details?.isLoading = false
      $0.details?.movie = details
    }
    await store.send(.details(.dismiss)) { $0.details = nil }
    #expect(calls.withLock { $0 } == ["details tt1", "details tt2"])
    await store.finish()
  }

  @Test("closing the details before they load cancels the request: no stale screen")
  func closeBeforeLoaded() async throws {
    let store = makeStore(service(latency: .seconds(1)))
    await store.send(.movieSelected(imdbID: "tt1")) {
      $0.details = MovieDetailsFeature.State(imdbID: "tt1")
    }
    await store.receive(.details(.presented(.load))) { $0.details?.isLoading = true }
    await store.send(.details(.presented(.closeTapped)))
    await store.receive(.details(.dismiss)) { $0.details = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("failed details are kept in state; retry loads them again")
  func detailsRetry() async throws {
    let isFirstAttempt = Self.firstCallOnly()
    let movies = MovieService(
      search: unimplemented("MovieService.search"),
      details: { id in
        if isFirstAttempt() { throw MovieServiceError.cannotConnect }
        return MovieDetails(id: id, title: "Batman Begins")
      })
    let store = makeStore(movies)
    await store.send(.movieSelected(imdbID: "tt0372784")) {
      $0.details = MovieDetailsFeature.State(imdbID: "tt0372784")
    }
    await store.receive(.details(.presented(.load))) { $0.details?.isLoading = true }
    await store.receive(.details(.presented(.response(.failure(.cannotConnect))))) {
      $0.details?.isLoading = false
      $0.details?.error = .cannotConnect
      $0.details?.alert = MovieDetailsFeature.failureAlert(.cannotConnect)
    }
    await store.send(.retry)
    await store.receive(.details(.presented(.retry))) {
      $0.details?.isLoading = true
      $0.details?.error = nil
      $0.details?.alert = nil
    }
    let details = MovieDetails(id: "tt0372784", title: "Batman Begins")
    await store.receive(.details(.presented(.response(.success(details))))) {
      $0.details?.isLoading = false
      $0.details?.movie = details
    }
  }

  @Test(
    "a details failure asks: Retry loads again, Back closes the details; one that cannot mend does not ask"
  )
  func detailsFailureAlert() async throws {
    let attempts = LockedState(0)
    let movies = MovieService(
      search: unimplemented("MovieService.search"),
      details: { id in
        let attempt = attempts.withLock {
          $0 += 1; return $0
        }
        if attempt < 3 { throw MovieServiceError.timedOut }
        throw MovieServiceError.notFound
      })
    let store = makeStore(movies)
    let alert = MovieDetailsFeature.failureAlert(.timedOut)
    #expect(alert.title == "The details did not load")
    #expect(alert.buttons.map(\.label) == ["Retry", "Back"])
    await store.send(.movieSelected(imdbID: "tt0372784")) {
      $0.details = MovieDetailsFeature.State(imdbID: "tt0372784")
    }
    await store.receive(.details(.presented(.load))) { $0.details?.isLoading = true }
    await store.receive(.details(.presented(.response(.failure(.timedOut))))) {
      $0.details?.isLoading = false
      $0.details?.error = .timedOut
      $0.details?.alert = alert
    }
    await store.tap("Retry", in: \.details?.alert, action: { .details(.presented(.alert($0))) }) {
      $0.details?.isLoading = true
      $0.details?.error = nil
      $0.details?.alert = nil
    }
    await store.receive(.details(.presented(.response(.failure(.timedOut))))) {
      $0.details?.isLoading = false
      $0.details?.error = .timedOut
      $0.details?.alert = alert
    }
    await store.tap("Back", in: \.details?.alert, action: { .details(.presented(.alert($0))) }) {
      $0.details?.alert = nil
    }
    await store.receive(.details(.dismiss)) { $0.details = nil }
    // Not found cannot be mended by asking again: no alert.
    await store.send(.movieSelected(imdbID: "tt0000000")) {
      $0.details = MovieDetailsFeature.State(imdbID: "tt0000000")
    }
    await store.receive(.details(.presented(.load))) { $0.details?.isLoading = true }
    await store.receive(.details(.presented(.response(.failure(.notFound))))) {
      $0.details?.isLoading = false
      $0.details?.error = .notFound
    }
  }

  @Test("end to end on the offline catalog: type, wait, page, pick")
  func offlineEndToEnd() async throws {
    let store = makeStore(.offline)
    store.exhaustivity = .off
    await store.send(.queryChanged("batman"))
    await clock.advance(by: MoviesFeature.debounce)
    await store.receive({ if case .searchResponse = $0 { true } else { false } })
    #expect(store.state.results.count == 10)
    #expect(store.state.results.first?.title == "Batman Begins")
    #expect(store.state.pageCount == 2)
    await store.send(.loadNextPage)
    await store.receive({ if case .searchResponse = $0 { true } else { false } })
    #expect(store.state.results.count == 20)
    #expect(!store.state.hasNextPage)
    await store.send(.movieSelected(imdbID: "tt0372784"))
    await store.receive({ if case .details(.presented(.response)) = $0 { true } else { false } })
    #expect(store.state.details?.movie?.directors == ["Christopher Nolan"])
  }
}

extension SearchPage {
  /// Page `page` of `total` made-up titles for `query`; `notFound` past the end, like OMDb.
  static func fake(_ query: String, page: Int, total: Int, kind: MovieKind = .movie) throws
    -> SearchPage
  {
    let start = (page - 1) * size
    guard start < total else { throw MovieServiceError.notFound }
    let movies = (start..<min(start + size, total)).map {
      Movie(id: "tt\($0 + 1)", title: "\(query) \($0 + 1)", year: .single(2000 + $0), kind: kind)
    }
    return SearchPage(movies: movies, totalResults: total, page: page)
  }
}
