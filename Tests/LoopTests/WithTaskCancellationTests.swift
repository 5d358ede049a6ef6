// withTaskCancellation(id:cancelInFlight:) (Sources/Loop/Effects/WithTaskCancellation.swift):
// a part of an effect, cancelled by the reducer's .cancel(id:), replaced by cancelInFlight,
// per child in a parent-level forEach; the waits are driven by a TestClock.
import Loop
import LoopTesting
import Testing

private enum Saver {
  struct State: Equatable, Sendable {
    var saved: [String] = []
  }
  enum Action: Equatable, Sendable {
    case edit(String)
    case stop
    case saved(String)
  }
  enum SaveID: Hashable, Sendable { case debounce }

  static let reducer = Reducer<State, Action, TestClock> { state, action, clock in
    switch action {
    case let .edit(text):
      return .run { send in
        try await withTaskCancellation(id: SaveID.debounce, cancelInFlight: true) {
          try await clock.sleep(for: .seconds(1))
          await send(.saved(text))
        }
      }
    case .stop:
      return .cancel(id: SaveID.debounce)
    case let .saved(text):
      state.saved.append(text)
      return .none
    }
  }
}

private struct Rows: Equatable, Sendable {
  var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
}

private struct Row: Equatable, Identifiable, Sendable {
  var id: Int
  var ticks = 0
}

private enum RowsAction: Equatable, Sendable {
  case row(Int, Saver.Action)
}

/// Regions started, replaced and cancelled at random on the real executors: every caller gets
/// its operation's result back, and nothing stays in flight.
private enum Churn {
  struct State: Equatable, Sendable {
    var ended: Set<Int> = []
  }
  enum Action: Equatable, Sendable {
    case start(Int)
    case stop(Int)
    case ended(Int)
  }
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case let .start(n):
      return .run { send in
        _ = await withTaskCancellation(id: n % 3, cancelInFlight: n % 2 == 0) {
          for _ in 0..<(n % 4) { await Task.yield() }
          return Task.isCancelled
        }
        await send(.ended(n))
      }
    case let .stop(id):
      return .cancel(id: id)
    case let .ended(n):
      state.ended.insert(n)
      return .none
    }
  }
}

@MainActor
@Suite("withTaskCancellation under churn", .hangBackstop)
struct WithTaskCancellationChurnTests {
  @Test("on 100 seeded runs of 200 starts and stops, every caller returns and nothing is left")
  func churn() async {
    for await seed in SeededRandom.seeds(100) {
      var random = SeededRandom(seed: seed + 1)
      let store = Store(initialState: Churn.State(), reducer: Churn.reducer, environment: ())
      var tasks: [StoreTask] = []
      var started: Set<Int> = []
      for n in 0..<200 {
        if random.next() % 4 == 0 {
          tasks.append(store.send(.stop(Int(random.next() % 3))))
        } else {
          started.insert(n)
          tasks.append(store.send(.start(n)))
        }
        if random.next() % 8 == 0 { await Task.yield() }
      }
      for task in tasks { await task.finish() }
      #expect(store.state.ended == started, "seed \(seed)")
      #expect(store.inFlightEffectCount == 0, "seed \(seed)")
    }
  }
}

