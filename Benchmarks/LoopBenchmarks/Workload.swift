import Foundation

/// One workload: Loop's version and the floor's, each returning the count it checks.
struct Workload: Sendable {
  var name: String
  var operations: Int
  var quickOperations: Int
  /// The budget: Loop ÷ floor at most this; nil for a workload that only shows a cost.
  var budget: Double?
  /// Runs `count` operations; returns a result the caller checks, so nothing is optimised away.
  var loop: @MainActor @Sendable (Int) async -> Int
  var floor: @MainActor @Sendable (Int) async -> Int
  /// Whether the workload counts observer notifications (in ``Notifications``).
  var countsNotifications = false
  /// Untimed work both sides need for a run of `count` operations, done before any is timed.
  var prepare: (@MainActor @Sendable (Int) async -> Void)? = nil

  @MainActor
  func run(samples: Int, quick: Bool, operations override: Int? = nil) async -> WorkloadResult {
    let count = override ?? (quick ? quickOperations : operations)
    // NB: For profiling one side alone (`perf record`): LOOP_BENCH_SIDE=loop runs Loop's version
    // in both columns, =floor the floor's. Ratios then read about 1×; quote neither.
    let side = ProcessInfo.processInfo.environment["LOOP_BENCH_SIDE"]
    let loop = side == "floor" ? self.floor : self.loop
    let floor = side == "loop" ? self.loop : self.floor
    // NB: For counting instructions per operation (callgrind): LOOP_BENCH_ONCE=1 runs each side
    // once, `count` operations, and nothing else, so that two runs' difference divides by the
    // difference of their counts, per side.
    if ProcessInfo.processInfo.environment["LOOP_BENCH_ONCE"] == "1" {
      await prepare?(count)
      var result = WorkloadResult(name: name, operations: count, budget: budget)
      result.loop.append(await time(count, loop))
      result.floor.append(await time(count, floor))
      return result
    }
    await prepare?(max(1, count / 10))
    await prepare?(count)
    // Warm up both.
    _ = await loop(max(1, count / 10))
    _ = await floor(max(1, count / 10))
    var result = WorkloadResult(name: name, operations: count, budget: budget)
    for _ in 0..<samples {
      result.loop.append(await time(count, loop))
      result.floor.append(await time(count, floor))
    }
    // One more run of each, untimed, to count its allocations and its peak memory.
    (result.loopAllocations, result.loopPeak) = await measure(count, loop)
    (result.floorAllocations, result.floorPeak) = await measure(count, floor)
    if countsNotifications {
      Notifications.count = 0
      check(await loop(count), count)
      result.notificationsPerOp = Double(Notifications.count) / Double(count)
      Notifications.count = 0
      check(await floor(count), count)
      result.floorNotificationsPerOp = Double(Notifications.count) / Double(count)
    }
    return result
  }

  @MainActor
  private func time(_ count: Int, _ body: @MainActor (Int) async -> Int) async -> Double {
    let start = ContinuousClock.now
    let checked = await body(count)
    let elapsed = ContinuousClock.now - start
    check(checked, count)
    let nanoseconds =
      Double(elapsed.components.seconds) * 1e9
      + Double(elapsed.components.attoseconds) / 1e9
    return nanoseconds / Double(count)
  }

  @MainActor
  private func measure(
    _ count: Int, _ body: @MainActor (Int) async -> Int
  ) async -> (Allocations, peak: Int) {
    ProcessMemory.resetPeak()
    let before = Allocations.now
    let checked = await body(count)
    let allocations = Allocations.now - before
    check(checked, count)
    return (allocations, ProcessMemory.peak)
  }

  private func check(_ checked: Int, _ count: Int) {
    precondition(checked == count, "\(name): expected \(count), got \(checked)")
  }
}

/// Observer notifications counted by a workload that counts them.
@MainActor
enum Notifications {
  static var count = 0
}
