import Foundation

@testable import LoopInspector

/// A test's HTTP client to a server on 127.0.0.1: a request written as raw bytes (so a test
/// can send any header, or none), and a response read whole or as server-sent events.
final class LoopbackClient: @unchecked Sendable {
  private let fd: Int32
  private var buffer: [UInt8] = []

  /// - Parameter receiveBuffer: The socket's receive buffer, in bytes, when not the system's.
  init(port: UInt16, receiveBuffer: Int32? = nil) throws {
    fd = try LoopbackSocket.connect(port: port, receiveBuffer: receiveBuffer)
    // NB: A backstop only: a read that never ends fails the test instead of hanging it. It is
    // long because a command waits for the main actor, which the suite's other tests can hold
    // for most of a minute on a loaded machine; slowness must not be a verdict.
    LoopbackSocket.setReadTimeout(fd, seconds: 300)
  }

  deinit { LoopbackSocket.close(fd) }

  /// Sends a request; `host` nil sends the server's own.
  func send(
    _ method: String, _ target: String, port: UInt16, host: String? = nil,
    headers: [String] = [], body: String = ""
  ) {
    var text = "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
    for header in headers { text += header + "\r\n" }
    text += "Content-Length: \(body.utf8.count)\r\n\r\n" + body
    LoopbackSocket.write(fd, text.utf8)
  }

  /// The whole response, once the server closes.
  func response() -> (status: Int, body: String) {
    while let chunk = LoopbackSocket.read(fd) { buffer += chunk }
    let text = String(decoding: buffer, as: UTF8.self)
    let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
    let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
    return (status, body)
  }

  /// The next server-sent event (`id`, `event`, `data`), skipping comments and `retry`; `nil`
  /// at the end of the stream, or after `backstop` seconds with no event. (The server's
  /// keep-alive comments arrive every 10 s, so a read's own timeout would never end a wait
  /// for an event that does not come.)
  func nextEvent(backstop: Double = 300) -> (id: Int?, name: String, data: String)? {
    let deadline = Date(timeIntervalSinceNow: backstop)
    while Date() < deadline {
      if let end = buffer.firstRange(of: [10, 10]) {
        let block = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
        buffer.removeSubrange(..<end.upperBound)
        var id: Int?
        var name = ""
        var data = ""
        for line in block.split(separator: "\n") {
          if line.hasPrefix("id: ") { id = Int(line.dropFirst(4)) }
          if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
          if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
        }
        if !name.isEmpty { return (id, name, data) }
        continue
      }
      guard let chunk = LoopbackSocket.read(fd) else { return nil }
      buffer += chunk
    }
    return nil
  }
}
