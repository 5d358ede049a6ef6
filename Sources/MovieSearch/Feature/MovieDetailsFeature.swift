import Loop

/// One title's details, as a presented child of ``MoviesFeature``: loading, an error, retry.
///
/// Presented with `presents(state:action:environment:then:)`, so closing it (``Action/closeTapped``,
/// or the parent's `.details(.dismiss)`) cancels its request: a response for a closed screen
/// never reaches the store.
///
/// ```swift
/// store.send(.movieSelected(imdbID: "tt0372784"))   // presents it, and it loads
/// store.send(.details(.presented(.retry)))          // after a failure
/// store.send(.details(.dismiss))                    // closes it
/// ```
///
/// A failure that asking again could mend (``MovieServiceError/isRetryable``) also presents an
/// alert, ``State/alert``, for the person to decide: "Retry" or "Back".
public enum MovieDetailsFeature {
  /// The title being shown.
  public struct State: Equatable, Sendable, Identifiable, Codable {
    /// The IMDb id of the title.
    public var imdbID: String
    /// The details, once loaded.
    public var movie: MovieDetails?
    /// Whether a request is in flight.
    public var isLoading: Bool
    /// Why the last request failed.
    public var error: MovieServiceError?
    /// The question after a failure that asking again could mend: retry, or go back.
    public var alert: AlertState<Action.Alert>?

    /// The identity of the screen: the title it shows.
    public var id: String { imdbID }

    /// A screen for `imdbID`, not loaded yet.
    public init(
      imdbID: String, movie: MovieDetails? = nil, isLoading: Bool = false,
      error: MovieServiceError? = nil, alert: AlertState<Action.Alert>? = nil
    ) {
      self.imdbID = imdbID
      self.movie = movie
      self.isLoading = isLoading
      self.error = error
      self.alert = alert
    }
  }

  /// What happens on the details screen.
  public enum Action: Equatable, Sendable {
    /// Load the details (sent by the parent when it presents the screen).
    case load
    /// The service answered.
    case response(Result<MovieDetails, MovieServiceError>)
    /// Ask again after a failure.
    case retry
    /// The user closed the screen: it dismisses itself.
    case closeTapped
    /// The failure alert's buttons.
    case alert(PresentationAction<Alert>)

    /// What the failure alert's buttons send.
    public enum Alert: Equatable, Sendable, Codable {
      /// Ask again.
      case retry
      /// Close the details.
      case back
    }
  }

  /// The alert shown when the details failed in a way asking again could mend.
  public static func failureAlert(_ error: MovieServiceError) -> AlertState<Action.Alert> {
    AlertState(
      title: "The details did not load", message: "\(error)",
      buttons: [
        ButtonState("Retry", action: .retry),
        ButtonState("Back", role: .cancel, action: .back),
      ])
  }

  /// Loads, retries and closes.
  public static let reducer = Reducer<State, Action, MoviesEnvironment> {
    state, action, environment in
    switch action {
    case .load, .retry, .alert(.presented(.retry)):
      guard !state.isLoading else { return .none }
      state.movie = nil
      state.error = nil
      state.alert = nil
      state.isLoading = true
      let id = state.imdbID
      return .run { send in
        do {
          await send(.response(.success(try await environment.movies.details(id))))
        } catch is CancellationError {
          return
        } catch {
          guard !Task.isCancelled else { return }
          await send(.response(.failure(MovieServiceError(error))))
        }
      }
    case let .response(result):
      guard state.isLoading else { return .none }
      state.isLoading = false
      switch result {
      case let .success(movie): state.movie = movie
      case let .failure(error):
        state.error = error
        if error.isRetryable { state.alert = failureAlert(error) }
      }
      return .none
    case .closeTapped, .alert(.presented(.back)):
      return .dismiss
    case .alert(.dismiss):
      return .none
    }
  }
  .presents(state: \.alert, action: Action.alert)
}

/// Encoded as synthesized `Codable` would, with the answer through ``CodedResult``.
extension MovieDetailsFeature.Action: Codable {
  private enum Coded: Codable {
    case load
    case response(CodedResult<MovieDetails>)
    case retry
    case closeTapped
    case alert(PresentationAction<MovieDetailsFeature.Action.Alert>)
  }

  /// Decodes an action as a session recorder wrote it.
  public init(from decoder: any Decoder) throws {
    self =
      switch try Coded(from: decoder) {
      case .load: .load
      case let .response(result): .response(result.result)
      case .retry: .retry
      case .closeTapped: .closeTapped
      case let .alert(action): .alert(action)
      }
  }

  /// Encodes the action: `{"case":{"_0":…}}`, a result as `{"success":…}` or `{"failure":…}`.
  public func encode(to encoder: any Encoder) throws {
    let coded: Coded =
      switch self {
      case .load: .load
      case let .response(result): .response(CodedResult(result))
      case .retry: .retry
      case .closeTapped: .closeTapped
      case let .alert(action): .alert(action)
      }
    try coded.encode(to: encoder)
  }
}
