import Loop

/// `--soak`: sends many actions through effects on one store and on the floor, printing the
/// resident memory at every checkpoint, then checks the memory budget: Loop's peak at most the
/// floor's + 5 MiB, and flat — at most 1 MiB more at the end than at the first checkpoint,
/// while the action count grows 10×.
enum Soak {
  static let allowanceOverFloor = 5 * 1_048_576
  static let allowedGrowth = 1_048_576

  struct Side {
    var name: String
    var checkpoints: [(actions: Int, resident: Int)] = []
    var peak = 0
    var growth: Int { (checkpoints.last?.resident ?? 0) - (checkpoints.first?.resident ?? 0) }
  }

  /// Runs the soak; returns whether Loop is within the memory budget.
  @MainActor
  static func run(actions: Int, checkpoints: Int) async -> Bool {
    let every = actions / checkpoints
    print(
      "soak: \(actions) actions, each sent by one of 1,000 merged .run effects; RSS every \(every)")
    let floor = Floor(Counter.State()) { state, action in
      if action == .done { state.count += 1 }
    }
    let floorSide = await side("floor", actions: actions, every: every) {
      await Workloads.fanOut($0, on: floor)
    }
    let store = Store(initialState: Counter.State(), reducer: Counter.reducer, environment: ())
    let loopSide = await side("loop", actions: actions, every: every) {
      await Workloads.fanOut($0, on: store)
    }
    let withinFloor = loopSide.peak <= floorSide.peak + allowanceOverFloor
    let flat = loopSide.growth <= allowedGrowth
    print(
      """
      loop peak \(ProcessMemory.mebibytes(loopSide.peak)), floor peak \
      \(ProcessMemory.mebibytes(floorSide.peak)): \
      \(withinFloor ? "ok" : "OVER"), budget ≤ floor + 5 MiB
      loop growth from the first checkpoint to the last (\(checkpoints)× the actions): \
      \(ProcessMemory.mebibytes(loopSide.growth)): \(flat ? "flat" : "GROWS"), budget ≤ 1 MiB
      """)
    return withinFloor && flat
  }

  @MainActor
  private static func side(
    _ name: String, actions: Int, every: Int, _ body: @MainActor (Int) async -> Int
  ) async -> Side {
    var side = Side(name: name)
    ProcessMemory.resetPeak()
    var sent = 0
    while sent < actions {
      let total = await body(every)
      sent += every
      precondition(total == sent, "\(name): expected \(sent) actions, got \(total)")
      side.checkpoints.append((sent, ProcessMemory.resident))
      print("  \(name) \(sent) actions: RSS \(ProcessMemory.mebibytes(ProcessMemory.resident))")
    }
    side.peak = ProcessMemory.peak
    return side
  }
}
