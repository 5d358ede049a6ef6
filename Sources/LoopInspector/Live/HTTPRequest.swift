/// An HTTP/1.1 request as the live inspector's server reads it: the request line, the headers
/// it uses, and the body. Whatever arrives is data: a request that is not HTTP, or too large,
/// is a ``Problem``, never a crash.
///
/// ```swift
/// var request = try HTTPRequest.read { LoopbackSocket.read(connection) }
/// request.path                      // "/events"
/// request.parameters["token"]       // the query's, percent-decoded
/// ```
struct HTTPRequest: Equatable {
  var method: String
  var path: String
  var parameters: [String: String]
  /// Header names in lower case.
  var headers: [String: String]
  var body: [UInt8]

  /// Why a request was not read.
  enum Problem: Error, Equatable {
    /// The peer closed before a whole request arrived.
    case closed
    /// Not an HTTP/1.x request, or headers or body over their limits.
    case malformed(String)
  }

  /// The most the headers may take.
  static let maximumHeaderBytes = 16 * 1024
  /// The most a body may take.
  static let maximumBodyBytes = 1 << 20

  /// Reads one request from `next`, which gives what arrived (`nil` at the end).
  static func read(_ next: () -> [UInt8]?) throws(Problem) -> HTTPRequest {
    var bytes: [UInt8] = []
    var headerEnd: Int?
    while headerEnd == nil {
      guard let chunk = next() else { throw .closed }
      bytes += chunk
      headerEnd = end(ofHeadersIn: bytes)
      if headerEnd == nil, bytes.count > maximumHeaderBytes {
        throw .malformed("the headers are over \(maximumHeaderBytes) bytes")
      }
    }
    guard let headerEnd, headerEnd <= maximumHeaderBytes + 4 else {
      throw .malformed("the headers are over \(maximumHeaderBytes) bytes")
    }
    var request = try parse(head: String(decoding: bytes[..<(headerEnd - 4)], as: UTF8.self))
    let length = request.headers["content-length"].map { Int($0) } ?? 0
    guard let length, (0...maximumBodyBytes).contains(length) else {
      throw .malformed("Content-Length is not a size up to \(maximumBodyBytes) bytes")
    }
    var body = Array(bytes[headerEnd...])
    while body.count < length {
      guard let chunk = next() else { throw .closed }
      body += chunk
    }
    request.body = Array(body.prefix(length))
    return request
  }

  /// Where the blank line after the headers ends, if it arrived.
  private static func end(ofHeadersIn bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 3..<bytes.count
    where bytes[index - 3] == 13 && bytes[index - 2] == 10 && bytes[index - 1] == 13
      && bytes[index] == 10
    {
      return index + 1
    }
    return nil
  }

  /// Parses the request line and the headers.
  static func parse(head: String) throws(Problem) -> HTTPRequest {
    let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
    let parts = (lines.first ?? "").split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), parts[1].hasPrefix("/") else {
      throw .malformed("not an HTTP/1.1 request line")
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else {
        throw .malformed("a header line with no colon")
      }
      let name = line[..<colon].lowercased()
      headers[name] = line[line.index(after: colon)...].trimmingSpaces()
    }
    let target = parts[1]
    let question = target.firstIndex(of: "?")
    let path = String(target[..<(question ?? target.endIndex)])
    var parameters: [String: String] = [:]
    if let question {
      for pair in target[target.index(after: question)...].split(separator: "&") {
        let nameAndValue = pair.split(
          separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = percentDecoded(nameAndValue[0])
        parameters[name] = nameAndValue.count > 1 ? percentDecoded(nameAndValue[1]) : ""
      }
    }
    return HTTPRequest(
      method: String(parts[0]), path: path, parameters: parameters, headers: headers, body: [])
  }

  /// `%XX` and `+` decoded; a `%` not followed by two hex digits stays as it is.
  static func percentDecoded(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "+") {
        bytes.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let high = hexValue(utf8[utf8.startIndex]),
        let low = hexValue(utf8[utf8.startIndex + 1])
      {
        bytes.append(high << 4 | low)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

extension Substring {
  fileprivate func trimmingSpaces() -> String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
