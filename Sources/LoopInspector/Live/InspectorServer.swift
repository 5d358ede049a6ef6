import Dispatch
import Foundation
import Loop

/// The live inspector's HTTP server: on 127.0.0.1 only, every request carrying the token the
/// app printed. It serves the page (`/`), its events as server-sent events (`/events`), and
/// takes the page's commands (`POST /control`).
///
/// ```swift
/// let server = try InspectorServer(port: 0, token: token, session: session, page: html) {
///   command in .ok("{}")
/// }
/// print(server.url)   // http://127.0.0.1:<port>/?token=…
/// server.stop()
/// ```
///
/// Each connection is served on its own thread, with blocking sockets; the app's threads never
/// wait on one. A request with no token or the wrong one, or whose `Host` is not this server
/// (a page elsewhere reaching it through a DNS name), gets 403 and nothing else.
final class InspectorServer: Sendable {
  /// What a command from the page came to.
  enum Reply: Sendable, Equatable {
    /// Done; the JSON to answer with.
    case ok(String)
    /// Refused, and why (the page shows it).
    case refused(String)
  }

  let port: UInt16
  let token: String
  private let listener: Int32
  private let session: LiveSession
  private let page: String
  private let control: @Sendable (JSONValue) -> Reply
  private let state = LockedState(ServerState())

  private struct ServerState {
    var isStopped = false
    var connections = 0
  }

  /// The most connections served at once; more are answered 503.
  static let maximumConnections = 32
  /// How long a request may take to arrive.
  static let requestSeconds = 10
  /// How often an idle stream sends a comment, which finds pages that closed.
  static let keepAliveSeconds = 10.0

  /// Listens on 127.0.0.1 and `port` (0: one the system picks).
  init(
    port: UInt16, token: String, session: LiveSession, page: String,
    control: @escaping @Sendable (JSONValue) -> Reply
  ) throws(LoopbackSocket.Failure) {
    let (fd, port) = try LoopbackSocket.bind(port: port)
    do {
      try LoopbackSocket.listen(fd)
    } catch {
      LoopbackSocket.close(fd)
      throw error
    }
    listener = fd
    self.port = port
    self.token = token
    self.session = session
    self.page = page
    self.control = control
    Thread { [self] in acceptLoop() }.start()
  }

  /// The page's address, with the token.
  var url: String { "http://127.0.0.1:\(port)/?token=\(token)" }

  /// Stops accepting connections and ends every stream.
  func stop() {
    let wasStopped = state.withLock { state in
      defer { state.isStopped = true }
      return state.isStopped
    }
    guard !wasStopped else { return }
    session.close()
    // NB: Only the accept loop closes the listener: closed here while `accept` runs, its
    // descriptor could be reused, and the loop would accept another socket's connections.
    LoopbackSocket.shut(listener)
  }

  private func acceptLoop() {
    while let connection = LoopbackSocket.accept(listener) {
      let admitted = state.withLock { state in
        guard !state.isStopped, state.connections < Self.maximumConnections else { return false }
        state.connections += 1
        return true
      }
      guard admitted else {
        respond(connection, status: 503, type: "text/plain", body: "Too many connections.\n")
        LoopbackSocket.close(connection)
        continue
      }
      Thread { [self] in
        serve(connection)
        LoopbackSocket.close(connection)
        state.withLock { $0.connections -= 1 }
      }.start()
    }
    LoopbackSocket.close(listener)
  }

