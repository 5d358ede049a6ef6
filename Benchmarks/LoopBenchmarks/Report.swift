import Foundation
import Loop

/// Prints the results as a table, or writes them as JSON.
enum Report {
  static func print(_ results: [WorkloadResult], peakMemory: Int) {
    func time(_ nanoseconds: Double) -> String {
      nanoseconds >= 10_000
        ? String(format: "%.1f µs", nanoseconds / 1000) : String(format: "%.0f ns", nanoseconds)
    }
    func cell(_ text: String, _ width: Int) -> String {
      text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
    Swift.print(
      "runtime path: \(RuntimePath.name)"
        + (RuntimePath.isForcedPortable ? " (LOOP_PORTABLE_RUNTIME=1)" : ""))
    Swift.print(
      cell("workload", 32), cell("loop median", 12), cell("min", 10), cell("max", 10),
      cell("floor median", 13), cell("ratio", 7), cell("budget", 11), cell("allocs/op", 14),
      cell("bytes/op", 14), "peak MiB")
    for result in results {
      let budget = result.budget.map {
        String(format: "≤ %.0f× ", $0) + (result.isWithinBudget ? "ok" : "OVER")
      }
      Swift.print(
        cell(result.name, 32), cell(time(result.loopMedian), 12),
        cell(time(result.loop.min() ?? 0), 10), cell(time(result.loop.max() ?? 0), 10),
        cell(time(result.floorMedian), 13), cell(String(format: "%.2f×", result.ratio), 7),
        cell(budget ?? "—", 11),
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

      Times are per operation: the median, min and max of \(results.first?.loop.count ?? 0) \
      samples, Loop and the floor alternating.
      allocs/op, bytes/op and peak MiB are Loop / floor, from one more run of each: \
      \(allocationNote)
      Peak memory of the whole process (VmHWM): \(ProcessMemory.mebibytes(peakMemory)).
      """)
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
