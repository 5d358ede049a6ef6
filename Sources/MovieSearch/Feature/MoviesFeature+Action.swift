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

/// Actions encode as their case and payload, as synthesized `Codable` would, with the
/// service's answers through ``CodedResult``: a recorded session (``SessionRecorder``) writes
/// them, and a replay reads them back.
extension MoviesFeature.Action: Codable {
  private enum Coded: Codable {
    case queryChanged(String)
    case kindChanged(MovieKind?)
    case searchSubmitted(page: Int)
    case searchResponse(MoviesFeature.SearchRequest, CodedResult<SearchPage>)
    case loadNextPage
    case movieSelected(imdbID: String)
    case details(PresentationAction<MovieDetailsFeature.Action>)
    case retry
  }

  /// Decodes an action as a session recorder wrote it.
  public init(from decoder: any Decoder) throws {
    self =
      switch try Coded(from: decoder) {
      case let .queryChanged(query): .queryChanged(query)
      case let .kindChanged(kind): .kindChanged(kind)
      case let .searchSubmitted(page): .searchSubmitted(page: page)
      case let .searchResponse(request, result): .searchResponse(request, result.result)
      case .loadNextPage: .loadNextPage
      case let .movieSelected(id): .movieSelected(imdbID: id)
      case let .details(action): .details(action)
      case .retry: .retry
      }
  }

  /// Encodes the action: `{"case":{"_0":…}}`, a result as `{"success":…}` or `{"failure":…}`.
  public func encode(to encoder: any Encoder) throws {
    let coded: Coded =
      switch self {
      case let .queryChanged(query): .queryChanged(query)
      case let .kindChanged(kind): .kindChanged(kind)
      case let .searchSubmitted(page): .searchSubmitted(page: page)
      case let .searchResponse(request, result): .searchResponse(request, CodedResult(result))
      case .loadNextPage: .loadNextPage
      case let .movieSelected(id): .movieSelected(imdbID: id)
      case let .details(action): .details(action)
      case .retry: .retry
      }
    try coded.encode(to: encoder)
  }
}
