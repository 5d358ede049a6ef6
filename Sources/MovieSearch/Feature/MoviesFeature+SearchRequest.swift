extension MoviesFeature {
  /// One search the feature asked its ``MovieService`` for; a response carries it, so the
  /// reducer can tell an answer to the current search from a late answer to an old one.
  ///
  /// ```swift
  /// .searchResponse(SearchRequest(query: "batman", page: 1), .success(page))
  /// ```
  public struct SearchRequest: Hashable, Sendable, Codable {
    /// The query as typed.
    public var query: String
    /// The kind of title asked for, or `nil` for any.
    public var kind: MovieKind?
    /// The OMDb page, 1…100.
    public var page: Int

    /// Creates a request.
    public init(query: String, kind: MovieKind? = nil, page: Int) {
      self.query = query
      self.kind = kind
      self.page = page
    }
  }
}
