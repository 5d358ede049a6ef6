/// Where the movies feature gets its data: a struct of async closures, injected through
/// ``MoviesEnvironment``.
///
/// Use ``live(apiKey:baseURL:session:)`` for OMDb, ``offline`` for the bundled catalog, or
/// build a test double from closures:
///
/// ```swift
/// let movies = MovieService(
///   search: { query, page in SearchPage(movies: [.batmanBegins], totalResults: 1, page: page) },
///   details: unimplemented("MovieService.details")
/// )
/// ```
public struct MovieService: Sendable {
  /// One page (1…100) of titles matching `query`.
  public var search: @Sendable (_ query: String, _ page: Int) async throws -> SearchPage
  /// Everything known about the title with `imdbID`.
  public var details: @Sendable (_ imdbID: String) async throws -> MovieDetails
  /// A search restricted to one kind of title (OMDb's `type=`), when the service can do it
  /// itself. Without it, ``search(_:kind:page:)`` filters the pages ``search`` returns.
  public var searchKind:
    (@Sendable (_ query: String, _ kind: MovieKind, _ page: Int) async throws -> SearchPage)?

  /// Creates a service from its endpoints.
  ///
  /// - Parameters:
  ///   - search: One page of titles matching a query.
  ///   - details: The details of one title.
  ///   - searchKind: A search restricted to one kind of title, if the service supports it.
  public init(
    search: @escaping @Sendable (_ query: String, _ page: Int) async throws -> SearchPage,
    details: @escaping @Sendable (_ imdbID: String) async throws -> MovieDetails,
    searchKind: (
      @Sendable (_ query: String, _ kind: MovieKind, _ page: Int) async throws -> SearchPage
    )? = nil
  ) {
    self.search = search
    self.details = details
    self.searchKind = searchKind
  }

  /// One page of titles matching `query`, of `kind` when it is not `nil`.
  ///
  /// ```swift
  /// let series = try await movies.search("batman", kind: .series, page: 1)
  /// ```
  ///
  /// When the service has no ``searchKind`` endpoint, the page from ``search`` is filtered here,
  /// and its `totalResults` still counts every kind.
  public func search(_ query: String, kind: MovieKind?, page: Int) async throws -> SearchPage {
    guard let kind else { return try await search(query, page) }
    if let searchKind { return try await searchKind(query, kind, page) }
    var result = try await search(query, page)
    result.movies.removeAll { $0.kind != kind }
    return result
  }
}
