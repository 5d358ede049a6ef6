import LoopTesting
import Observation
import Testing

@testable import Loop

// The O(1) markers that `forEach` and row stores trust, checked against the plain computation
// on thousands of seeded random mutation sequences: every shortcut `IdentifiedArrayHistory`
// offers must agree with comparing the arrays element by element.

private struct Row: Identifiable, Equatable, Sendable {
  let id: Int
  var value = 0
}

/// One step of a parent's reduce on its rows.
private enum Mutation: Equatable, Sendable, CustomStringConvertible {
  case append(Int), insert(Int, at: Int), remove(Int), removeEven, edit(Int), assign(Int)
  case updateOrAppend(Int), move, sort, removeAll, save(Int), restore(Int), swapWithOther
  case editOther(Int), rebuild, filterOdd
  case editAt(Int), assignAt(Int, id: Int), swapAt(Int, Int), reverse, reverseFront, partitionOdd

  var description: String {
    switch self {
    case let .append(id): "append(\(id))"
    case let .insert(id, at): "insert(\(id), at: \(at))"
    case let .remove(id): "remove(\(id))"
    case .removeEven: "removeAll(where: even)"
    case let .edit(id): "rows[id: \(id)]?.value += 1"
    case let .assign(id): "rows[id: \(id)] = Row(\(id), 100)"
    case let .updateOrAppend(id): "updateOrAppend(\(id))"
    case .move: "move first to end"
    case .sort: "sort by descending id"
    case .removeAll: "removeAll()"
    case let .save(slot): "saved[\(slot)] = rows"
    case let .restore(slot): "rows = saved[\(slot)]"
    case .swapWithOther: "swap(&rows, &other)"
    case let .editOther(id): "other[id: \(id)]?.value += 1"
    case .rebuild: "rows = IdentifiedArray(Array(rows))"
    case .filterOdd: "rows = rows.filter(odd)"
    case let .editAt(index): "rows[\(index)].value += 1"
    case let .assignAt(index, id): "rows[\(index)] = Row(\(id), 50)"
    case let .swapAt(i, j): "rows.swapAt(\(i), \(j))"
    case .reverse: "rows.reverse()"
    case .reverseFront: "rows[..<2].reverse()"
    case .partitionOdd: "rows.partition(by: odd)"
    }
  }

  static func random(using random: inout SeededRandom) -> Self {
    let id = Int.random(in: 0..<10, using: &random)
    let index = Int.random(in: 0..<6, using: &random)
    switch Int.random(in: 0..<30, using: &random) {
    case 0, 1, 2: return .append(id)
    case 3: return .insert(id, at: Int.random(in: 0..<4, using: &random))
    case 4, 5: return .remove(id)
    case 6: return .removeEven
    case 7, 8: return .edit(id)
    case 9: return .assign(id)
    case 10: return .updateOrAppend(id)
    case 11: return .move
    case 12: return .sort
    case 13: return .removeAll
    case 14, 15: return .save(Int.random(in: 0..<3, using: &random))
    case 16, 17: return .restore(Int.random(in: 0..<3, using: &random))
    case 18: return .swapWithOther
    case 19: return .editOther(id)
    case 20: return .rebuild
    case 21: return .filterOdd
    case 22, 23: return .editAt(index)
    case 24, 25: return .assignAt(index, id: id)
    case 26: return .swapAt(index, Int.random(in: 0..<6, using: &random))
    case 27: return .reverse
    case 28: return .reverseFront
    default: return .partitionOdd
    }
  }
}

private struct State: Equatable {
  var rows: IdentifiedArrayOf<Row> = []
  var other: IdentifiedArrayOf<Row> = []
  var saved: [IdentifiedArrayOf<Row>] = [[], [], []]

