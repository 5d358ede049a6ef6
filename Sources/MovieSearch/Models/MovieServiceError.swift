import Foundation

/// Why a ``MovieService`` call failed: OMDb's own errors, typed, and what can go wrong on the
/// way to it.
///
/// OMDb answers most errors with `"Response":"False"` and a message, with status 200 or 401;
/// the live client turns each known message into its case whatever the status.
///
/// ```swift
/// do {
///   let page = try await movies.search("qwertyuiop", 1)
/// } catch .notFound {
///   print("No results.")
/// } catch {
///   print("movies: \(error)")
/// }
/// ```
///
/// No case ever holds the API key: the live client removes it from every message.
public enum MovieServiceError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  /// No title matches (OMDb: "Movie not found!"), or a page past the last one.
  case notFound
  /// The query matches too many titles to list (OMDb: "Too many results.").
  case tooManyResults
  /// The IMDb id is not one OMDb knows (OMDb: "Incorrect IMDb ID.").
  case incorrectID
  /// OMDb rejected the API key (OMDb: "Invalid API key!", status 401).
  case invalidAPIKey
  /// The request carried no API key (OMDb: "No API key provided.").
  case noAPIKey
  /// The key's daily allowance is used up (OMDb: "Request limit reached!").
  case requestLimitReached
  /// Another error OMDb reported, with its message (for instance "Something went wrong.").
  case server(String)
  /// The offline catalog lists the title but holds no details for it.
  case detailsUnavailable(imdbID: String)
  /// An HTTP status other than 200, with a body that is not one of OMDb's errors.
  case httpStatus(Int)
  /// No answer came before the session's timeout.
  case timedOut
  /// The server could not be reached: connection refused, no route, unknown host.
  case cannotConnect
  /// The connection closed before the whole response arrived.
  case truncatedResponse
  /// Another network failure, described without the request's address.
  case network(String)
  /// The body is not the shape OMDb sends; the message says what was wrong.
  case decoding(String)
  /// The offline catalog bundled with the library could not be read.
  case catalogUnavailable(String)
  /// A service (a test double, say) threw an error that is not a `MovieServiceError`.
  case unexpected(String)

  /// Reads one of OMDb's `"Error"` messages.
  ///
  /// ```swift
  /// MovieServiceError(omdbMessage: "Movie not found!")  // .notFound
  /// ```
  public init(omdbMessage message: String) {
    let text = message.trimmingCharacters(in: .whitespacesAndNewlines)
    switch text.lowercased() {
    case "too many results.", "too many results": self = .tooManyResults
    case "incorrect imdb id.", "incorrect imdb id": self = .incorrectID
    case "invalid api key!", "invalid api key": self = .invalidAPIKey
    case "no api key provided.", "no api key provided": self = .noAPIKey
    case "request limit reached!", "request limit reached": self = .requestLimitReached
    case let lowered where lowered.hasSuffix("not found!") || lowered.hasSuffix("not found"):
      // NB: OMDb says "Movie not found!", "Series not found!" or "Episode not found!".
      self = .notFound
    default: self = .server(String(text))
    }
  }

  /// Wraps any error as a `MovieServiceError`, keeping one that already is.
  public init(_ error: any Error) {
    self = error as? MovieServiceError ?? .unexpected(String(describing: error))
  }

  /// One sentence for a person, without the API key.
  public var description: String {
    switch self {
    case .notFound: "no title matches"
    case .tooManyResults: "too many titles match: type more of the title"
    case .incorrectID: "OMDb knows no title with that IMDb id"
    case .invalidAPIKey: "OMDb rejected the API key: check OMDB_API_KEY"
    case .noAPIKey: "the request carried no API key: set OMDB_API_KEY"
    case .requestLimitReached:
      "the API key's daily request limit is reached (a free key allows 1,000 a day)"
    case let .server(message): "OMDb reported an error: \(message)"
    case let .detailsUnavailable(id): "the offline catalog has no details for \(id)"
    case let .httpStatus(status): "the server answered with HTTP status \(status)"
    case .timedOut: "the server did not answer in time"
    case .cannotConnect: "could not connect to the server"
    case .truncatedResponse: "the connection closed before the whole response arrived"
    case let .network(message): "network error: \(message)"
    case let .decoding(message): "the response is not OMDb's shape: \(message)"
    case let .catalogUnavailable(message): "the offline catalog could not be read: \(message)"
    case let .unexpected(message): "unexpected error: \(message)"
    }
  }

  /// Whether asking again, unchanged, could succeed: true for the network's and the server's
  /// passing failures, false when the answer would be the same (no such title, a bad key, a
  /// title the offline catalog does not hold).
  ///
  /// ```swift
  /// MovieServiceError.timedOut.isRetryable                          // true
  /// MovieServiceError.detailsUnavailable(imdbID: "tt1").isRetryable  // false
  /// ```
  public var isRetryable: Bool {
    switch self {
    case .server, .timedOut, .cannotConnect, .truncatedResponse, .network, .unexpected:
      true
    case let .httpStatus(status):
      status == 408 || status == 429 || status >= 500
    case .notFound, .tooManyResults, .incorrectID, .invalidAPIKey, .noAPIKey,
      .requestLimitReached, .detailsUnavailable, .decoding, .catalogUnavailable:
      false
    }
  }

  /// The same error with every occurrence of `secret` in its messages replaced by `•••`.
  ///
  /// The live client applies this with its API key to every error it throws.
  public func redacting(_ secret: String) -> Self {
    guard !secret.isEmpty else { return self }
    func redact(_ text: String) -> String { text.replacing(secret, with: "•••") }
    switch self {
    case let .server(message): return .server(redact(message))
    case let .detailsUnavailable(id): return .detailsUnavailable(imdbID: redact(id))
    case let .network(message): return .network(redact(message))
    case let .decoding(message): return .decoding(redact(message))
    case let .catalogUnavailable(message): return .catalogUnavailable(redact(message))
    case let .unexpected(message): return .unexpected(redact(message))
    case .notFound, .tooManyResults, .incorrectID, .invalidAPIKey, .noAPIKey,
      .requestLimitReached, .httpStatus, .timedOut, .cannotConnect, .truncatedResponse:
      return self
    }
  }
}
