import Foundation
import Loop

/// Prints the results as a table, or writes them as JSON.
enum Report {
  /// Prints the table, in the workloads' order, with a legend.
  ///
  /// - Parameter checksBudgets: Whether the budgets are checked (a full run); `--quick` takes
  ///   one sample of a few operations, too few to judge.
  static func print(_ results: [WorkloadResult], peakMemory: Int, checksBudgets: Bool) {
    func cell(_ text: String, _ width: Int) -> String {
      text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
    let nameWidth = max(8, results.map(\.name.count).max() ?? 0) + 2
    #if LOOP_OUTSIDE_PACKAGE
      // NB: Built as an app's package (Benchmarks/Outside), which cannot see `RuntimePath`.
      let environment = ProcessInfo.processInfo.environment
      let forced =
        environment["LOOP_PORTABLE_RUNTIME"] == "1"
        ? "; LOOP_PORTABLE_RUNTIME=1"
        : environment["LOOP_RUNTIME_PATH"].map { "; LOOP_RUNTIME_PATH=\($0)" } ?? ""
      Swift.print("built as an app's package (Loop's public API only)" + forced)
    #else
      Swift.print("runtime path: \(RuntimePath.name)")
    #endif
    Swift.print(
      cell("workload", nameWidth), cell("Loop median", 14), cell("min", 12), cell("max", 12),
      cell("floor median", 14), cell("ratio", 8), cell("budget", 15), cell("allocs/op", 14),
      cell("bytes/op", 14), "peak MiB")
    for result in results {
      let budget = result.budget.map {
        String(format: "≤ %g× ", $0)
          + (checksBudgets ? (result.isWithinBudget ? "ok" : "OVER") : "(quick)")
      }
      Swift.print(
        cell(result.name, nameWidth), cell(nanoseconds(result.loopMedian), 14),
        cell(nanoseconds(result.loop.min() ?? 0), 12),
        cell(nanoseconds(result.loop.max() ?? 0), 12),
        cell(nanoseconds(result.floorMedian), 14), cell(String(format: "%.2f×", result.ratio), 8),
        cell(budget ?? "—", 15),
        cell(
          String(
            format: "%.2f / %.2f", result.allocationsPerOperation(result.loopAllocations),
            result.allocationsPerOperation(result.floorAllocations)), 14),
        cell(
          String(
            format: "%.0f / %.0f", result.bytesPerOperation(result.loopAllocations),
            result.bytesPerOperation(result.floorAllocations)), 14),
        String(
          format: "%.1f / %.1f", Double(result.loopPeak) / 1_048_576,
          Double(result.floorPeak) / 1_048_576))
    }
    for result in results {
      guard let loop = result.notificationsPerOp, let floor = result.floorNotificationsPerOp
      else { continue }
      Swift.print(
        String(
          format: "%@: observers notified per change %.2f (floor %.2f)", result.name, loop, floor))
    }
    Swift.print(
      """

      Times are nanoseconds per operation: \(samples(results.first?.loop.count ?? 0)), Loop and \
      the floor alternating.
      floor: the same workload written by hand without Loop (a plain class calling the reducer \
      closure; effects as bare Tasks). ratio: Loop's median over the floor's; below 1× Loop is \
      faster. budget: the most ratio Loop promises; \
      \(checksBudgets
        ? "a run over any budget exits 1."
        : "not checked with --quick (one sample of a few operations).")
      allocs/op, bytes/op and peak MiB are Loop / floor, from one more run of each: \
      \(allocationNote)
      Peak memory of the whole process (VmHWM): \(ProcessMemory.mebibytes(peakMemory)).
      What each workload does, and past figures: Docs/Loop.docc/Performance.md.
      """)
  }

  static func samples(_ count: Int) -> String {
    count == 1 ? "one sample" : "the median, min and max of \(count) samples"
  }

  /// A duration in nanoseconds, digits grouped by thousands: one unit in every cell.
  static func nanoseconds(_ value: Double) -> String {
    var digits = String(Int(value.rounded()))
    var grouped = ""
    while digits.count > 3 {
      grouped = "," + digits.suffix(3) + grouped
      digits.removeLast(3)
    }
    return digits + grouped + " ns"
  }

  static var allocationNote: String {
    Allocations.isCounted
      ? """
      every malloc, calloc, realloc and aligned allocation in the process is counted (the \
      benchmark replaces glibc's malloc with a counting one), divided by the operations; \
      peak is VmHWM, reset before each run.
      """
      : "allocations are not counted in this build (only on glibc, without a sanitizer)."
  }

  static func json(_ results: [WorkloadResult], peakMemory: Int) -> String {
    let rows = results.map { result in
      """
        {"name": "\(result.name)", "operations": \(result.operations), \
      "loop_ns": \(result.loopMedian), "loop_min_ns": \(result.loop.min() ?? 0), \
      "loop_max_ns": \(result.loop.max() ?? 0), "floor_ns": \(result.floorMedian), \
      "ratio": \(result.ratio), "budget": \(result.budget.map { "\($0)" } ?? "null"), \
      "loop_allocations_per_op": \(result.allocationsPerOperation(result.loopAllocations)), \
      "floor_allocations_per_op": \(result.allocationsPerOperation(result.floorAllocations)), \
      "loop_bytes_per_op": \(result.bytesPerOperation(result.loopAllocations)), \
      "floor_bytes_per_op": \(result.bytesPerOperation(result.floorAllocations)), \
      "loop_peak_bytes": \(result.loopPeak), "floor_peak_bytes": \(result.floorPeak)\
      \(result.notificationsPerOp.map { ", \"notifications_per_op\": \($0)" } ?? "")}
      """
    }
    return "{\n  \"peak_memory_bytes\": \(peakMemory),\n  \"workloads\": [\n"
      + rows.joined(separator: ",\n") + "\n  ]\n}\n"
  }
}
