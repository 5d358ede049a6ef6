import Foundation
import Loop
import LoopInspector

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for the live client's and the
/// app's tests: it answers each request with what `route` says, then closes the connection.
///
/// ```swift
/// let server = try LoopbackServer { request in .json(200, fixture("search_batman_page1.json")) }
/// defer { server.stop() }
/// let movies = MovieService.live(apiKey: "k", baseURL: server.baseURL)
/// ```
///
/// Each connection is served on its own thread with blocking POSIX sockets; nothing here
/// touches any address but loopback.
final class LoopbackServer: Sendable {
  /// A request as the server read it.
  struct Request: Sendable, Equatable {
    var method: String
    var path: String
    /// The raw query, still percent-encoded.
    var rawQuery: String
    /// The query's parameters, decoded.
    var parameters: [String: String]
  }

  /// What to send back.
  enum Reply: Sendable {
    /// A complete response.
    case respond(status: Int, body: Data, contentType: String = "application/json")
    /// Headers announcing all of `body`, then only its first `sentBytes`, then close.
    case truncated(status: Int, body: Data, sentBytes: Int)
    /// Raw bytes, not HTTP, then close.
    case raw(Data)
    /// Nothing, until the client gives up and disconnects.
    case hang

    /// A JSON body with `status`.
    static func json(_ status: Int, _ body: Data) -> Self { .respond(status: status, body: body) }
    /// A JSON body with `status`.
    static func json(_ status: Int, _ body: String) -> Self {
      .respond(status: status, body: Data(body.utf8))
    }
  }

  /// Something that happened, in order.
  enum Event: Sendable, Equatable {
    case received(Request)
    case disconnected(Request)
  }

  private struct Shared {
    var isStopped = false
    var events: [Event] = []
    var waiters:
      [(condition: @Sendable ([Event]) -> Bool, continuation: CheckedContinuation<Void, Never>)] =
        []
  }

  let port: UInt16
  private let listener: Int32
  private let route: @Sendable (Request) -> Reply
  private let shared = LockedState(Shared())

  /// Starts listening on 127.0.0.1 with a port the system picks.
  init(route: @escaping @Sendable (Request) -> Reply) throws {
    self.route = route
    let (fd, port) = try LoopbackSocket.bind()
    do {
      try LoopbackSocket.listen(fd)
    } catch {
      LoopbackSocket.close(fd)
      throw error
    }
    self.port = port
    self.listener = fd
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  /// `http://127.0.0.1:<port>/`.
  var baseURL: URL { Self.url(port: port) }

  /// `http://127.0.0.1:<port>/`.
  static func url(port: UInt16) -> URL {
    URL(string: "http://127.0.0.1:\(port)/") ?? URL(fileURLWithPath: "/")
  }

  /// Every event so far.
  var events: [Event] { shared.withLock { $0.events } }

  /// Every request so far.
  var requests: [Request] {
    events.compactMap { if case let .received(request) = $0 { request } else { nil } }
  }

  /// Waits until the events so far satisfy `condition`.
  func wait(until condition: @escaping @Sendable ([Event]) -> Bool) async {
    await withCheckedContinuation { continuation in
      let ready = shared.withLock { shared in
        if condition(shared.events) { return true }
        shared.waiters.append((condition, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Stops accepting connections; the port stays taken until the server is released, so
  /// connecting to it is refused.
  ///
  /// NB: Only the accept loop closes the listening socket. Closing it here, while `accept`
  /// runs on the other thread, would free the descriptor for another server to take, and the
  /// loop would go on accepting that server's connections.
  func stop() {
    let wasStopped = shared.withLock { shared in
      defer { shared.isStopped = true }
      return shared.isStopped
    }
    if !wasStopped { shutdown(listener, Int32(SHUT_RDWR)) }
  }

  private func record(_ event: Event) {
    let ready = shared.withLock { shared in
      shared.events.append(event)
      let events = shared.events
      let ready = shared.waiters.filter { $0.condition(events) }.map(\.continuation)
      shared.waiters.removeAll { $0.condition(events) }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  private func acceptLoop() {
    while let connection = LoopbackSocket.accept(listener) {
      Thread { [self] in serve(connection) }.start()
    }
    LoopbackSocket.close(listener)
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    guard let request = readRequest(connection) else { return }
    record(.received(request))
    switch route(request) {
    case let .respond(status, body, contentType):
      write(connection, head(status, contentType: contentType, length: body.count) + body)
    case let .truncated(status, body, sentBytes):
      write(connection, head(status, contentType: "application/json", length: body.count))
      write(connection, body.prefix(sentBytes))
    case let .raw(bytes):
      write(connection, bytes)
    case .hang:
      var byte: UInt8 = 0
      while recv(connection, &byte, 1, 0) > 0 {}
      record(.disconnected(request))
      return
    }
    shutdown(connection, Int32(SHUT_WR))
  }

  private func head(_ status: Int, contentType: String, length: Int) -> Data {
    let reasons = [200: "OK", 401: "Unauthorized", 404: "Not Found", 500: "Internal Server Error"]
    let reason = reasons[status] ?? "Status"
    return Data(
      ("HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(contentType)\r\n"
        + "Content-Length: \(length)\r\nConnection: close\r\n\r\n").utf8)
  }

  private func readRequest(_ connection: Int32) -> Request? {
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while received.range(of: Data("\r\n\r\n".utf8)) == nil, received.count < 65_536 {
      let count = recv(connection, &buffer, buffer.count, 0)
      guard count > 0 else { return nil }
      received.append(contentsOf: buffer[0..<count])
    }
    let head = String(decoding: received, as: UTF8.self)
    let parts = head.prefix { $0 != "\r" }.split(separator: " ")
    guard parts.count >= 2 else { return nil }
    let target = parts[1]
    let path = String(target.prefix { $0 != "?" })
    let rawQuery = target.contains("?") ? String(target.drop { $0 != "?" }.dropFirst()) : ""
    var parameters: [String: String] = [:]
    for pair in rawQuery.split(separator: "&") {
      let nameAndValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(nameAndValue[0]).removingPercentEncoding ?? String(nameAndValue[0])
      let value = nameAndValue.count > 1 ? String(nameAndValue[1]) : ""
      parameters[name] = value.removingPercentEncoding ?? value
    }
    return Request(method: String(parts[0]), path: path, rawQuery: rawQuery, parameters: parameters)
  }

  private func write(_ connection: Int32, _ data: Data) {
    LoopbackSocket.write(connection, data)
  }
}
