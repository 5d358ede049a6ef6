import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The POSIX socket calls a server on 127.0.0.1 makes — bind, accept, read, write, shut —
/// in one place: the live inspector's server and the tests' HTTP servers both use them, and
/// neither ever opens another address.
///
/// ```swift
/// let (listener, port) = try LoopbackSocket.bind(port: 0)   // the system picks the port
/// try LoopbackSocket.listen(listener)
/// ```
package enum LoopbackSocket {
  /// A socket call that failed, with its `errno`.
  package struct Failure: Error, CustomStringConvertible {
    package var call: String
    package var code: Int32

    package var description: String {
      "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
    }
  }

  /// A TCP socket bound to 127.0.0.1 and `port` (0: one the system picks), not yet
  /// listening. `reuseAddress` lets a restarted server bind at once; a socket that holds a
  /// port shut must not set it.
  package static func bind(port: UInt16 = 0, reuseAddress: Bool = true) throws(Failure)
    -> (descriptor: Int32, port: UInt16)
  {
    let fd = try makeSocket()
    if reuseAddress {
      var yes: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    }
    #if canImport(Darwin)
      var yes: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    var address = loopback(port: port)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Foundation.bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else {
      let code = errno
      close(fd)
      throw Failure(call: "bind to 127.0.0.1:\(port)", code: code)
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }

  /// Starts listening on a bound socket.
  package static func listen(_ fd: Int32, backlog: Int32 = 64) throws(Failure) {
    guard Foundation.listen(fd, backlog) == 0 else {
      throw Failure(call: "listen", code: errno)
    }
  }

  /// The next connection, or `nil` once the listener is shut; a connection from any address
  /// but loopback is closed and skipped.
  package static func accept(_ listener: Int32) -> Int32? {
    while true {
      var address = sockaddr_in()
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let connection = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Foundation.accept(listener, $0, &length)
        }
      }
      guard connection >= 0 else {
        if errno == EINTR || errno == ECONNABORTED { continue }
        return nil
      }
      #if canImport(Darwin)
        var yes: Int32 = 1
        setsockopt(
          connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
      #endif
      // NB: The listener is bound to 127.0.0.1, so every peer is loopback; checked anyway,
      // so that a change to the binding cannot open the app to the network.
      guard isLoopback(address) else {
        close(connection)
        continue
      }
      return connection
    }
  }

  /// A connection to 127.0.0.1 and `port`: what a page does, for a benchmark's or a test's
  /// reader; `receiveBuffer` sets the socket's buffer, in bytes, before it connects.
  package static func connect(port: UInt16, receiveBuffer: Int32? = nil) throws(Failure) -> Int32 {
    let fd = try makeSocket()
    if var size = receiveBuffer {
      setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = loopback(port: port)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else {
      let code = errno
      Foundation.close(fd)
      throw Failure(call: "connect to 127.0.0.1:\(port)", code: code)
    }
    return fd
  }

  /// A TCP socket, unbound.
  private static func makeSocket() throws(Failure) -> Int32 {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
    return fd
  }

  /// 127.0.0.1 and `port`, as a socket address.
  private static func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    return address
  }

  /// Whether `address` is in 127.0.0.0/8.
  static func isLoopback(_ address: sockaddr_in) -> Bool {
    address.sin_family == sa_family_t(AF_INET)
      && UInt32(bigEndian: address.sin_addr.s_addr) >> 24 == 127
  }

  /// Makes a read on `fd` that waits longer than `seconds` end as the end of the stream.
  package static func setReadTimeout(_ fd: Int32, seconds: Int) {
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Wakes a thread blocked in ``accept(_:)`` on `listener`, which then returns `nil`.
  package static func shut(_ fd: Int32) {
    shutdown(fd, Int32(SHUT_RDWR))
  }

  /// Closes a descriptor.
  package static func close(_ fd: Int32) {
    _ = Foundation.close(fd)
  }

  /// Writes all of `bytes`; `false` once the peer is gone.
  @discardableResult
  package static func write(_ fd: Int32, _ bytes: some Collection<UInt8>) -> Bool {
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0
    #endif
    let array = Array(bytes)
    var sent = 0
    while sent < array.count {
      let result = array.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return send(fd, base + sent, array.count - sent, flags)
      }
      if result < 0, errno == EINTR { continue }
      guard result > 0 else { return false }
      sent += result
    }
    return true
  }

  /// Reads what is there, up to `limit` bytes; `nil` at the end of the stream or on error.
  package static func read(_ fd: Int32, limit: Int = 65_536) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: limit)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, limit, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return nil }
      return Array(buffer.prefix(count))
    }
  }
}
