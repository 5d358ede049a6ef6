import Foundation

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
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw LoopbackServer.ServerError.socket(errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else {
      close(fd)
      throw LoopbackServer.ServerError.socket(errno)
    }
    self.socketDescriptor = fd
    self.port = UInt16(bigEndian: address.sin_port)
  }

  deinit { close(socketDescriptor) }

  /// `http://127.0.0.1:<port>/`.
  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/") ?? URL(fileURLWithPath: "/") }
}
