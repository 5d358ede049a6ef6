import Foundation

/// One result of a search: what OMDb lists for a title in a search page.
///
/// ```swift
/// for movie in page.movies {
///   print(movie.title, movie.year.map(String.init(describing:)) ?? "", movie.id)
/// }
/// ```
public struct Movie: Identifiable, Hashable, Sendable, Codable {
  /// The IMDb id, such as `tt0372784`; the key for ``MovieService/details``.
  public var id: String
  /// The title.
  public var title: String
  /// The year or years; `nil` when OMDb says `N/A`.
  public var year: Year?
  /// Movie, series, episode, game, or another kind.
  public var kind: MovieKind
  /// The poster's address; `nil` when OMDb has none.
  public var poster: URL?

  /// Creates a search result.
  public init(id: String, title: String, year: Year?, kind: MovieKind, poster: URL? = nil) {
    self.id = id
    self.title = title
    self.year = year
    self.kind = kind
    self.poster = poster
  }
}
