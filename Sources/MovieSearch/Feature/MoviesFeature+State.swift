extension MoviesFeature {
  /// The movies feature's state: the query, the results loaded so far, the selected title's
  /// details, and what is loading or failed.
  ///
  /// ```swift
  /// let state = MoviesFeature.State(query: "batman")
  /// ```
  public struct State: Equatable, Sendable, Codable {
    /// The query as typed.
    public var query: String
    /// The kind of title to search for, or `nil` for any.
    public var kind: MovieKind?
    /// The results of the pages loaded so far, in order.
    public var results: [Movie]
    /// How many titles match in all, as the service counts them.
    public var totalResults: Int
    /// The page ``results`` start at (1, unless a search started further on).
    public var firstPage: Int
    /// The last page loaded; 0 before the first answer.
    public var lastPage: Int
    /// Whether a new search is waiting for its debounce or its answer.
    public var isLoading: Bool
    /// Whether the page after ``lastPage`` is loading.
    public var isLoadingNextPage: Bool
    /// Why the last search failed; ``MovieServiceError/notFound`` when nothing matches.
    public var searchError: MovieServiceError?
    /// The search asked for last: the one in flight, or the one that answered or failed. Only
    /// the answer to this request is taken; ``MoviesFeature/Action/retry`` asks again.
    public var lastSearch: SearchRequest?
    /// The details screen of the selected title, while it is presented.
    public var details: MovieDetailsFeature.State?

    /// Creates a state; by default, an empty search.
    public init(
      query: String = "", kind: MovieKind? = nil, results: [Movie] = [], totalResults: Int = 0,
      firstPage: Int = 1, lastPage: Int = 0, isLoading: Bool = false,
      isLoadingNextPage: Bool = false, searchError: MovieServiceError? = nil,
      lastSearch: SearchRequest? = nil, details: MovieDetailsFeature.State? = nil
    ) {
      self.query = query
      self.kind = kind
      self.results = results
      self.totalResults = totalResults
      self.firstPage = firstPage
      self.lastPage = lastPage
      self.isLoading = isLoading
      self.isLoadingNextPage = isLoadingNextPage
      self.searchError = searchError
      self.lastSearch = lastSearch
      self.details = details
    }

    /// How many pages the results fill (at most 100, the last page OMDb serves).
    public var pageCount: Int { SearchPage.pageCount(forResults: totalResults) }

    /// Whether ``MoviesFeature/Action/loadNextPage`` would load more.
    public var hasNextPage: Bool { lastPage > 0 && lastPage < pageCount }

    /// Whether anything is loading.
    public var isBusy: Bool { isLoading || isLoadingNextPage || details?.isLoading == true }
  }
}
