import Foundation
import MovieSearch
import Testing

@Suite("Decoding OMDb's bodies")
struct OMDbDecodingTests {
  @Test("a search page: ten results, totalResults as a string, a year range")
  func searchPage() throws {
    let page = try SearchPage(omdbBody: Fixtures.batmanPage1, page: 1)
    #expect(page.movies.count == 10)
    #expect(page.totalResults == 338)
    #expect(page.pageCount == 34)
    #expect(page.hasNextPage)
    #expect(page.movies.first?.id == "tt0372784")
    #expect(page.movies.first?.title == "Batman Begins")
    #expect(page.movies.first?.year == .single(2005))
    #expect(page.movies.first?.poster?.host == "m.media-amazon.com")
    #expect(page.movies.contains { $0.id == "tt0103359" && $0.year == .range(1992, 1995) })
  }

  @Test("a page with a game, which OMDb does not document")
  func gameType() throws {
    let page = try SearchPage(omdbBody: Fixtures.batmanPage2, page: 2)
    #expect(page.page == 2)
    #expect(page.movies.first { $0.id == "tt1568322" }?.kind == .game)
    #expect(page.movies.first { $0.id == "tt0147746" }?.year == .range(1999, 2001))
  }

  @Test("Batman Begins' details, every field")
  func details() throws {
    let details = try MovieDetails(omdbBody: Fixtures.batmanBegins)
    #expect(details.id == "tt0372784")
    #expect(details.title == "Batman Begins")
    #expect(details.year == .single(2005))
    #expect(details.kind == .movie)
    #expect(details.rated == "PG-13")
    #expect(details.released == "15 Jun 2005")
    #expect(details.runtime == .seconds(140 * 60))
    #expect(details.genres == ["Action", "Crime", "Drama"])
    #expect(details.directors == ["Christopher Nolan"])
    #expect(details.writers == ["Bob Kane", "David S. Goyer", "Christopher Nolan"])
    #expect(details.actors == ["Christian Bale", "Michael Caine", "Ken Watanabe"])
    #expect(details.plot?.hasPrefix("When his parents are killed") == true)
    #expect(details.languages == ["English", "Mandarin"])
    #expect(details.countries == ["United States", "United Kingdom"])
    #expect(details.awards == "Nominated for 1 Oscar. 13 wins & 79 nominations total")
    #expect(
      details.ratings.map(\.source) == ["Internet Movie Database", "Rotten Tomatoes", "Metacritic"])
    #expect(details.ratings.map(\.score) == [0.82, 0.84, 0.7])
    #expect(details.metascore == 70)
    #expect(details.imdbRating == 8.2)
    #expect(details.imdbVotes == 1_392_519)
    #expect(details.totalSeasons == nil)
    #expect(details.dvd == "18 Oct 2005")
    #expect(details.boxOffice == "$206,852,432")
    #expect(details.production == nil)
    #expect(details.website == nil)
  }

  @Test("all 241 records of catalog.json decode: 208 movies, 29 series, 4 games")
  func wholeCatalog() throws {
    let records = try Self.catalogRecords()
    #expect(records.count == 241)
    var kinds: [MovieKind: Int] = [:]
    var ids = Set<String>()
    for record in records {
      let details = try MovieDetails(omdbBody: record)
      kinds[details.kind, default: 0] += 1
      ids.insert(details.id)
    }
    #expect(ids.count == 241)
    #expect(kinds == [.movie: 208, .series: 29, .game: 4])
  }

  @Test("every recorded body decodes, or is the OMDb error it records")
  func everyFixture() throws {
    let names = Fixtures.allBodies
    #expect(names.count >= 10)
    for name in names {
      let body = Fixtures.data(name)
      switch name {
      case "error_invalid_api_key.json":
        #expect(throws: MovieServiceError.invalidAPIKey) { try SearchPage(omdbBody: body) }
      case "error_movie_not_found.json":
        #expect(throws: MovieServiceError.notFound) { try SearchPage(omdbBody: body) }
      case "catalog.json":
        continue  // record by record in `wholeCatalog`
      case let name where name.hasPrefix("detail_"):
        _ = try MovieDetails(omdbBody: body)
      default:
        let page = try SearchPage(omdbBody: body)
        #expect(page.movies.count == 10, "\(name)")
        #expect(page.totalResults > 10, "\(name)")
      }
    }
  }

  @Test("series: totalSeasons after Response, no DVD or BoxOffice, Ratings empty, Runtime N/A")
  func seriesShape() throws {
    let body = """
      {"Title":"Sherlock","Year":"2010–2017","Rated":"TV-14","Released":"24 Oct 2010",
       "Runtime":"N/A","Genre":"Crime, Drama","Director":"N/A","Writer":"N/A","Actors":"N/A",
       "Plot":"N/A","Language":"English","Country":"UK","Awards":"N/A","Poster":"N/A",
       "Ratings":[],"Metascore":"N/A","imdbRating":"9.1","imdbVotes":"921,321",
       "imdbID":"tt1475582","Type":"series","Response":"True","totalSeasons":"4"}
      """
    let details = try MovieDetails(omdbBody: Data(body.utf8))
    #expect(details.kind == .series)
    #expect(details.year == .range(2010, 2017))
    #expect(details.totalSeasons == 4)
    #expect(details.runtime == nil)
    #expect(details.ratings.isEmpty)
    #expect(details.poster == nil)
    #expect(details.directors.isEmpty)
    #expect(details.imdbVotes == 921_321)
    #expect(details.dvd == nil && details.boxOffice == nil && details.website == nil)
  }

  @Test("a details body with no Ratings key at all")
  func missingRatings() throws {
    let body = #"{"Title":"X","imdbID":"tt1","Type":"game","Year":"2010–","Response":"True"}"#
    let details = try MovieDetails(omdbBody: Data(body.utf8))
    #expect(details.ratings.isEmpty)
    #expect(details.year == .openRange(from: 2010))
    #expect(details.kind == .game)
  }

  @Test(
    "years, as OMDb writes them",
    arguments: [
      ("2005", Year.single(2005)), ("1992–1995", .range(1992, 1995)),
      ("2010–", .openRange(from: 2010)), ("2010-2012", .range(2010, 2012)),
      (" 2001 ", .single(2001)), ("2015–2015", .range(2015, 2015)),
    ])
  func years(text: String, year: Year) {
    #expect(Year(parsing: text) == year)
    #expect(Year(parsing: year.description) == year)
  }

  @Test("not years", arguments: ["N/A", "", "abc", "95", "1995–1992", "2001–2002–2003", "–2001"])
  func notYears(text: String) {
    #expect(Year(parsing: text) == nil)
  }

  @Test(
    "runtimes: minutes, hours, both",
    arguments: [
      ("140 min", 140), ("2 h", 120), ("1 h 15 min", 75), ("1h 15min", 75), ("90 mins", 90),
      ("1,050 min", 1050), ("3 hours", 180),
    ])
  func runtimes(text: String, minutes: Int) throws {
    let body = #"{"Title":"X","imdbID":"tt1","Runtime":"\#(text)","Response":"True"}"#
    #expect(try MovieDetails(omdbBody: Data(body.utf8)).runtime == .seconds(minutes * 60))
  }

  @Test(
    "OMDb's error messages are typed",
    arguments: [
      ("Movie not found!", MovieServiceError.notFound), ("Series not found!", .notFound),
      ("Too many results.", .tooManyResults), ("Incorrect IMDb ID.", .incorrectID),
      ("Invalid API key!", .invalidAPIKey), ("No API key provided.", .noAPIKey),
      ("Request limit reached!", .requestLimitReached),
      ("Something went wrong.", .server("Something went wrong.")),
    ])
  func errorMessages(message: String, error: MovieServiceError) {
    let body = Data(#"{"Response":"False","Error":"\#(message)"}"#.utf8)
    #expect(throws: error) { try SearchPage(omdbBody: body) }
    #expect(throws: error) { try MovieDetails(omdbBody: body) }
  }

  @Test(
    "a body that is not OMDb's shape is a decoding error saying what is wrong",
    arguments: [
      (
        "<html><body>502 Bad Gateway</body></html>",
        #"the body is not JSON (41 bytes, starting "<html><body>502 Bad Gate")"#
      ),
      (
        #"{"Search":[{"Title":"Batman Begins","#,
        "the body is not valid JSON (36 bytes; cut off or malformed)"
      ),
      ("", "the body is empty"),
      ("[1, 2]", "the body is an array, not a JSON object"),
      (#"{"Response":"True"}"#, #"the body has no "Search" list and no "Error""#),
      (
        #"{"Search":"Batman","totalResults":"1"}"#,
        #"the body: "Search" is a string, expected an array"#
      ),
      (
        #"{"Search":[{"Title":"X","imdbID":"tt1","Year":"soon"}],"totalResults":"1"}"#,
        #"Search[0]: "Year" is "soon", expected a year like 2005, 1992–1995 or 2010–"#
      ),
      (#"{"Search":[{"imdbID":"tt1"}],"totalResults":"1"}"#, #"Search[0]: "Title" is missing"#),
      (
        #"{"Search":[],"totalResults":"many"}"#,
        #"the body: "totalResults" is "many", expected a whole number like 1,369,540"#
      ),
      (
        #"{"Search":[{"Title":"X","imdbID":"tt1","Poster":"ftp://x"}],"totalResults":"1"}"#,
        #"Search[0]: "Poster" is "ftp://x", expected an http or https address"#
      ),
      (#"{"Response":"False"}"#, #"the body says "Response":"False" without an "Error" message"#),
    ])
  func malformedSearch(body: String, message: String) {
    #expect(throws: MovieServiceError.decoding(message)) {
      try SearchPage(omdbBody: Data(body.utf8))
    }
  }

  @Test("a details field that cannot be read names the field and the value")
  func malformedDetails() {
    let runtime = #"{"Title":"X","imdbID":"tt1","Runtime":"TBA","Response":"True"}"#
    #expect(
      throws: MovieServiceError.decoding(
        #"the body: "Runtime" is "TBA", expected a running time like 140 min, 2 h or 1 h 15 min"#)
    ) { try MovieDetails(omdbBody: Data(runtime.utf8)) }
    let votes = #"{"Title":"X","imdbID":"tt1","imdbVotes":"lots","Response":"True"}"#
    #expect(
      throws: MovieServiceError.decoding(
        #"the body: "imdbVotes" is "lots", expected a whole number like 1,369,540"#)
    ) { try MovieDetails(omdbBody: Data(votes.utf8)) }
    let ratings = #"{"Title":"X","imdbID":"tt1","Ratings":[{"Source":"IMDb"}]}"#
    #expect(throws: MovieServiceError.decoding(#"Ratings[0]: "Value" is missing"#)) {
      try MovieDetails(omdbBody: Data(ratings.utf8))
    }
  }

  @Test("the error descriptions read as sentences")
  func descriptions() {
    #expect("\(MovieServiceError.notFound)" == "no title matches")
    #expect(
      "\(MovieServiceError.decoding("the body is empty"))"
        == "the response is not OMDb's shape: the body is empty")
    #expect("\(MovieServiceError.httpStatus(500))" == "the server answered with HTTP status 500")
  }

  /// catalog.json's records, each re-serialised as its own body.
  static func catalogRecords() throws -> [Data] {
    let object = try JSONSerialization.jsonObject(with: Fixtures.data("catalog.json"))
    let records = (object as? [String: Any])?["details"] as? [Any] ?? []
    return try records.map { try JSONSerialization.data(withJSONObject: $0) }
  }
}
