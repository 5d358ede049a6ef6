import Foundation

// Foundation's values dump as what they mean, not as their storage (a `URL`'s mirror is its
// parser's internals on Linux).

extension URL: CustomDumpLeaf {
  package var dumpDescription: String { "URL(\(String(reflecting: absoluteString)))" }
}

extension UUID: CustomDumpLeaf {
  package var dumpDescription: String { "UUID(\(uuidString))" }
}

extension Date: CustomDumpLeaf {
  package var dumpDescription: String {
    "Date(\(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(self)))"
  }
}

extension Data: CustomDumpLeaf {
  package var dumpDescription: String { "Data(\(count) bytes)" }
}
