import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live OMDb client behind ``MovieService/live(apiKey:baseURL:session:)``.
struct OMDbClient: Sendable {
  let apiKey: String
  let baseURL: URL
  let session: URLSession

  func search(_ query: String, kind: MovieKind?, page: Int) async throws -> SearchPage {
    let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
    let page = min(max(page, 1), SearchPage.lastServedPage)
    guard !text.isEmpty else { return SearchPage(movies: [], totalResults: 0, page: page) }
    var parameters = [("s", String(text)), ("page", String(page))]
    if let kind { parameters.append(("type", kind.rawValue)) }
    let body = try await fetch(parameters)
    do {
      return try OMDbDecoding.searchPage(from: body, page: page)
    } catch {
      throw redacted(error)
    }
  }

  func details(_ imdbID: String) async throws -> MovieDetails {
    let id = imdbID.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !id.isEmpty else { throw MovieServiceError.incorrectID }
    let body = try await fetch([("i", String(id)), ("plot", "full")])
    do {
      return try OMDbDecoding.details(from: body)
    } catch {
      throw redacted(error)
    }
  }

  /// The body of a 200 response to `parameters` plus the key; OMDb's errors, HTTP errors and
  /// transport errors thrown as ``MovieServiceError``, or `CancellationError`.
  private func fetch(_ parameters: [(String, String)]) async throws -> Data {
    let request = try makeRequest(parameters)
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: request)
    } catch {
      guard let failure = Self.transportError(error) else { throw CancellationError() }
      throw redacted(failure)
    }
    guard let http = response as? HTTPURLResponse else { throw MovieServiceError.cannotConnect }
    if response.expectedContentLength > 0, Int64(data.count) < response.expectedContentLength {
      throw MovieServiceError.truncatedResponse
    }
    guard (200..<300).contains(http.statusCode) else {
      // NB: OMDb sends some of its errors ("Invalid API key!") with 401; read the body first.
      if let object = try? OMDbObject(body: data) {
        do {
          try object.checkResponse()
        } catch {
          throw redacted(error)
        }
      }
      throw MovieServiceError.httpStatus(http.statusCode)
    }
    return data
  }

  private func makeRequest(_ parameters: [(String, String)]) throws(MovieServiceError)
    -> URLRequest
  {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
      throw .network("the base URL is not a valid address")
    }
    let items = (parameters + [("apikey", apiKey)]).map { name, value in
      "\(name)=\(Self.percentEncoded(value))"
    }
    let existing = components.percentEncodedQuery.map { [$0] } ?? []
    components.percentEncodedQuery = (existing + items).joined(separator: "&")
    guard let url = components.url else { throw .network("the base URL is not a valid address") }
    var request = URLRequest(url: url)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    return request
  }

  /// `error` without the key, as written or percent-encoded: every error the client throws
  /// passes through here.
  private func redacted(_ error: MovieServiceError) -> MovieServiceError {
    error.redacting(apiKey).redacting(Self.percentEncoded(apiKey))
  }

  /// `value` with everything but RFC 3986's unreserved characters percent-encoded.
  static func percentEncoded(_ value: String) -> String {
    var result = ""
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        result += byte < 16 ? "%0\(hex)" : "%\(hex)"
      }
    }
    return result
  }

  /// A transport failure as a ``MovieServiceError``, or `nil` for a cancellation. It is
  /// described by its kind only: a `URLError`'s own description holds the request's address,
  /// and so the key.
  static func transportError(_ error: any Error) -> MovieServiceError? {
    if error is CancellationError { return nil }
    guard let urlError = error as? URLError else {
      return .network(String(describing: type(of: error)))
    }
    switch urlError.code {
    case .cancelled: return nil
    case .timedOut: return .timedOut
    case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
      .internationalRoamingOff, .dataNotAllowed:
      return .cannotConnect
    case .networkConnectionLost: return .truncatedResponse
    case .badServerResponse, .cannotParseResponse: return .network("the answer is not valid HTTP")
    case .unknown where urlError.localizedDescription.hasPrefix("transfer closed"):
      // NB: On Linux, FoundationNetworking reports curl's "transfer closed with n bytes
      // remaining to read" (a body shorter than its Content-Length) as an unknown error.
      return .truncatedResponse
    default: return .network("URLError code \(urlError.code.rawValue)")
    }
  }
}
