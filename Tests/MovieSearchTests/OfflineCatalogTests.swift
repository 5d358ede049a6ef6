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

  @Test("the bundled bodies are byte-for-byte the recorded ones (size and FNV-1a checksum)")
  func bundledCopiesMatch() {
    // NB: The checksums were taken from the recorded bodies (shared/omdb, SOURCES.md) when
    // they were copied in; a change to a bundled body is a visible decision here.
    let recorded: [String: (size: Int, fnv1a: UInt64)] = [
      "catalog.json": (291_123, 0xb887_c4f1_06de_dbe6),
      "detail_movie_tt0372784_batman_begins.json": (1_694, 0x7e30_823b_641d_7433),
      "search_batman_page1.json": (2_212, 0x0415_0a39_327e_845d),
      "search_batman_page2.json": (2_368, 0x361b_f40d_77ea_17a3),
      "searches/01_jimsheen_the_dark_knight.json": (2_365, 0x509b_2aa9_5641_a0de),
      "searches/02_kevincll_primer.json": (2_178, 0x2ccc_c20e_9c67_6b9f),
      "searches/04_diechtiar_ghost_in_the_shell.json": (2_748, 0x406c_74bf_37b2_2b15),
      "searches/08_jnighs_guardians_of_the_galaxy.json": (2_555, 0xb39f_b775_6d21_1db2),
    ]
    #expect(Fixtures.bundledBodies == recorded.keys.sorted())
    for name in Fixtures.bundledBodies {
      let body = Fixtures.data(name)
      #expect(body.count == recorded[name]?.size, "\(name): size")
      #expect(fnv1a(body) == recorded[name]?.fnv1a, "\(name): checksum")
    }
  }
}

/// The 64-bit FNV-1a hash of `data`: enough to notice any change to a body.
private func fnv1a(_ data: Data) -> UInt64 {
  data.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
}

extension Movie {
  func withPoster(_ poster: URL?) -> Movie {
    var movie = self
    movie.poster = poster
    return movie
  }
}
