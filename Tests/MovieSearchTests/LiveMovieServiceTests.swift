import Foundation
import LoopTesting
import MovieSearch
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("MovieService.live over HTTP on loopback", .hangBackstop)
struct LiveMovieServiceTests {
  static let key = "SECRET-KEY-4711"

  /// A session that gives up after `timeout` seconds and keeps nothing between tests.
  ///
  /// The default is a backstop, far above what a loaded machine takes: a test that cancels a
  /// hanging request must cancel it before the timeout does (a 10 s default lost that race in a
  /// parallel run beside a CI run). Tests of the timeout itself pass 1 s.
  static func session(timeout: TimeInterval = 600) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.urlCache = nil
    return URLSession(configuration: configuration)
  }

  func live(_ server: LoopbackServer, timeout: TimeInterval = 600) -> MovieService {
    .live(apiKey: Self.key, baseURL: server.baseURL, session: Self.session(timeout: timeout))
  }

  @Test("a search asks for ?s=&page= with the key, and decodes the page")
  func search() async throws {
    let server = try LoopbackServer { _ in .json(200, Fixtures.batmanPage1) }
    defer { server.stop() }
    let page = try await live(server).search("Batman", 1)
    #expect(page.movies.count == 10)
    #expect(page.totalResults == 338)
    #expect(
      server.requests.map(\.parameters) == [["s": "Batman", "page": "1", "apikey": Self.key]])
    #expect(server.requests.first?.method == "GET")
  }

  @Test("details ask for ?i=&plot=full")
  func details() async throws {
    let server = try LoopbackServer { _ in .json(200, Fixtures.batmanBegins) }
    defer { server.stop() }
    let details = try await live(server).details("tt0372784")
    #expect(details.directors == ["Christopher Nolan"])
    #expect(
      server.requests.map(\.parameters) == [["i": "tt0372784", "plot": "full", "apikey": Self.key]])
  }

  @Test("the query is percent-encoded, the page clamped to 1…100, the kind sent as type=")
  func encoding() async throws {
    let server = try LoopbackServer { _ in .json(200, Fixtures.batmanPage1) }
    defer { server.stop() }
    let movies = live(server)
    _ = try await movies.search("Batman & Robin+=?/é", 0)
    _ = try await movies.search("x", 500)
    _ = try await movies.search("x", kind: .series, page: 2)
    let requests = server.requests
    #expect(requests.count == 3)
    #expect(requests[0].rawQuery.hasPrefix("s=Batman%20%26%20Robin%2B%3D%3F%2F%C3%A9&page=1&"))
    #expect(requests[0].parameters["s"] == "Batman & Robin+=?/é")
    #expect(requests[1].parameters["page"] == "100")
    #expect(requests[2].parameters["type"] == "series")
  }

  @Test("an empty or blank query is answered without a request")
  func emptyQuery() async throws {
    let server = try LoopbackServer { _ in .json(500, "") }
    defer { server.stop() }
    #expect(
      try await live(server).search("  \n", 3) == SearchPage(movies: [], totalResults: 0, page: 3))
    #expect(server.requests.isEmpty)
  }

  @Test(
    "OMDb's errors are typed, with status 200 or 401",
    arguments: [200, 401],
    [
      ("Movie not found!", MovieServiceError.notFound), ("Too many results.", .tooManyResults),
      ("Incorrect IMDb ID.", .incorrectID), ("Invalid API key!", .invalidAPIKey),
      ("No API key provided.", .noAPIKey), ("Request limit reached!", .requestLimitReached),
      ("Something went wrong.", .server("Something went wrong.")),
    ])
  func omdbErrors(status: Int, error: (message: String, expected: MovieServiceError)) async throws {
    let body = #"{"Response":"False","Error":"\#(error.message)"}"#
    let server = try LoopbackServer { _ in .json(status, body) }
    defer { server.stop() }
    await #expect(throws: error.expected) { try await live(server).search("batman", 1) }
    await #expect(throws: error.expected) { try await live(server).details("tt1") }
  }

  @Test("the recorded invalid-key body with its real 401")
  func recordedInvalidKey() async throws {
    let server = try LoopbackServer { _ in .json(401, Fixtures.invalidAPIKey) }
    defer { server.stop() }
    await #expect(throws: MovieServiceError.invalidAPIKey) { try await live(server).search("a", 1) }
  }

  @Test("transport failures: each its own typed error")
  func transportFailures() async throws {
    let cases: [(LoopbackServer.Reply, MovieServiceError)] = [
      (
        .respond(status: 500, body: Data("<h1>oops</h1>".utf8), contentType: "text/html"),
        .httpStatus(500)
      ),
      (.json(404, "{}"), .httpStatus(404)),
      (
        .json(200, "<html>garbage</html>"),
        .decoding(#"the body is not JSON (20 bytes, starting "<html>garbage</html>")"#)
      ),
      (.truncated(status: 200, body: Fixtures.batmanPage1, sentBytes: 300), .truncatedResponse),
    ]
    for (reply, expected) in cases {
      let server = try LoopbackServer { _ in reply }
      defer { server.stop() }
      await #expect(throws: expected) { try await live(server).search("batman", 1) }
    }
  }

  @Test("an answer that is not HTTP at all")
  func notHTTP() async throws {
    let server = try LoopbackServer { _ in .raw(Data("SSH-2.0-OpenSSH_9.6\r\n".utf8)) }
    defer { server.stop() }
    let error = await #expect(throws: MovieServiceError.self) {
      try await live(server).search("b", 1)
    }
    #expect(error.map { "\($0)" }?.hasPrefix("network error:") == true)
  }

  @Test("a response slower than the session's timeout is .timedOut")
  func timeout() async throws {
    let server = try LoopbackServer { _ in .hang }
    defer { server.stop() }
    await #expect(throws: MovieServiceError.timedOut) {
      try await live(server, timeout: 1).search("batman", 1)
    }
  }

  @Test("a refused connection is .cannotConnect")
  func refused() async throws {
    let port = try RefusingPort()
    let movies = MovieService.live(apiKey: Self.key, baseURL: port.baseURL, session: Self.session())
    await #expect(throws: MovieServiceError.cannotConnect) { try await movies.search("b", 1) }
  }

  @Test("cancelling the task cancels the request")
  func cancellation() async throws {
    let server = try LoopbackServer { _ in .hang }
    defer { server.stop() }
    let movies = live(server)
    let search = Task { try await movies.search("batman", 1) }
    await server.wait { $0.contains { if case .received = $0 { true } else { false } } }
    search.cancel()
    await #expect(throws: CancellationError.self) { try await search.value }
    await server.wait { $0.contains { if case .disconnected = $0 { true } else { false } } }
  }

  @Test("the key appears in no error, whatever goes wrong")
  func keyNeverLeaks() async throws {
    let replies: [LoopbackServer.Reply] = [
      .json(200, #"{"Response":"False","Error":"Invalid API key: \#(Self.key)"}"#),
      .json(401, #"{"Response":"False","Error":"Invalid API key!"}"#),
      .json(200, #"{"Response":"False","Error":"No key like apikey=\#(Self.key) here"}"#),
      .json(500, "apikey=\(Self.key)"),
      .json(200, "<p>GET /?apikey=\(Self.key)</p>"),
      .json(
        200, #"{"Search":[{"Title":"X","imdbID":"tt1","Year":"\#(Self.key)"}],"totalResults":"1"}"#),
      .json(200, #"{"Title":"X","imdbID":"tt1","Runtime":"\#(Self.key)"}"#),
      .truncated(status: 200, body: Data(Self.key.utf8), sentBytes: 4),
      .raw(Data("\(Self.key)\r\n".utf8)),
    ]
    var errors: [any Error] = []
    for reply in replies {
      let server = try LoopbackServer { _ in reply }
      defer { server.stop() }
      do { _ = try await live(server).search("batman", 1) } catch { errors.append(error) }
      do { _ = try await live(server).details("tt1") } catch { errors.append(error) }
    }
    let hanging = try LoopbackServer { _ in .hang }
    defer { hanging.stop() }
    do { _ = try await live(hanging, timeout: 1).search("b", 1) } catch { errors.append(error) }
    let refusing = try RefusingPort()
    let refused = MovieService.live(
      apiKey: Self.key, baseURL: refusing.baseURL, session: Self.session())
    do { _ = try await refused.search("b", 1) } catch { errors.append(error) }

    #expect(errors.count == replies.count * 2 + 2)
    for error in errors {
      for text in [
        "\(error)", String(reflecting: error), error.localizedDescription,
        "\(error as? MovieServiceError ?? .notFound)",
      ] {
        #expect(
          !text.contains(Self.key), "the key leaked: \(text.replacing(Self.key, with: "<KEY>"))")
      }
    }
  }
}
