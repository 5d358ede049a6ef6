import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension MovieService {
  /// OMDb's public endpoint, `https://www.omdbapi.com/`.
  public static let omdbURL = URL(string: "https://www.omdbapi.com/") ?? URL(fileURLWithPath: "/")

  /// The OMDb HTTP API.
  ///
  /// ```swift
  /// let movies = MovieService.live(apiKey: ProcessInfo.processInfo.environment["OMDB_API_KEY"] ?? "")
  /// let page = try await movies.search("batman", 1)
  /// ```
  ///
  /// Searches ask for `?s=…&page=…` (the page clamped to 1…100; an empty query is answered with
  /// an empty page and no request), details for `?i=…&plot=full`. Every failure is a
  /// ``MovieServiceError``; none of them, nor anything else the client says, holds `apiKey`.
  /// Cancelling the calling task cancels the request.
  ///
  /// - Parameters:
  ///   - apiKey: Your OMDb key (omdbapi.com/apikey.aspx).
  ///   - baseURL: The endpoint; a mirror, or a server on loopback in tests.
  ///   - session: The session to use; its `timeoutIntervalForRequest` is the request timeout.
  public static func live(
    apiKey: String, baseURL: URL = omdbURL, session: URLSession = .shared
  ) -> Self {
    let client = OMDbClient(apiKey: apiKey, baseURL: baseURL, session: session)
    return Self(
      search: { query, page in try await client.search(query, kind: nil, page: page) },
      details: { id in try await client.details(id) },
      searchKind: { query, kind, page in try await client.search(query, kind: kind, page: page) }
    )
  }
}
