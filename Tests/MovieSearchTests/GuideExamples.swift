// The code Docs/MovieSearch.docc/MovieSearchGuide.md shows, compiled and run, so an API change that breaks the guide
// breaks the build.
import Foundation
import Loop
import LoopTesting
import MovieSearch
import Testing

@testable import movies

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@MainActor
@Suite("Docs/MovieSearch.docc/MovieSearchGuide.md")
struct MovieSearchGuideExamples {
  @Test("a store on the offline catalog")
  func offlineStore() async {
    // guide: offline-store
    let store = Store(
      initialState: MoviesFeature.State(query: "batman"),
      reducer: MoviesFeature.reducer,
      environment: MoviesEnvironment(movies: .offline, clock: ContinuousClock())
    )
    await store.send(.searchSubmitted(page: 1)).finish()
    print(store.state.results.first?.title ?? "")  // Batman Begins
    // end
    #expect(store.state.results.first?.title == "Batman Begins")
  }

  @Test("a test double and a TestStore test")
  func testDouble() async throws {
    // guide: test-double
    let clock = TestClock()
    let page = SearchPage(
      movies: [Movie(id: "tt0372784", title: "Batman Begins", year: .single(2005), kind: .movie)],
      totalResults: 1)
    let store = TestStore(
      initialState: MoviesFeature.State(),
      reducer: MoviesFeature.reducer,
      environment: MoviesEnvironment(
        movies: MovieService(
          search: { _, _ in page },
          details: unimplemented("MovieService.details")),
        clock: clock))

    let request = MoviesFeature.SearchRequest(query: "batman", page: 1)
    await store.send(.queryChanged("batman")) {
      $0.query = "batman"
      $0.isLoading = true
      $0.lastSearch = request
    }
    await clock.advance(by: MoviesFeature.debounce)
    await store.receive(.searchResponse(request, .success(page))) {
      $0.isLoading = false
      $0.results = page.movies
      $0.totalResults = 1
      $0.lastPage = 1
    }
    // end
  }

  @Test("a double from a recorded body")
  func recordedDouble() throws {
    let recordedBody = Fixtures.batmanPage1
    // guide: recorded-double
    let batman = try SearchPage(omdbBody: recordedBody)
    let movies = MovieService(
      search: { query, page in
        guard query.lowercased() == "batman", page == 1 else { throw MovieServiceError.notFound }
        return batman
      },
      details: { _ in throw MovieServiceError.detailsUnavailable(imdbID: "tt0372784") })
    // end
    _ = movies
    #expect(batman.totalResults == 338)
  }

  @Test("going live")
  func live() async throws {
    let server = try LoopbackServer { _ in .json(401, Fixtures.invalidAPIKey) }
    defer { server.stop() }
    let environment = ["OMDB_API_KEY": "wrong", "OMDB_BASE_URL": server.baseURL.absoluteString]
    var printed: [String] = []
    // guide: live
    let key = environment["OMDB_API_KEY"] ?? ""
    let baseURL = environment["OMDB_BASE_URL"].flatMap(URL.init(string:)) ?? MovieService.omdbURL
    let movies = key.isEmpty ? MovieService.offline : .live(apiKey: key, baseURL: baseURL)
    do {
      let page = try await movies.search("batman", 1)
      printed.append("\(page.totalResults) results")
    } catch let error as MovieServiceError {
      printed.append("movies: \(error)")  // movies: OMDb rejected the API key: check OMDB_API_KEY
    }
    // end
    #expect(printed == ["movies: OMDb rejected the API key: check OMDB_API_KEY"])
  }
}

/// Docs/Loop.docc/RecordAndReplay.md's committed recording, found through `Bundle.module`.
@MainActor
@Suite("Docs/Loop.docc/RecordAndReplay.md: a committed recording")
struct CommittedRecordingGuideExamples {
  @Test("the committed recording replays through today's reducer")
  func committedRecording() throws {
    let url = try #require(
      Bundle.module.url(
        forResource: "interactive-session", withExtension: "jsonl", subdirectory: "Fixtures"))
    expectReplay(
      of: url, reducer: InteractiveFeature.reducer, environment: SessionReplay.environment)
  }
}
