import Foundation
import Loop

/// Search-as-you-type over a ``MovieService``: debounced, cancel-in-flight searches, paging,
/// details, loading and error states, and retry.
///
/// ```swift
/// let store = Store(
///   initialState: MoviesFeature.State(),
///   reducer: MoviesFeature.reducer,
///   environment: MoviesEnvironment(movies: .offline, clock: ContinuousClock())
/// )
/// store.send(.queryChanged("batman"))
/// ```
///
/// Only the answer to ``State/lastSearch`` is taken: an answer that arrives after the query,
/// the kind or the page changed is dropped, even if its effect was not cancelled in time.
public enum MoviesFeature {
  /// How long typing must pause before a search starts.
  public static let debounce: Duration = .milliseconds(300)

  /// The ids the feature's effects are cancelled by.
  enum CancelID: Hashable, Sendable {
    case search
  }

  /// The feature's logic.
  public static let reducer = Reducer<State, Action, MoviesEnvironment> {
    state, action, environment in
    switch action {
    case let .queryChanged(query):
      state.query = query
      guard !state.isQueryBlank else {
        state.clearResults()
        state.isLoading = false
        state.isLoadingNextPage = false
        state.lastSearch = nil
        return .cancel(id: CancelID.search)
      }
      return state.startSearch(page: 1, environment)
        .debounce(id: CancelID.search, for: debounce, clock: environment.clock)

    case let .kindChanged(kind):
      state.kind = kind
      guard !state.isQueryBlank else { return .none }
      return state.startSearch(page: 1, environment)
        .cancellable(id: CancelID.search, cancelInFlight: true)

    case let .searchSubmitted(page):
      guard !state.isQueryBlank else { return .none }
      return state.startSearch(page: page, environment)
        .cancellable(id: CancelID.search, cancelInFlight: true)

    case let .searchResponse(request, result):
      guard request == state.lastSearch, state.isLoading || state.isLoadingNextPage else {
        return .none
      }
      let appending = state.isLoadingNextPage
      state.isLoading = false
      state.isLoadingNextPage = false
      switch result {
      case let .success(page):
        if appending {
          state.results += page.movies
        } else {
          state.results = page.movies
          state.firstPage = request.page
        }
        state.lastPage = request.page
        state.totalResults = page.totalResults
      case let .failure(error):
        if !appending { state.clearResults() }
        state.searchError = error
      }
      return .none

    case .loadNextPage:
      guard state.hasNextPage, !state.isLoading, !state.isLoadingNextPage else { return .none }
      let request = SearchRequest(query: state.query, kind: state.kind, page: state.lastPage + 1)
      state.lastSearch = request
      state.searchError = nil
      state.isLoadingNextPage = true
      return search(request, environment).cancellable(id: CancelID.search, cancelInFlight: true)

    case let .movieSelected(id):
      state.details = MovieDetailsFeature.State(imdbID: id)
      return .send(.details(.presented(.load)))

    case .details:
      return .none

    case .retry:
      var effects: [Effect<Action>] = []
      if state.searchError != nil, let request = state.lastSearch {
        state.searchError = nil
        if state.lastPage > 0 && request.page == state.lastPage + 1 {
          state.isLoadingNextPage = true
        } else {
          state.isLoading = true
        }
        effects.append(
          search(request, environment).cancellable(id: CancelID.search, cancelInFlight: true))
      }
      if state.details?.error != nil {
        effects.append(.send(.details(.presented(.retry))))
      }
      return .merge(effects)
    }
  }
  .presents(
    state: \.details, action: detailsAction,
    then: MovieDetailsFeature.reducer)

  /// `.details` in ``Action``.
  static let detailsAction = CasePath<Action, PresentationAction<MovieDetailsFeature.Action>>(
    embed: Action.details,
    extract: { if case let .details(action) = $0 { action } else { nil } })

  /// Asks the service for `request` and sends the answer back; a cancelled search sends nothing.
  static func search(_ request: SearchRequest, _ environment: MoviesEnvironment) -> Effect<Action> {
    .run { send in
      do {
        let page = try await environment.movies.search(
          request.query, kind: request.kind, page: request.page)
        await send(.searchResponse(request, .success(page)))
      } catch is CancellationError {
        return
      } catch {
        guard !Task.isCancelled else { return }
        await send(.searchResponse(request, .failure(MovieServiceError(error))))
      }
    }
  }
}

extension MoviesFeature.State {
  /// Records a new search for `page` of the current query and returns its effect.
  fileprivate mutating func startSearch(
    page: Int, _ environment: MoviesEnvironment
  ) -> Effect<MoviesFeature.Action> {
    let request = MoviesFeature.SearchRequest(
      query: query, kind: kind, page: min(max(page, 1), SearchPage.lastServedPage))
    lastSearch = request
    searchError = nil
    isLoading = true
    isLoadingNextPage = false
    return MoviesFeature.search(request, environment)
  }

  fileprivate var isQueryBlank: Bool {
    query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
  }

  fileprivate mutating func clearResults() {
    results = []
    totalResults = 0
    firstPage = 1
    lastPage = 0
    searchError = nil
  }
}
