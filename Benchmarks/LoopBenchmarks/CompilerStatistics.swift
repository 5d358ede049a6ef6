import Foundation

/// What one module's compilation took and made, as the compiler's own statistics file
/// (`swiftc -stats-output-dir`) says: `--cold-build`'s figures per module.
///
/// ```swift
/// let loop = CompilerStatistics.all(in: folder).first { $0.module == "Loop" }
/// print(loop?.llvmInstructions ?? 0)      // the same on every host, unlike the times
/// ```
///
/// The file is data from outside the benchmark: whatever it holds, reading it gives a value or
/// `nil`, never a crash. This file is also compiled into `LoopBenchmarksTests` (a link), which
/// tests the reader on hostile and mutated files.
struct CompilerStatistics: Equatable {
  /// The module compiled.
  var module: String
  /// The frontend's wall time, and that of its main phases, in seconds.
  var frontend: Double
  var typeChecking: Double
  var silOptimization: Double
  var llvm: Double
  /// The functions left after SIL optimisation, and the LLVM instructions generated.
  var silFunctions: Int
  var llvmInstructions: Int

  /// Reads one statistics file of a whole-module compilation: `nil` unless it is a JSON object
  /// holding the frontend's time under `time.swift-frontend.<module>-all-….wall`, with a
  /// module name. A figure that is missing, not a number, negative or out of range reads as 0.
  init?(json data: Data) {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      return nil
    }
    let prefix = "time.swift-frontend."
    guard
      let key = object.keys.sorted().first(where: {
        $0.hasPrefix(prefix) && $0.hasSuffix(".wall") && $0.contains("-all-")
      }),
      let all = key.range(of: "-all-"),
      key.index(key.startIndex, offsetBy: prefix.count) < all.lowerBound
    else { return nil }
    func number(_ key: String) -> Double {
      guard let value = (object[key] as? NSNumber)?.doubleValue, value.isFinite, value >= 0 else {
        return 0
      }
      return value
    }
    func count(_ key: String) -> Int {
      let value = number(key)
      return value < 9.0e15 ? Int(value) : 0
    }
    module = String(key[key.index(key.startIndex, offsetBy: prefix.count)..<all.lowerBound])
    frontend = number(key)
    typeChecking = number("time.swift.Type checking and Semantic analysis.wall")
    silOptimization = number("time.swift.SIL optimization.wall")
    llvm = number("time.swift.LLVM pipeline.wall")
    silFunctions = count("SILModule.NumSILOptFunctions")
    llvmInstructions = count("IRModule.NumIRInsts")
  }

  /// The statistics of every module in `folder`, by module name; a file that cannot be read or
  /// is not a frontend's statistics is skipped.
  static func all(in folder: URL) -> [CompilerStatistics] {
    let files =
      (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil))
      ?? []
    return files.filter { $0.pathExtension == "json" }
      .compactMap { try? Data(contentsOf: $0) }
      .compactMap { CompilerStatistics(json: $0) }
      .sorted { $0.module < $1.module }
  }

  /// One line: the frontend's time by phase, and what it made.
  var summary: String {
    module
      + String(
        format: ": frontend %.1f s (type-checking %.1f, SIL optimisation %.1f, LLVM %.1f), "
          + "%d SIL functions, %d LLVM instructions",
        frontend, typeChecking, silOptimization, llvm, silFunctions, llvmInstructions)
  }

  /// The figures as a JSON object's members.
  var jsonObject: [String: Any] {
    [
      "module": module, "frontend_seconds": frontend, "type_checking_seconds": typeChecking,
      "sil_optimization_seconds": silOptimization, "llvm_seconds": llvm,
      "sil_functions": silFunctions, "llvm_instructions": llvmInstructions,
    ]
  }
}
