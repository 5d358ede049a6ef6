import LoopTesting
import Testing

@testable import LoopInspector

/// What the live inspector's server reads is data: any bytes a client sends become a request or
/// a typed problem, never a crash.
@Suite struct HTTPRequestTests {
  private func read(_ text: String, chunk: Int = 7) throws(HTTPRequest.Problem) -> HTTPRequest {
    var bytes = Array(text.utf8)[...]
    return try HTTPRequest.read {
      guard !bytes.isEmpty else { return nil }
      defer { bytes = bytes.dropFirst(chunk) }
      return Array(bytes.prefix(chunk))
    }
  }

  @Test func readsTheRequestLineQueryHeadersAndBody() throws {
    let request = try read(
      "POST /control?token=a%2Fb+c&x HTTP/1.1\r\nHost: 127.0.0.1:9\r\nContent-Length: 4\r\n"
        + "Last-Event-ID:  12 \r\n\r\n{\"a\"")
    #expect(request.method == "POST")
    #expect(request.path == "/control")
    #expect(request.parameters == ["token": "a/b c", "x": ""])
    #expect(request.headers["host"] == "127.0.0.1:9")
    #expect(request.headers["last-event-id"] == "12")
    #expect(request.body == Array("{\"a\"".utf8))
  }

  @Test func refusesWhatIsNotARequest() {
    #expect(throws: HTTPRequest.Problem.malformed("not an HTTP/1.1 request line")) {
      try read("hello\r\n\r\n")
    }
    #expect(throws: HTTPRequest.Problem.malformed("a header line with no colon")) {
      try read("GET / HTTP/1.1\r\nnonsense\r\n\r\n")
    }
    #expect(
      throws: HTTPRequest.Problem.malformed("Content-Length is not a size up to 1048576 bytes")
    ) {
      try read("GET / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n")
    }
    #expect(
      throws: HTTPRequest.Problem.malformed("Content-Length is not a size up to 1048576 bytes")
    ) {
      try read("GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n")
    }
    #expect(throws: HTTPRequest.Problem.malformed("the headers are over 16384 bytes")) {
      try read("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 20_000), chunk: 4096)
    }
    #expect(throws: HTTPRequest.Problem.closed) { try read("GET / HTTP/1.1\r\n") }
    #expect(throws: HTTPRequest.Problem.closed) {
      try read("GET / HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc")
    }
  }

  @Test func seededMutationsOfARequestAreReadOrRefusedNeverACrash() async {
    let valid = Array(
      "POST /control?token=abc&q=%E2%80%A8 HTTP/1.1\r\nHost: 127.0.0.1:1\r\nContent-Length: 2\r\n\r\n{}"
        .utf8)
    let hostile: [[UInt8]] = [
      Array("\u{2028}\u{2029}\u{85}</script>__proto__%%%zz%".utf8),
      [0, 0xFF, 0xFE, 13, 10, 13, 10],
      Array("1e400 -0 99999999999999999999".utf8),
    ]
    var random = SeededRandom(seed: 42)
    for await _ in SeededRandom.seeds(3_000) {
      let bytes = SeededMutation.mutate(valid, inserting: hostile, edits: 1...4, using: &random)
      var remaining = bytes[...]
      do {
        let request = try HTTPRequest.read {
          guard !remaining.isEmpty else { return nil }
          defer { remaining = remaining.dropFirst(5) }
          return Array(remaining.prefix(5))
        }
        #expect(request.path.hasPrefix("/"))
      } catch {
        #expect(error == .closed || { if case .malformed = error { true } else { false } }())
      }
    }
  }

  @Test func tokensCompareWholly() {
    #expect(InspectorServer.equalInConstantTime("abc", "abc"))
    #expect(!InspectorServer.equalInConstantTime("abc", "abd"))
    #expect(!InspectorServer.equalInConstantTime("abc", "ab"))
    #expect(!InspectorServer.equalInConstantTime("", "a"))
  }
}