@MainActor
@Suite("withTaskCancellation", .deterministicJobs, .hangBackstop)
struct WithTaskCancellationTests {
  @Test("cancelInFlight: a second edit replaces the first, which never saves")
  func cancelInFlight() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Saver.State(), reducer: Saver.reducer, environment: clock)
    await store.send(.edit("a"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.edit("ab"))
    await clock.advance(by: .seconds(1))
    await store.receive(.saved("ab")) { $0.saved = ["ab"] }
    await store.finish()
  }

  @Test("the reducer's .cancel(id:) cancels the operation; its effect ends")
  func cancelByID() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Saver.State(), reducer: Saver.reducer, environment: clock)
    await store.send(.edit("a"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.stop)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("the operation's value and error reach the caller; without try when it cannot throw")
  func valueAndError() async {
    struct Failure: Error, Equatable {}
    let outcome = LockedState<[String]>([])
    let reducer = Reducer<Saver.State, Saver.Action, Void> { _, _, _ in
      .run { _ in
        let value = await withTaskCancellation(id: "value") { 42 }  // no try
        let thrown: (any Error)?
        do {
          _ = try await withTaskCancellation(id: "error") { () async throws -> Int in
            throw Failure()
          }
          thrown = nil
        } catch {
          thrown = error
        }
        outcome.withLock { $0 = ["\(value)", "\(thrown is Failure)"] }
      }
    }
    let runner = Store(initialState: Saver.State(), reducer: reducer, environment: ())
    await runner.send(.stop).finish()
    #expect(outcome.withLock { $0 } == ["42", "true"])
  }

  @Test("in a parent-level forEach each row's id is its own")
  func perRow() async {
    let clock = TestClock()
    let reducer = Reducer<Rows, RowsAction, TestClock> { _, _, _ in .none }
      .forEach(
        state: \.rows, action: RowsAction.row, environment: { $0 },
        element: Reducer<Row, Saver.Action, TestClock> { row, action, clock in
          switch action {
          case .edit:
            return .run { send in
              try await withTaskCancellation(id: Saver.SaveID.debounce, cancelInFlight: true) {
                try await clock.sleep(for: .seconds(1))
                await send(.saved("tick"))
              }
            }
          case .stop:
            return .cancel(id: Saver.SaveID.debounce)
          case .saved:
            row.ticks += 1
            return .none
          }
        })
    let store = TestStore(initialState: Rows(), reducer: reducer, environment: clock)
    await store.send(.row(1, .edit("")))
    await store.send(.row(2, .edit("")))  // does not replace row 1's
    await clock.advance(by: .seconds(1))
    await store.receive(.row(1, .saved("tick"))) { $0.rows[id: 1]?.ticks = 1 }
    await store.receive(.row(2, .saved("tick"))) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.row(1, .edit("")))
    await store.send(.row(2, .edit("")))
    await clock.advance(by: .milliseconds(500))
    await store.send(.row(1, .stop))  // stops row 1's only
    await clock.advance(by: .seconds(1))
    await store.receive(.row(2, .saved("tick"))) { $0.rows[id: 2]?.ticks = 2 }
    await store.finish()
  }

  @Test("releasing the store cancels the operation, and the store is freed")
  func release() async {
    let clock = TestClock()
    let (ended, endedContinuation) = AsyncStream<Bool>.makeStream()
    weak var weakStore: Store<Saver.State, Saver.Action>?
    do {
      let reducer = Reducer<Saver.State, Saver.Action, TestClock> { _, action, clock in
        guard case .edit = action else { return .none }
        return .run { _ in
          await withTaskCancellation(id: "release") {
            let slept: Void? = try? await clock.sleep(for: .seconds(60))
            endedContinuation.yield(slept == nil && Task.isCancelled)
          }
        }
      }
      let store = Store.testing(Saver.State(), reducer, clock)
      store.send(.edit("a"))
      await clock.advance(by: .zero)
      #expect(clock.sleeperCount == 1)
      weakStore = store
    }
    var events = ended.makeAsyncIterator()
    #expect(await events.next() == true)  // woken by cancellation, not by time
    #expect(weakStore == nil)
  }

  @Test("outside a store's effect it runs the operation and warns")
  func outsideAnEffect() async {
    let warnings = WarningLog()
    let value = await RuntimeWarnings.withHandler({ warnings.append($0) }) {
      await withTaskCancellation(id: "nowhere") { 7 }
    }
    #expect(value == 7)
    #expect(
      warnings.all == [
        """
        withTaskCancellation(id: "nowhere") ran outside a store's effect, so no reducer can \
        cancel it: it ran its operation as it is. To fix, call it inside an effect's \
        operation (.run { … }).
        """
      ])
  }
}
