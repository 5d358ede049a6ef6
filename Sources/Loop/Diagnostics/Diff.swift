/// A line diff of two dumps that shows only what differs, with the lines that enclose each
/// change so a reader can tell where it is.
///
/// Lines only in `expected` are marked `−`, lines only in `actual` `+`, in the first column;
/// the structure around a change (its enclosing `Type(` … `)` lines) is kept, unmarked, and
/// every other run of lines is elided at its own depth as `… (N fields unchanged)` or
/// `… (N elements unchanged)`, counting what a reader counts: the fields or elements at that
/// depth, not the lines they take.
package enum Diff {
  /// The legend printed with every diff in a failure message.
  package static let legend = "(Expected: −, Actual: +)"

  /// What a failure shows when two values differ but their dumps do not.
  package static let indistinguishable =
    "  (no difference in their dumps: the values differ in a way the dump cannot show)"

  /// The diff of two values' dumps (``Dump``), or `nil` if the dumps are the same.
  package static func of(_ expected: Any, _ actual: Any) -> String? {
    lines(from: Dump.lines(of: expected), to: Dump.lines(of: actual))
  }

  /// The diff from `expected` to `actual`, or `nil` if they are the same.
  package static func lines(from expected: [String], to actual: [String]) -> String? {
    guard expected != actual else { return nil }
    let script = editScript(expected, actual)
    // Mark which actual/expected lines are part of a change.
    var keep = [Bool](repeating: false, count: script.count)
    for (index, edit) in script.enumerated() where edit.kind != .same {
      keep[index] = true
      // Keep the enclosing structure: walk back to each line with less indentation.
      var depth = indentation(of: edit.text)
      var cursor = index - 1
      while cursor >= 0, depth > 0 {
        let line = script[cursor]
        if line.kind == .same, indentation(of: line.text) < depth {
          keep[cursor] = true
          depth = indentation(of: line.text)
        }
        cursor -= 1
      }
      depth = indentation(of: edit.text)
      cursor = index + 1
      while cursor < script.count, depth > 0 {
        let line = script[cursor]
        if line.kind == .same, indentation(of: line.text) < depth {
          keep[cursor] = true
          depth = indentation(of: line.text)
        }
        cursor += 1
      }
    }
    var output: [String] = []
    var elided = false
    for (index, edit) in script.enumerated() {
      guard keep[index] else {
        if !elided {
          let pad = String(repeating: " ", count: indentation(of: edit.text))
          output.append("  \(pad)… (\(elision(script, keep, from: index)) unchanged)")
        }
        elided = true
        continue
      }
      elided = false
      switch edit.kind {
      case .same: output.append("  " + edit.text)
      case .removed: output.append("− " + edit.text)
      case .added: output.append("+ " + edit.text)
      }
    }
    return output.joined(separator: "\n")
  }

  /// What the elided run from `start` holds: the fields or elements at its own depth (a
  /// nested value's lines and its closing bracket count as part of it), named by what encloses
  /// the run: `[` holds elements, anything else fields.
  private static func elision(_ script: [Edit], _ keep: [Bool], from start: Int) -> String {
    var end = start
    while end < script.count, !keep[end] { end += 1 }
    let run = script[start..<end]
    let depth = run.map { indentation(of: $0.text) }.min() ?? 0
    let count = run.filter { edit in
      guard indentation(of: edit.text) == depth else { return false }
      let first = edit.text.dropFirst(depth).first
      return first != ")" && first != "]" && first != "}"
    }.count
    let enclosing = script[..<start].last { indentation(of: $0.text) < depth }
    let isArray = enclosing?.text.hasSuffix("[") == true
    let noun = isArray ? (count == 1 ? "element" : "elements") : (count == 1 ? "field" : "fields")
    return "\(count) \(noun)"
  }

  private static func indentation(of line: String) -> Int {
    line.prefix { $0 == " " }.count
  }

  private struct Edit {
    enum Kind { case same, removed, added }
    var kind: Kind
    var text: String
  }

  /// A longest-common-subsequence edit script; removals come before additions at each change.
  private static func editScript(_ a: [String], _ b: [String]) -> [Edit] {
    // Trim the common prefix and suffix so the quadratic table is only over the change.
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix,
      a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
    {
      suffix += 1
    }
    let middleA = Array(a[prefix..<(a.count - suffix)])
    let middleB = Array(b[prefix..<(b.count - suffix)])
    var table = [[Int]](
      repeating: [Int](repeating: 0, count: middleB.count + 1), count: middleA.count + 1)
    for i in stride(from: middleA.count - 1, through: 0, by: -1) {
      for j in stride(from: middleB.count - 1, through: 0, by: -1) {
        table[i][j] =
          middleA[i] == middleB[j]
          ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var script = a[..<prefix].map { Edit(kind: .same, text: $0) }
    var i = 0
    var j = 0
    var removed: [Edit] = []
    var added: [Edit] = []
    func flush() {
      script += removed
      script += added
      removed.removeAll()
      added.removeAll()
    }
    while i < middleA.count || j < middleB.count {
      if i < middleA.count, j < middleB.count, middleA[i] == middleB[j] {
        flush()
        script.append(Edit(kind: .same, text: middleA[i]))
        i += 1
        j += 1
      } else if j < middleB.count, i == middleA.count || table[i][j + 1] >= table[i + 1][j] {
        added.append(Edit(kind: .added, text: middleB[j]))
        j += 1
      } else {
        removed.append(Edit(kind: .removed, text: middleA[i]))
        i += 1
      }
    }
    flush()
    script += a[(a.count - suffix)...].map { Edit(kind: .same, text: $0) }
    return script
  }
}
