import LoopTesting
import Testing

@testable import LoopInspector

/// The live inspector's two bounded stores, each against the plain computation on thousands of
/// seeded random cases: the event log against "every event, and the newest that fit", the
/// history's windowed replay against "every step, replayed from the start".
@Suite struct LiveModelTests {
  @Test func eventLogKeepsTheNewestThatFitAndSaysWhatWasMissed() async {
    for await seed in SeededRandom.seeds(2_000) {
      var random = SeededRandom(seed: seed)
      let maximumCount = Int.random(in: 1...8, using: &random)
      let maximumBytes = Int.random(in: 1...40, using: &random)
      var log = LiveEventLog(maximumCount: maximumCount, maximumBytes: maximumBytes)
      var all: [LiveEventLog.Event] = []
      for _ in 0..<Int.random(in: 0...120, using: &random) {
        let data = String(repeating: "x", count: Int.random(in: 0...12, using: &random))
        let id = log.append(name: "step", data: data)
        all.append(.init(id: id, name: "step", data: data))
        #expect(id == all.count, "seed \(seed)")
        // The model: the newest events whose count and size fit, and always the newest.
        var kept: [LiveEventLog.Event] = []
        var bytes = 0
        for event in all.reversed() {
          let size = event.data.utf8.count
          if !kept.isEmpty, kept.count + 1 > maximumCount || bytes + size > maximumBytes { break }
          kept.insert(event, at: 0)
          bytes += size
        }
        #expect(log.count == kept.count && log.byteCount == bytes, "seed \(seed)")
        let after = Int.random(in: 0...all.count, using: &random)
        let first = kept.first?.id ?? all.count + 1
        let expected: LiveEventLog.Read =
          after + 1 < first
          ? .missed(first - after - 1) : .events(Array(all[after...]))
        #expect(log.events(after: after) == expected, "seed \(seed), after \(after)")
      }
    }
  }

  @Test func historyReplaysEveryStepItKeepsAsAReplayFromTheStartWould() async {
    let reduce: (inout [Int], Int) -> Void = { $0.append($1) }
    for await seed in SeededRandom.seeds(1_000) {
      var random = SeededRandom(seed: seed)
      let keeping = Int.random(in: 1...6, using: &random)
      var history = LiveHistory<[Int], Int>(initialState: [], keeping: keeping)
      // The model: every step's state, kept forever.
      var states: [[Int]] = [[]]
      for _ in 0..<Int.random(in: 0...60, using: &random) {
        let last = states.count - 1
        let base = LiveWindow.base(after: last, keeping: keeping)
        if Bool.random(using: &random), last > 0 {
          let target = Int.random(in: base...last, using: &random)
          history.append(.jump(to: target), reduce: reduce)
          states.append(states[target])
        } else {
          let action = Int.random(in: 0...99, using: &random)
          history.append(.action(action), reduce: reduce)
          states.append(states[last] + [action])
        }
        let newLast = states.count - 1
        #expect(history.lastNumber == newLast, "seed \(seed)")
        #expect(history.base == LiveWindow.base(after: newLast, keeping: keeping), "seed \(seed)")
        for number in 0...newLast {
          let replayed = history.state(at: number, reduce: reduce)
          if number < history.base {
            #expect(replayed == nil, "seed \(seed), step \(number)")
          } else {
            #expect(replayed == states[number], "seed \(seed), step \(number)")
          }
        }
      }
    }
  }

  @Test func windowKeepsBetweenKeepingAndTwiceThatSteps() {
    var window = LiveWindow(keeping: 3)
    window.start(initialState: .number("0"))
    for number in 1...20 {
      _ = window.add(step: "[\(number)]", number: number, state: .number("\(number)"))
      #expect(window.base == LiveWindow.base(after: number, keeping: 3))
      #expect(window.steps.first == "[\(window.base + 1)]")
      #expect(window.steps.count == number - window.base)
      #expect(window.baseState == .number("\(window.base)"))
      if number >= 6 { #expect((3...6).contains(window.steps.count)) }
    }
  }
}
