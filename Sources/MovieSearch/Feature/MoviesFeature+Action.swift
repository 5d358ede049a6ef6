import Loop

extension MoviesFeature {
  /// Everything that can happen in the movies feature.
  ///
  /// ```swift
  /// store.send(.queryChanged("batman"))  // searches 300 ms after the typing stops
  /// store.send(.loadNextPage)
  /// store.send(.movieSelected("tt0372784"))
  /// ```
  public enum Action: Equatable, Sendable {
    /// The query was edited. A search for page 1 starts once typing pauses for
    /// ``MoviesFeature/debounce``; an empty query clears the results and cancels the search.
    case queryChanged(String)
    /// The kind filter changed; the current query is searched again at once.
    case kindChanged(MovieKind?)
    /// Search the current query now, from `page`, replacing the results (Return in a search
    /// field, or a command line's `--page`).
    case searchSubmitted(page: Int)
    /// The service answered `request`.
    case searchResponse(SearchRequest, Result<SearchPage, MovieServiceError>)
    /// Append the next page of results, if there is one and nothing is loading.
    case loadNextPage
    /// A title was selected: present its details screen, which loads them.
    case movieSelected(imdbID: String)
    /// The details screen (``MovieDetailsFeature``): its actions, and `.dismiss` to close it,
    /// which cancels its request.
    case details(PresentationAction<MovieDetailsFeature.Action>)
    /// Ask again for what failed: the last search, the selected title's details, or both.
    case retry
  }
}
