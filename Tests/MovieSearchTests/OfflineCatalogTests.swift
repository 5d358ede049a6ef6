import Foundation
import MovieSearch
import Testing

@Suite("The offline catalog")
struct OfflineCatalogTests {
  let movies = MovieService.offline

  @Test("batman: ten rows, Batman Begins first, pages counted like OMDb")
  func batman() async throws {
    let page = try await movies.search("batman", 1)
    #expect(page.movies.count == 10)
    #expect(page.movies.first == .batmanBegins.withPoster(page.movies.first?.poster))
    #expect(page.totalResults == 20)
    #expect(page.pageCount == 2)
    let second = try await movies.search("batman", 2)
    #expect(second.movies.count == 10)
    #expect(Set(page.movies.map(\.id)).isDisjoint(with: second.movies.map(\.id)))
    await #expect(throws: MovieServiceError.notFound) { try await movies.search("batman", 3) }
  }

  @Test("matching is by whole words, in any case, with or without accents")
  func wordMatching() async throws {
    #expect(try await movies.search("BATMAN begins", 1).movies.map(\.id) == ["tt0372784"])
    #expect(try await movies.search("  dark   knight ", 1).totalResults >= 3)
    await #expect(throws: MovieServiceError.notFound) { try await movies.search("bat", 1) }
    await #expect(throws: MovieServiceError.notFound) { try await movies.search("zzyzx", 1) }
  }

  @Test("an empty or blank query is an empty page")
  func emptyQuery() async throws {
    #expect(try await movies.search("   ", 1) == SearchPage(movies: [], totalResults: 0, page: 1))
  }

  @Test("a kind restricts the search")
  func kinds() async throws {
    let series = try await movies.search("batman", kind: .series, page: 1)
    #expect(series.movies.map(\.id) == ["tt0103359", "tt0147746"])
    #expect(series.totalResults == 2)
    let games = try await movies.search("batman", kind: .game, page: 1)
    #expect(games.movies.map(\.title) == ["Batman: Arkham City"])
  }

  @Test("details: from the detail body, the catalog, or a clear error")
  func details() async throws {
    let begins = try await movies.details("tt0372784")
    #expect(begins.directors == ["Christopher Nolan"])
    #expect(try await movies.details("tt1117563").title == "Batman: Gotham Knight")
    await #expect(throws: MovieServiceError.detailsUnavailable(imdbID: "tt0096895")) {
      try await movies.details("tt0096895")
    }
    await #expect(throws: MovieServiceError.incorrectID) { try await movies.details("tt0") }
  }

  @Test("every record of catalog.json has its details offline")
  func everyRecord() async throws {
    for record in try OMDbDecodingTests.catalogRecords() {
      let expected = try MovieDetails(omdbBody: record)
      #expect(try await movies.details(expected.id) == expected)
    }
  }

  @Test("the bundled bodies are byte-for-byte the ones in ../shared/omdb")
  func bundledCopiesMatch() throws {
    let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/MovieSearch/Resources/OMDb").standardizedFileURL
    let names =
      (FileManager.default.enumerator(atPath: bundled.path)?.allObjects as? [String])?
      .filter { $0.hasSuffix(".json") } ?? []
    #expect(names.count == 8)
    for name in names {
      let copy = try Data(contentsOf: bundled.appendingPathComponent(name))
      #expect(copy == Fixtures.data(name), "\(name) differs from ../shared/omdb/\(name)")
    }
  }
}

extension Movie {
  func withPoster(_ poster: URL?) -> Movie {
    var movie = self
    movie.poster = poster
    return movie
  }
}