  mutating func apply(_ mutation: Mutation) {
    switch mutation {
    case let .append(id): rows.append(Row(id: id))
    case let .insert(id, at): rows.insert(Row(id: id), at: min(at, rows.count))
    case let .remove(id): rows.remove(id: id)
    case .removeEven: rows.removeAll { $0.id.isMultiple(of: 2) }
    case let .edit(id): rows[id: id]?.value += 1
    case let .assign(id): rows[id: id] = Row(id: id, value: 100)
    case let .updateOrAppend(id): rows.updateOrAppend(Row(id: id, value: 7))
    case .move: rows.move(fromOffsets: [0], toOffset: rows.count)
    case .sort: rows.sort { $0.id > $1.id }
    case .removeAll: rows.removeAll()
    case let .save(slot): saved[slot] = rows
    case let .restore(slot): rows = saved[slot]
    case .swapWithOther: swap(&rows, &other)
    case let .editOther(id): other[id: id]?.value += 1
    case .rebuild: rows = IdentifiedArray(Array(rows))
    case .filterOdd: rows = rows.filter { !$0.id.isMultiple(of: 2) }
    case let .editAt(index): if index < rows.count { rows[index].value += 1 }
    case let .assignAt(index, id): if index < rows.count { rows[index] = Row(id: id, value: 50) }
    case let .swapAt(i, j): if i < rows.count, j < rows.count { rows.swapAt(i, j) }
    case .reverse: rows.reverse()
    case .reverseFront: rows[..<min(2, rows.count)].reverse()
    case .partitionOdd: _ = rows.partition { !$0.id.isMultiple(of: 2) }
    }
  }
}

private enum RowAction: Equatable, Sendable {
  /// Starts an effect that runs until it is cancelled.
  case start
  case bump
  /// Changes nothing (the array still records an edit).
  case look
}

private enum Action: Equatable, Sendable {
  case mutate([Mutation])
  case row(Int, RowAction)
}

private let rowReducer = Reducer<Row, RowAction, Void> { row, action, _ in
  switch action {
  case .start:
    // NB: Suspends until cancelled; the test never lets the runner start it, and reads the
    // store's registry instead, synchronously after each send.
    return .run { _ in try await TestClock().sleep(for: .seconds(1)) }
  case .bump:
    row.value += 1
    return .none
  case .look:
    return .none
  }
}

private let reducer = Reducer<State, Action, Void> { state, action, _ in
  if case let .mutate(mutations) = action {
    for mutation in mutations { state.apply(mutation) }
  }
  return .none
}
.forEach(
  state: \.rows,
  action: CasePath(
    embed: { Action.row($0.0, $0.1) },
    extract: { if case let .row(id, action) = $0 { (id, action) } else { nil } }),
  environment: { $0 }, element: rowReducer)

extension Store {
  /// The children of `scope` (a child collection's or optional child's key path) whose
  /// effects are registered in this root store: neither ended nor cancelled as gone.
  func childrenWithEffects(in scope: AnyHashable) -> Set<AnyHashable> {
    guard case .root(let root) = core else { return [] }
    return root.runner.storage.children(in: scope)
  }
}

/// The contents of an array read the plain way, without its version.
private func contents(_ rows: IdentifiedArrayOf<Row>) -> [Row] {
  rows.ids.map { id in rows[id: id] ?? Row(id: -1) }
}

