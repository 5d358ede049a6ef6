import Foundation

/// One workload: Loop's version and the floor's, each returning the count it checks.
struct Workload: Sendable {
  var name: String
  var unit: String
  var operations: Int
  var quickOperations: Int
  /// The budget: Loop ÷ floor at most this.
  var budget: Double
  /// Runs `count` operations; returns a result the caller checks, so nothing is optimised away.
  var loop: @MainActor @Sendable (Int) async -> Int
  var floor: @MainActor @Sendable (Int) async -> Int
  /// Which floor the ratio is against when it is another workload's (e's is b's floor).
  var floorName: String? = nil

  @MainActor
  func run(samples: Int, quick: Bool, operations override: Int? = nil) async -> Result {
    let count = override ?? (quick ? quickOperations : operations)
    // Warm up both.
    _ = await loop(max(1, count / 10))
    _ = await floor(max(1, count / 10))
    var loopTimes: [Double] = []
    var floorTimes: [Double] = []
    for _ in 0..<samples {
      loopTimes.append(await time(count, loop))
      floorTimes.append(await time(count, floor))
    }
    return Result(
      name: name, unit: unit, operations: count, budget: budget, loop: loopTimes,
      floor: floorTimes)
  }

  @MainActor
  private func time(_ count: Int, _ body: @MainActor (Int) async -> Int) async -> Double {
    let start = ContinuousClock.now
    let checked = await body(count)
    let elapsed = ContinuousClock.now - start
    precondition(checked == count, "\(name): expected \(count), got \(checked)")
    let nanoseconds =
      Double(elapsed.components.seconds) * 1e9
      + Double(elapsed.components.attoseconds) / 1e9
    return nanoseconds / Double(count)
  }
}

struct Result {
  var name: String
  var unit: String
  var operations: Int
  var budget: Double
  var loop: [Double]
  var floor: [Double]

  var loopMedian: Double { loop.sorted()[loop.count / 2] }
  var floorMedian: Double { floor.sorted()[floor.count / 2] }
  var ratio: Double { loopMedian / floorMedian }
}

enum PeakMemory {
  /// The process's peak resident set (VmHWM), in bytes; 0 where /proc is missing.
  static func current() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let digits = line.filter(\.isNumber)
      return (Int(digits) ?? 0) * 1024
    }
    return 0
  }
}

enum Report {
  static func print(_ results: [Result], peakMemory: Int) {
    func format(_ nanoseconds: Double) -> String {
      nanoseconds >= 10_000
        ? String(format: "%.1f µs", nanoseconds / 1000) : String(format: "%.0f ns", nanoseconds)
    }
    Swift.print(
      "workload".padding(toLength: 34, withPad: " ", startingAt: 0),
      "loop median   min        max        floor median  ratio   budget")
    for result in results {
      let within = result.ratio <= result.budget ? "ok" : "OVER"
      Swift.print(
        result.name.padding(toLength: 34, withPad: " ", startingAt: 0),
        format(result.loopMedian).padding(toLength: 13, withPad: " ", startingAt: 0),
        format(result.loop.min() ?? 0).padding(toLength: 10, withPad: " ", startingAt: 0),
        format(result.loop.max() ?? 0).padding(toLength: 10, withPad: " ", startingAt: 0),
        format(result.floorMedian).padding(toLength: 13, withPad: " ", startingAt: 0),
        String(format: "%.2f×", result.ratio).padding(toLength: 7, withPad: " ", startingAt: 0),
        String(format: "≤ %.0f× %@", result.budget, within))
    }
    Swift.print("peak memory (VmHWM): \(peakMemory / 1_048_576) MiB")
    Swift.print(
      "per operation; median of \(results.first?.loop.count ?? 0) samples, Loop and floor alternating"
    )
  }

  static func json(_ results: [Result], peakMemory: Int) -> String {
    let rows = results.map { result in
      """
        {"name": "\(result.name)", "operations": \(result.operations), "loop_ns": \(result.loopMedian), \
      "floor_ns": \(result.floorMedian), "ratio": \(result.ratio), "budget": \(result.budget)}
      """
    }
    return "{\n  \"peak_memory_bytes\": \(peakMemory),\n  \"workloads\": [\n"
      + rows.joined(separator: ",\n") + "\n  ]\n}\n"
  }
}
