// loop-benchmarks: each workload on Loop and on a hand-written floor, in the same process,
// alternating, after a warm-up. See Docs/Loop.docc/Performance.md.
import Foundation
import Loop
import LoopTesting

let arguments = Array(CommandLine.arguments.dropFirst())

/// The value after `option`, if any.
func value(of option: String) -> String? {
  arguments.firstIndex(of: option).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

if arguments.contains("--help") {
  print(
    """
    usage: loop-benchmarks [--filter TEXT] [--quick] [--json FILE] [--operations N] [--soak]
           loop-benchmarks --stress [--seconds N]
           loop-benchmarks --record-session FILE [--operations N] [--movies]
           loop-benchmarks --cold-build [--quick] [--json FILE]
           loop-benchmarks --serve-random-session [--keeping N]

      --filter TEXT   run the workloads whose name contains TEXT, e.g. "(a)"
      --quick         a few operations and one sample each: a smoke test, not figures to quote;
                      budgets are not checked (a full run exits 1 if one is over)
      --json FILE     also write the figures to FILE
      --operations N  N operations per sample in every workload
      --soak          10,000,000 actions through effects, RSS every 1,000,000, memory budget
      --stress        hunt for lost wake-ups: 8 stores (plain, scoped, middleware, test store,
                      two of each) doing round trips, fan-outs, .concatenate, cancellation,
                      finish() waits, TestClock timers and releases for N seconds (default
                      60); exits 1, naming what was pending, if an effect's action is 5 s
                      overdue or a store's work stops. Works in release and TSan builds
      --record-session FILE
                      records a session of N actions (default 100,000) to FILE: (a)'s
                      counter, every tenth action an effect round trip (b) — a long session
                      for loop-inspect; with --movies, the movies app's feature
                      searching its offline catalog a key at a time
      --serve-random-session [--keeping N]
                      a store of seeded random edits watched by a live inspector, driven
                      by `send N` and `quit` on standard input: scripts/inspector-check's
                      model test of the live page
      --cold-build    times a fresh release build of Loop and LoopTesting (the package in
                      the current folder, an empty scratch folder); exits 1 over 20 s. Then
                      builds it again with the compiler's statistics on, and prints each
                      module's phases and the code it made (SIL functions, LLVM instructions:
                      the same on every host)

    environment: LOOP_RUNTIME_PATH=executor measures Loop's executor runtime path (the one
    for macOS 15.4 to 25 and iOS 18.4 to 25), LOOP_RUNTIME_PATH=portable (or
    LOOP_PORTABLE_RUNTIME=1) its portable one (macOS 14, iOS 17), instead of the fast one.
    LOOP_BENCH_SIDE=loop (or floor) runs that side in both columns, to profile it alone
    (`perf record`); its ratios mean nothing. LOOP_BENCH_ONCE=1 runs each side of a workload
    once, N operations, with no warm-up and no count of allocations or notifications: for
    counting instructions (callgrind), a run of 3N less a run of N is 2N operations a side
    """)
  exit(0)
}

if arguments.contains("--stress") {
  let seconds = value(of: "--seconds").flatMap { Int($0) } ?? 60
  exit(await Stress.run(seconds: seconds) ? 0 : 1)
}

if let path = value(of: "--record-session") {
  let actions = value(of: "--operations").flatMap { Int($0) } ?? 100_000
  let url = URL(fileURLWithPath: path)
  let recorded =
    arguments.contains("--movies")
    ? await SessionWorkload.recordMovies(actions: actions, to: url)
    : await SessionWorkload.record(actions: actions, to: url)
  if recorded { print("Recorded \(actions) actions to \(path).") }
  exit(recorded ? 0 : 1)
}

#if !LOOP_OUTSIDE_PACKAGE
  if arguments.contains("--serve-random-session") {
    let keeping = value(of: "--keeping").flatMap { Int($0) } ?? 40
    exit(await RandomLiveSession.run(keeping: keeping) ? 0 : 1)
  }
#endif

let quick = arguments.contains("--quick")
if arguments.contains("--cold-build") {
  exit(ColdBuild.run(quick: quick, json: value(of: "--json")) ? 0 : 1)
}
if arguments.contains("--soak") {
  let withinBudget = await Soak.run(
    actions: quick ? 100_000 : 10_000_000, checkpoints: 10)
  exit(withinBudget || quick ? 0 : 1)
}

let filter = value(of: "--filter")
let jsonPath = value(of: "--json")
let operations = value(of: "--operations").flatMap { Int($0) }
var results: [WorkloadResult] = []
// NB: In the order of their letters, whatever order they are declared in.
for workload in Workloads.all.sorted(by: { $0.name < $1.name })
where filter.map({ workload.name.contains($0) }) ?? true {
  results.append(await workload.run(samples: quick ? 1 : 7, quick: quick, operations: operations))
}
Report.print(results, peakMemory: ProcessMemory.processPeak, checksBudgets: !quick)
// A shared collection's rows are observed as a store's rows are: (o) at most 1.5 times (i), in
// the same run. Both run against the same floor, each beside its own measure of it, so the ratio
// of their ratios is what a quiet machine would show when the two ran at once.
var pairsWithinBudget = true
if let rows = results.first(where: { $0.name.hasPrefix("(i)") }),
  let sharedRows = results.first(where: { $0.name.hasPrefix("(o)") })
{
  let ratio = sharedRows.ratio / rows.ratio
  pairsWithinBudget = ratio <= 1.5
  print(
    "(o) ÷ (i), shared rows against store rows: \(String(format: "%.2f", ratio))×, budget ≤ 1.5× "
      + (quick ? "(not checked)" : pairsWithinBudget ? "ok" : "OVER"))
}
if let jsonPath {
  do {
    try Report.json(results, peakMemory: ProcessMemory.processPeak).write(
      toFile: jsonPath, atomically: true, encoding: .utf8)
  } catch {
    FileHandle.standardError.write(
      Data("loop-benchmarks: cannot write \(jsonPath): \(error)\n".utf8))
    exit(1)
  }
}
if !quick, !pairsWithinBudget || results.contains(where: { !$0.isWithinBudget }) {
  let over =
    (results.filter { !$0.isWithinBudget }.map(\.name) + (pairsWithinBudget ? [] : ["(o) ÷ (i)"]))
    .joined(separator: ", ")
  FileHandle.standardError.write(Data("loop-benchmarks: over budget: \(over)\n".utf8))
  exit(1)
}
