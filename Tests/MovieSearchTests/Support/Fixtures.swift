import Foundation
import MovieSearch
import Testing

/// The recorded OMDb bodies in `../shared/omdb`, beside the package's checkout.
enum Fixtures {
  /// `../shared/omdb`, found from this file's path.
  static let folder: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("../shared/omdb").standardizedFileURL

  /// The body of `name` (a path under `../shared/omdb`), or a recorded issue and empty data.
  static func data(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> Data {
    let url = folder.appendingPathComponent(name)
    guard let data = try? Data(contentsOf: url) else {
      Issue.record(
        "Cannot read the fixture \(url.path). The tests read OMDb bodies from ../shared/omdb, beside the checkout; to fix, clone the shared folder there.",
        sourceLocation: sourceLocation)
      return Data()
    }
    return data
  }

  /// Every `.json` body under `../shared/omdb`, by path relative to it.
  static var allBodies: [String] {
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
