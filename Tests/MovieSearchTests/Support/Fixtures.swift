import Foundation
import MovieSearch
import Testing

/// Recorded OMDb bodies, all inside the repository: the ones the offline catalog bundles
/// (`Sources/MovieSearch/Resources/OMDb`) and the error bodies this test target carries as
/// resources (`Tests/MovieSearchTests/Fixtures`, with `SOURCES.md` saying where each came from).
enum Fixtures {
  /// The catalog's bundled bodies: search pages, details, `catalog.json`.
  static let bundledFolder: URL? = OfflineCatalog.resourceFolder
  /// The bodies only the tests need (OMDb's error answers).
  static let testFolder: URL? = Bundle.module.url(forResource: "Fixtures", withExtension: nil)

  /// The body of `name` (a path relative to either folder), or a recorded issue and empty data.
  static func data(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> Data {
    for folder in [bundledFolder, testFolder].compactMap(\.self) {
      if let data = try? Data(contentsOf: folder.appendingPathComponent(name)) { return data }
    }
    Issue.record(
      "Cannot read the fixture \(name): it is neither in MovieSearch's bundled OMDb folder nor in the test target's Fixtures. To fix, add it to Tests/MovieSearchTests/Fixtures.",
      sourceLocation: sourceLocation)
    return Data()
  }

  /// Every `.json` body of both folders, by path relative to its folder.
  static var allBodies: [String] { (bundledBodies + paths(in: testFolder)).sorted() }

  /// The `.json` bodies the offline catalog bundles, by path relative to its folder.
  static var bundledBodies: [String] { paths(in: bundledFolder) }

  private static func paths(in folder: URL?) -> [String] {
    guard let folder else { return [] }
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    let paths = (enumerator?.allObjects as? [String]) ?? []
    return paths.filter { $0.hasSuffix(".json") }.sorted()
  }

  static var batmanPage1: Data { data("search_batman_page1.json") }
  static var batmanPage2: Data { data("search_batman_page2.json") }
  static var batmanBegins: Data { data("detail_movie_tt0372784_batman_begins.json") }
  static var invalidAPIKey: Data { data("error_invalid_api_key.json") }
  static var movieNotFound: Data { data("error_movie_not_found.json") }
}

extension Movie {
  static let batmanBegins = Movie(
    id: "tt0372784", title: "Batman Begins", year: .single(2005), kind: .movie)
  static let batmanReturns = Movie(
    id: "tt0103776", title: "Batman Returns", year: .single(1992), kind: .movie)
  static let animatedSeries = Movie(
    id: "tt0103359", title: "Batman: The Animated Series", year: .range(1992, 1995),
    kind: .series)
}
