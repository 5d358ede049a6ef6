import Foundation
import Testing

/// Every Swift code block in the guides (Docs/*.docc) and the README must appear, line for
/// line, in one of the test sources named `GuideExamples.swift`, which the test suite compiles
/// and runs. So a guide cannot show code that does not build.
@Suite("The guides' code is compiled")
struct GuideSnippetTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static var guides: [String] {
    let docs = root.appendingPathComponent("Docs").path
    let paths = (FileManager.default.enumerator(atPath: docs)?.allObjects as? [String]) ?? []
    return paths.filter { $0.hasSuffix(".md") }.map { "Docs/\($0)" }.sorted() + ["README.md"]
  }

  /// The trimmed, non-empty lines of every GuideExamples.swift.
  static let compiledLines: [String] = {
    let tests = root.appendingPathComponent("Tests").path
    let paths = (FileManager.default.enumerator(atPath: tests)?.allObjects as? [String]) ?? []
    return paths.filter { $0.hasSuffix("GuideExamples.swift") }.sorted().flatMap { path in
      let text = (try? String(contentsOfFile: "\(tests)/\(path)", encoding: .utf8)) ?? ""
      return lines(of: text)
    }
  }()

  static func lines(of text: some StringProtocol) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      // NB: Imports are per file, so a test source cannot repeat a guide's imports in place.
      .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
  }

  /// The ```swift blocks of a Markdown file.
  static func snippets(in text: String) -> [[String]] {
    var snippets: [[String]] = []
    var current: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, trimmed == "```swift" {
        current = []
      } else if current != nil, trimmed == "```" {
        snippets.append(lines(of: current?.joined(separator: "\n") ?? ""))
        current = nil
      } else {
        current?.append(String(line))
      }
    }
    return snippets
  }

  static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
    guard !needle.isEmpty else { return true }
    guard needle.count <= haystack.count else { return false }
    return (0...(haystack.count - needle.count)).contains { start in
      haystack[start..<(start + needle.count)].elementsEqual(needle)
    }
  }

  @Test("every Swift block of every guide is in a compiled GuideExamples.swift", arguments: guides)
  func guide(_ path: String) throws {
    let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    for (index, snippet) in Self.snippets(in: text).enumerated() {
      guard !Self.contains(Self.compiledLines, snippet) else { continue }
      Issue.record(
        """
        \(path), Swift block \(index + 1) (starting "\(snippet.first ?? "")") is not compiled \
        by any test. To fix, copy the block into a GuideExamples.swift test source, or change \
        the block to match the code there.
        """)
    }
  }
}
