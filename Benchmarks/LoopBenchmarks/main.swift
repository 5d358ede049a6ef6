// loop-benchmarks: each workload on Loop and on a hand-written floor, in the same process,
// alternating, after a warm-up. See Docs/Loop.docc/Performance.md.
import Foundation
import Loop
import LoopTesting

let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let filter = arguments.firstIndex(of: "--filter").flatMap {
  arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil
}
let jsonPath = arguments.firstIndex(of: "--json").flatMap {
  arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil
}
let samples = quick ? 1 : 7
/// `--operations N` overrides each workload's count (e.g. to count allocations per operation
/// under valgrind at two sizes).
let operationsOverride = arguments.firstIndex(of: "--operations").flatMap {
  arguments.index(after: $0) < arguments.endIndex ? Int(arguments[arguments.index(after: $0)]) : nil
}

await MainActor.run {}
var results: [Result] = []
for workload in Workloads.all where filter.map({ workload.name.contains($0) }) ?? true {
  results.append(await workload.run(samples: samples, quick: quick, operations: operationsOverride))
}
Report.print(results, peakMemory: PeakMemory.current())
if let jsonPath {
  try Report.json(results, peakMemory: PeakMemory.current()).write(
    toFile: jsonPath, atomically: true, encoding: .utf8)
}