@MainActor
@Suite("IdentifiedArray's version and history agree with the plain computation")
struct IdentifiedArrayHistoryModelTests {
  // NB: Pure value code: nonisolated and async, so it runs off the main actor and does not hold
  // up other tests' stores (a synchronous test runs on its suite's actor).
  @Test(
    "equal versions mean equal contents; the history names every id touched or removed, and says the ids are unchanged only when they are"
  )
  nonisolated func historyAgreesWithContents() async {
    // NB: How often the history said the ids were unchanged, so that the check below cannot
    // pass by never being asked.
    var idsKept = 0
    for await seed in SeededRandom.seeds(3_000) {
      var random = SeededRandom(seed: seed)
      var state = State()
      var log: [String] = []
      for _ in 0..<30 {
        let before = state
        let mutations = (0..<Int.random(in: 1...3, using: &random)).map { _ in
          Mutation.random(using: &random)
        }
        for mutation in mutations { state.apply(mutation) }
        log.append(mutations.description)
        let arrays = [state.rows, state.other] + state.saved + [before.rows]
        for left in arrays {
          for right in arrays where left.version == right.version {
            guard contents(left) == contents(right) else {
              Issue.record("equal versions, different contents; seed \(seed): \(log)")
              return
            }
          }
        }
        let old = contents(before.rows)
        let new = contents(state.rows)
        let gone = Set(old.map(\.id)).subtracting(new.map(\.id))
        if let removed = state.rows.history.idsRemoved(since: before.rows.version) {
          guard gone.isSubset(of: removed) else {
            Issue.record("\(gone) went, history says \(removed); seed \(seed): \(log)")
            return
          }
        }
        if state.rows.history.idsUnchanged(since: before.rows.version) {
          idsKept += 1
          guard old.map(\.id) == new.map(\.id) else {
            Issue.record(
              "ids \(old.map(\.id)) became \(new.map(\.id)), history says unchanged; seed \(seed): \(log)"
            )
            return
          }
        }
        var touched: Set<Int> = []
        if state.rows.history.forEachID(touchedSince: before.rows.version, { touched.insert($0) }) {
          let changed = Set(old.map(\.id) + new.map(\.id)).filter { id in
            old.first { $0.id == id } != new.first { $0.id == id }
          }
          guard changed.isSubset(of: touched) else {
            Issue.record("\(changed) changed, history says \(touched); seed \(seed): \(log)")
            return
          }
        }
      }
    }
    #expect(idsKept > 1_000, "the history said the ids were unchanged \(idsKept) times")
  }

  @Test(
    "a parent-level forEach ends exactly the effects of rows that went, and row stores notify exactly when their row changed"
  )
  func storeAgreesWithModel() async {
    let scope = AnyHashable(\State.rows)
    for await seed in SeededRandom.seeds(1_500) {
      var random = SeededRandom(seed: seed)
      let store = Store<State, Action>(initialState: State(), reducer: reducer, environment: ())
      /// The rows whose effect should be running: started, and present ever since.
      var running: Set<Int> = []
      /// The observed row stores, by id, with their notification count and the row they showed.
      var observed: [Int: (store: Store<Row, RowAction>, counter: Tally, row: Row)] = [:]
      var log: [String] = []
      for _ in 0..<25 {
        // Observe every row store not observed now, as a list's rows would.
        for rowStore in store.scope(forEach: \State.rows, action: Action.row) {
          let row = rowStore.state
          guard observed[row.id] == nil else { continue }
          let counter = Tally()
          withObservationTracking {
            _ = rowStore.state
          } onChange: {
            counter.increment()
          }
          observed[row.id] = (rowStore, counter, row)
        }
        let action: Action
        let ids = store.state.rows.ids
        if !ids.isEmpty, Bool.random(using: &random) {
          let id = ids[Int.random(in: 0..<ids.count, using: &random)]
          let rowAction = [RowAction.start, .bump, .look][Int.random(in: 0..<3, using: &random)]
          action = .row(id, rowAction)
          if rowAction == .start { running.insert(id) }
        } else {
          action = .mutate(
            (0..<Int.random(in: 1...3, using: &random)).map { _ in
              Mutation.random(using: &random)
            })
        }
        log.append("\(action)")
        store.send(action)

        let rows = store.state.rows
        running = running.filter { rows[id: $0] != nil }
        let children = store.childrenWithEffects(in: scope)
        guard children == Set(running.map(AnyHashable.init)) else {
          Issue.record(
            "rows with effects \(children), expected \(running.sorted()); seed \(seed): \(log)")
          return
        }
        for (id, entry) in observed {
          // NB: A removed row's observers are not told (its view goes with the list); they are
          // done, and the row is observed anew if it comes back.
          let now = rows[id: id]
          let expected = now == nil || now == entry.row ? 0 : 1
          guard entry.counter.value == expected else {
            Issue.record(
              "row \(id) notified \(entry.counter.value)×, expected \(expected)×; seed \(seed): \(log)"
            )
            return
          }
          if entry.counter.value > 0 || now == nil { observed[id] = nil }
        }
      }
    }
  }
}
