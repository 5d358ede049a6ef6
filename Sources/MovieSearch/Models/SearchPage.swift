/// One page of search results: up to ten movies, and how many match in all.
///
/// ```swift
/// let page = try await movies.search("batman", 1)
/// print("page \(page.page) of \(page.pageCount) (\(page.totalResults) results)")
/// ```
public struct SearchPage: Hashable, Sendable, Codable {
  /// The number of results OMDb puts on one page.
  public static let size = 10
  /// The last page OMDb serves: it answers `page` from 1 to 100.
  public static let lastServedPage = 100

  /// The results on this page, in OMDb's order.
  public var movies: [Movie]
  /// How many results match the query in all pages.
  public var totalResults: Int
  /// This page's number, from 1.
  public var page: Int

  /// Creates a page of results.
  public init(movies: [Movie], totalResults: Int, page: Int = 1) {
    self.movies = movies
    self.totalResults = totalResults
    self.page = page
  }

  /// How many pages the results fill, at most ``lastServedPage``.
  public var pageCount: Int { Self.pageCount(forResults: totalResults) }

  /// How many pages `count` results fill, ten to a page, at most ``lastServedPage``.
  ///
  /// ```swift
  /// SearchPage.pageCount(forResults: 338)  // 34
  /// ```
  public static func pageCount(forResults count: Int) -> Int {
    min((count + size - 1) / size, lastServedPage)
  }

  /// Whether another page follows this one.
  public var hasNextPage: Bool { page < pageCount }
}
