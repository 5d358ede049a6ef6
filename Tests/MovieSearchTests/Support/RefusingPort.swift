import Foundation
import LoopInspector

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A port on 127.0.0.1 that refuses connections: a socket bound to it that never listens. It
/// holds the port for as long as it lives, so no other server can take it meanwhile.
final class RefusingPort: Sendable {
  let port: UInt16
  private let socketDescriptor: Int32

  init() throws {
    (socketDescriptor, port) = try LoopbackSocket.bind(reuseAddress: false)
  }

  deinit { close(socketDescriptor) }

  /// `http://127.0.0.1:<port>/`.
  var baseURL: URL { LoopbackServer.url(port: port) }
}
