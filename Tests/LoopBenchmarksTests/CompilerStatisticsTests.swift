import Foundation
import LoopTesting
import Testing

/// `CompilerStatistics` reads files the compiler wrote: data from outside the benchmark. A
/// file that is the compiler's gives its figures; anything else gives `nil` or zeros, never a
/// crash.
struct CompilerStatisticsTests {
  /// A statistics file as the Swift 6.3 frontend writes it for a whole-module compilation
  /// (trimmed to the members read, and two it does not read).
  static let valid = """
    {
      "AST.NumSourceLines": 13879,
      "SILModule.NumSILOptFunctions": 4244,
      "IRModule.NumIRInsts": 153916,
      "time.swift.Type checking and Semantic analysis.wall": 2.37,
      "time.swift.SIL optimization.wall": 8.63,
      "time.swift.LLVM pipeline.wall": 6.2,
      "time.swift-frontend.Loop-all-x86_64_unknown_linux_gnu-o-O.wall": 22.11,
      "time.swift-frontend.Loop-all-x86_64_unknown_linux_gnu-o-O.user": 27.42
    }
    """

  @Test("a frontend's statistics file gives its module's figures")
  func readsTheFigures() throws {
    let statistics = try #require(CompilerStatistics(json: Data(Self.valid.utf8)))
    #expect(statistics.module == "Loop")
    #expect(statistics.frontend == 22.11)
    #expect(statistics.typeChecking == 2.37)
    #expect(statistics.silOptimization == 8.63)
    #expect(statistics.llvm == 6.2)
    #expect(statistics.silFunctions == 4244)
    #expect(statistics.llvmInstructions == 153916)
    #expect(
      statistics.summary
        == "Loop: frontend 22.1 s (type-checking 2.4, SIL optimisation 8.6, LLVM 6.2), "
        + "4244 SIL functions, 153916 LLVM instructions")
  }

  @Test("what is not a frontend's statistics gives nil; a figure out of range reads as zero")
  func hostileFiles() throws {
    for text in [
      "", "[]", "null", "\"x\"", "{}", "{\"time.swift-frontend.Loop.wall\": 1}",
      "{\"time.swift-frontend.-all-.wall\": 1}", "{\"time.swift-frontend-all-.wall\": 1}",
      "{\"__proto__\": {\"time.swift-frontend.Loop-all-x.wall\": 1}}",
    ] {
      #expect(CompilerStatistics(json: Data(text.utf8)) == nil, "\(text)")
    }
    let strange = try #require(
      CompilerStatistics(
        json: Data(
          """
          {"time.swift-frontend.</script>\\u2028__proto__-all-x.wall": 1e300,
           "IRModule.NumIRInsts": 1e300, "SILModule.NumSILOptFunctions": -5,
           "time.swift.SIL optimization.wall": "8", "time.swift.LLVM pipeline.wall": null}
          """.utf8)))
    #expect(strange.module == "</script>\u{2028}__proto__")
    #expect(strange.frontend == 1e300)
    #expect(strange.llvmInstructions == 0)
    #expect(strange.silFunctions == 0)
    #expect(strange.silOptimization == 0)
    #expect(strange.llvm == 0)
    // The figures written back as JSON are read back the same, whatever the name holds.
    let written = try JSONSerialization.data(withJSONObject: strange.jsonObject)
    let object = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
    #expect(object["module"] as? String == strange.module)
  }

  @Test("seeded mutations of a valid file read as a value or nil, never a crash")
  func mutatedFiles() async {
    let valid = Array(Self.valid.utf8)
    let snippets = [
      "</script>", "\u{2028}", "__proto__", "1e300", "-1", "\"", "{", "}", "[", "null", "-all-",
      ".wall", "\u{0}",
    ].map { Array($0.utf8) }
    var read = 0
    for await seed in SeededRandom.seeds(2_000) {
      var random = SeededRandom(seed: seed)
      let bytes = SeededMutation.mutate(valid, inserting: snippets, edits: 1...4, using: &random)
      guard let statistics = CompilerStatistics(json: Data(bytes)) else { continue }
      read += 1
      for figure in [
        statistics.frontend, statistics.typeChecking, statistics.silOptimization, statistics.llvm,
      ] {
        #expect(figure.isFinite && figure >= 0, "seed \(seed)")
      }
      #expect(statistics.silFunctions >= 0 && statistics.llvmInstructions >= 0, "seed \(seed)")
    }
    // NB: Some mutations leave the file readable: the model covers both outcomes.
    #expect(read > 0)
  }

  @Test("a folder's files: the statistics among them, by module; the rest skipped")
  func folder() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "loop-compiler-statistics-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(Self.valid.utf8).write(to: folder.appendingPathComponent("b.json"))
    try Data(Self.valid.replacingOccurrences(of: "frontend.Loop-", with: "frontend.Aa-").utf8)
      .write(to: folder.appendingPathComponent("a.json"))
    try Data("not json".utf8).write(to: folder.appendingPathComponent("c.json"))
    try Data(Self.valid.utf8).write(to: folder.appendingPathComponent("d.txt"))
    #expect(CompilerStatistics.all(in: folder).map(\.module) == ["Aa", "Loop"])
    #expect(CompilerStatistics.all(in: folder.appendingPathComponent("missing")).isEmpty)
  }
}