  private func serve(_ connection: Int32) {
    let request: HTTPRequest
    do {
      // NB: A client that connects and sends nothing gives up its thread after this long,
      // so idle connections cannot take every slot.
      LoopbackSocket.setReadTimeout(connection, seconds: Self.requestSeconds)
      request = try HTTPRequest.read { LoopbackSocket.read(connection) }
    } catch .malformed(let reason) {
      return respond(connection, status: 400, type: "text/plain", body: "Bad request: \(reason).\n")
    } catch {
      return
    }
    guard isThisServer(request.headers["host"]) else {
      return respond(
        connection, status: 403, type: "text/plain",
        body: "Refused: the Host header is not 127.0.0.1:\(port).\n")
    }
    guard Self.equalInConstantTime(request.parameters["token"] ?? "", token) else {
      return respond(
        connection, status: 403, type: "text/plain",
        body: "Refused: open the address the app printed, with its token.\n")
    }
    switch (request.method, request.path) {
    case ("GET", "/"):
      respond(connection, status: 200, type: "text/html; charset=utf-8", body: page)
    case ("GET", "/events"):
      stream(to: connection, lastEventID: request.headers["last-event-id"].flatMap { Int($0) })
    case ("POST", "/control"):
      let reply: Reply
      do {
        reply = control(try JSONParser.parse(bytes: request.body))
      } catch {
        reply = .refused("The command is not JSON: \(error.description)")
      }
      switch reply {
      case let .ok(json):
        respond(connection, status: 200, type: "application/json", body: json)
      case let .refused(reason):
        var json = "{\"error\":"
        JSONValue.writeString(reason, to: &json)
        respond(connection, status: 400, type: "application/json", body: json + "}")
      }
    default:
      respond(connection, status: 404, type: "text/plain", body: "Not found.\n")
    }
  }

  /// Sends the session's events until the page goes or the server stops: from after
  /// `lastEventID` when the page reconnects and those are kept, else a snapshot first.
  private func stream(to connection: Int32, lastEventID: Int?) {
    let head =
      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
      + "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\nretry: 1000\n\n"
    guard LoopbackSocket.write(connection, head.utf8) else { return }
    var cursor: Int
    if let lastEventID {
      cursor = lastEventID
    } else {
      guard let sent = sendSnapshot(to: connection) else { return }
      cursor = sent
    }
    while let read = session.next(after: cursor, timeout: Self.keepAliveSeconds) {
      switch read {
      case .events([]):
        guard LoopbackSocket.write(connection, ": keep-alive\n\n".utf8) else { return }
      case let .events(events):
        var text = ""
        for event in events {
          text += "id: \(event.id)\nevent: \(event.name)\ndata: \(event.data)\n\n"
        }
        guard LoopbackSocket.write(connection, text.utf8) else { return }
        cursor = events[events.count - 1].id
      case let .missed(count):
        let notice = "event: missed\ndata: {\"missed\":\(count)}\n\n"
        guard LoopbackSocket.write(connection, notice.utf8),
          let sent = sendSnapshot(to: connection)
        else { return }
        cursor = sent
      }
    }
  }

  /// Sends the session as it is now; the number of the last event it includes.
  private func sendSnapshot(to connection: Int32) -> Int? {
    let (json, lastID) = session.snapshot()
    let text = "id: \(lastID)\nevent: snapshot\ndata: \(json)\n\n"
    return LoopbackSocket.write(connection, text.utf8) ? lastID : nil
  }

  private func respond(_ connection: Int32, status: Int, type: String, body: String) {
    let reason =
      switch status {
      case 200: "OK"
      case 400: "Bad Request"
      case 403: "Forbidden"
      case 404: "Not Found"
      default: "Service Unavailable"
      }
    let head =
      "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\n"
      + "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
      + "Content-Security-Policy: default-src 'none'; script-src 'unsafe-inline'; "
      + "style-src 'unsafe-inline'; connect-src 'self'; img-src data:\r\n"
      + "Connection: close\r\n\r\n"
    LoopbackSocket.write(connection, (head + body).utf8)
  }

  /// Whether `host` names this server: 127.0.0.1 or localhost, on its port.
  private func isThisServer(_ host: String?) -> Bool {
    host == "127.0.0.1:\(port)" || host == "localhost:\(port)"
  }

  /// Compares two tokens in a time that depends only on their lengths.
  static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for index in x.indices { difference |= x[index] ^ y[index] }
    return difference == 0
  }
}
