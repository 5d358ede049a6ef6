import Foundation
import MovieSearch

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where the app's titles come from: OMDb when a key is set, the offline catalog otherwise.
struct MovieSource {
  var service: MovieService
  /// "offline catalog" or "OMDb", for the interactive screen.
  var name: String
  /// One line for stderr saying which source is used (never the key).
  var notice: String
  /// What a recording hides wherever it appears (the API key): never printed.
  var secrets: [String] = []

  /// Chooses from `OMDB_API_KEY`, `OMDB_BASE_URL` and `--offline`.
  static func choose(environment: [String: String], offline: Bool) throws(Arguments.UsageError)
    -> MovieSource
  {
    let key = environment["OMDB_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    if offline || key.isEmpty {
      let reason = offline ? "--offline" : "OMDB_API_KEY is not set"
      return MovieSource(
        service: .offline, name: "offline catalog",
        notice: "movies: searching the offline catalog (\(reason))")
    }
    var baseURL = MovieService.omdbURL
    if let text = environment["OMDB_BASE_URL"], !text.isEmpty {
      guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
        scheme == "http" || scheme == "https", url.host != nil
      else {
        throw Arguments.UsageError(
          description: "OMDB_BASE_URL must be an http or https address, not \"\(text)\"")
      }
      baseURL = url
    }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 15
    return MovieSource(
      service: .live(
        apiKey: key, baseURL: baseURL, session: URLSession(configuration: configuration)),
      name: "OMDb", notice: "movies: searching OMDb at \(baseURL.absoluteString)", secrets: [key])
  }
}
