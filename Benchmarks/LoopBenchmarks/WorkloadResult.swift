/// The figures of one workload: nanoseconds per operation for each sample, allocations and
/// peak memory of one more run of each side.
struct WorkloadResult {
  var name: String
  var operations: Int
  var budget: Double?
  var loop: [Double] = []
  var floor: [Double] = []
  var loopAllocations = Allocations(count: 0, bytes: 0)
  var floorAllocations = Allocations(count: 0, bytes: 0)
  var loopPeak = 0
  var floorPeak = 0
  /// Observers notified per operation, for a workload that counts them.
  var notificationsPerOp: Double?
  var floorNotificationsPerOp: Double?

  var loopMedian: Double { median(loop) }
  var floorMedian: Double { median(floor) }
  var ratio: Double { loopMedian / floorMedian }
  var isWithinBudget: Bool { budget.map { ratio <= $0 } ?? true }

  /// Allocations per operation.
  func allocationsPerOperation(_ allocations: Allocations) -> Double {
    Double(allocations.count) / Double(operations)
  }

  /// Bytes allocated per operation.
  func bytesPerOperation(_ allocations: Allocations) -> Double {
    Double(allocations.bytes) / Double(operations)
  }

  private func median(_ values: [Double]) -> Double {
    values.isEmpty ? 0 : values.sorted()[values.count / 2]
  }
}
