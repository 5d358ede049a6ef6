import Foundation
import Loop
import LoopTesting
import Observation
import Testing  // the TestStore's default source-location arguments

// MARK: - Features

enum Counter {
  struct State: Equatable, Sendable, Codable { var count = 0 }
  enum Action: Equatable, Sendable, Codable { case increment, start, done, fanOut }
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .start:
      return .run { send in await send(.done) }
    case .done:
      state.count += 1
      return .none
    case .fanOut:
      return .merge((0..<1_000).map { _ in .run { send in await send(.done) } })
    }
  }
}

/// (x)'s state: a screen in one of two modes, the editing one with a child feature.
enum Mode: Equatable, Sendable { case idle, editing(Counter.State) }
enum ModeAction: Sendable { case editing(Counter.Action) }
let modeReducer = Reducer<Mode, ModeAction, Void> { _, _, _ in .none }

struct Row: Identifiable, Equatable, Sendable, Codable { let id: Int; var count = 0 }
struct Rows: Equatable, Sendable {
  var rows: IdentifiedArrayOf<Row> = IdentifiedArray((0..<1_000).map { Row(id: $0) })
}
enum RowsAction: Equatable, Sendable { case row(Int, Counter.Action) }
// NB: The parent-level `forEach`, which ties each row's effects to the row: what an app
// writes. Each action pays its O(1) removal check (the array's generation, before and after).
let rowsReducer = Reducer<Rows, RowsAction, Void>.empty.forEach(
  state: \Rows.rows,
  action: CasePath(RowsAction.row),
  environment: { (_: Void) in () },
  element: Reducer<Row, Counter.Action, Void> { row, _, _ in
    row.count += 1
    return .none
  })

/// (j): rows that each keep an effect running until they are removed.
struct Sleepers: Equatable, Sendable {
  var rows: IdentifiedArrayOf<Row> = IdentifiedArray((0..<1_000).map { Row(id: $0) })
}
enum SleepersAction: Equatable, Sendable {
  case row(Int, SleeperAction)
  case remove(Int)
  case add(Int)
  case removeAll
}
enum SleeperAction: Equatable, Sendable { case start }
let sleepersReducer = Reducer<Sleepers, SleepersAction, Void> { state, action, _ in
  switch action {
  case .row: break
  case let .remove(id): state.rows.remove(id: id)
  case let .add(id): state.rows.append(Row(id: id))
  case .removeAll: state.rows.removeAll()
  }
  return .none
}
.forEach(
  state: \Sleepers.rows,
  action: CasePath(
    embed: { SleepersAction.row($0.0, $0.1) },
    extract: { if case let .row(id, action) = $0 { (id, action) } else { nil } }),
  environment: { (_: Void) in () },
  element: Reducer<Row, SleeperAction, Void> { _, _, _ in
    .run { _ in try await Task.sleep(for: .seconds(3_600)) }
  })

/// (j)'s floor: the same rows in a plain class, each row's effect a bare `Task`, cancelled by
/// hand when the row is removed.
@MainActor
final class SleepersFloor {
  var rows = Sleepers().rows
  var tasks: [Int: Task<Void, Never>] = [:]
  @inline(never)
  func start(_ id: Int) {
    tasks[id] = Task { try? await Task.sleep(for: .seconds(3_600)) }
  }
  @inline(never)
  func remove(_ id: Int) {
    rows.remove(id: id)
    tasks.removeValue(forKey: id)?.cancel()
  }
  @inline(never)
  func add(_ id: Int) {
    rows.append(Row(id: id))
  }
}

struct Parent: Equatable, Sendable { var counter = Counter.State() }
enum ParentAction: Equatable, Sendable { case counter(Counter.Action) }
let parentReducer = Counter.reducer.pullback(
  state: \Parent.counter,
  action: CasePath(ParentAction.counter),
  environment: { (_: Void) in () })

/// (u): a parent presenting one child (a sheet, say) through `ifLet`; the child is
/// `Identifiable`, so its effects belong to its `id`.
struct Presenting: Equatable, Sendable { var child: Row? = Row(id: 1) }
enum PresentingAction: Equatable, Sendable { case child(Counter.Action) }
let presentedRowReducer = Reducer<Row, Counter.Action, Void> { state, action, _ in
  if action == .increment { state.count += 1 }
  return .none
}
let presentingReducer = Reducer<Presenting, PresentingAction, Void> { _, _, _ in .none }
  .ifLet(
    state: \.child, action: PresentingAction.child, environment: { $0 },
    then: presentedRowReducer)

/// (u)'s floor: the parent's reducer written by hand, as an Elm or Redux app routes to a child
/// that may be absent: unwrap it, run its reducer in place, nothing tied to its lifetime.
@MainActor
final class PresentingFloor {
  var state = Presenting()
  @inline(never)
  func send(_ action: PresentingAction) {
    switch action {
    case let .child(childAction):
      guard state.child != nil else { return }
      _ = presentedRowReducer.reduce(into: &state.child!, action: childAction, environment: ())
    }
  }
}

/// (n): a counter whose count is a shared value.
struct SharedCounter: Equatable, Sendable {
  @Shared(.inMemory("loop-benchmarks.n")) var count = 0
}
let sharedCounterReducer = Reducer<SharedCounter, Counter.Action, Void> { state, _, _ in
  state.count += 1
  return .none
}

/// (o): 1,000 rows in a shared collection, edited through a store. Each run has its own key:
/// observers a run leaves waiting must not count in the next.
struct SharedRows: Equatable, Sendable {
  @Shared var rows: IdentifiedArrayOf<Row>

  @MainActor static var runs = 0

  @MainActor init() {
    Self.runs += 1
    _rows = Shared(
      wrappedValue: IdentifiedArray((0..<1_000).map { Row(id: $0) }),
      .inMemory("loop-benchmarks.o.\(Self.runs)"))
  }
}
/// (p): the same 1,000 rows, saved to a file after every change (no save delay) — or, for the
/// floor, kept in memory. Each run has its own key and file.
struct SavedRows: Equatable, Sendable {
  @Shared var rows: IdentifiedArrayOf<Row>

  @MainActor static var runs = 0

  /// A file in the temporary folder, made for the run; `nil` to keep the rows in memory.
  @MainActor init(file: URL?) {
    Self.runs += 1
    let rows = IdentifiedArray((0..<1_000).map { Row(id: $0) })
    let key: SharedKey<IdentifiedArrayOf<Row>> =
      if let file { .file(file, saveDelay: .zero) } else {
        .inMemory("loop-benchmarks.p.\(Self.runs)")
      }
    _rows = Shared(wrappedValue: rows, key)
  }
}
let savedRowsReducer = Reducer<SavedRows, SharedRowsAction, Void> { state, action, _ in
  guard case let .increment(id) = action else { return .none }
  state.rows[id: id]?.count += 1
  return .none
}

enum SharedRowsAction: Equatable, Sendable { case increment(Int) }
let sharedRowsReducer = Reducer<SharedRows, SharedRowsAction, Void> { state, action, _ in
  guard case let .increment(id) = action else { return .none }
  state.rows[id: id]?.count += 1
  return .none
}

// MARK: - The floor: a plain class that calls the reducer closure; effects as bare Tasks

@MainActor
final class Floor<State> {
  var state: State
  let reduce: (inout State, Counter.Action) -> Void
  init(_ state: State, _ reduce: @escaping (inout State, Counter.Action) -> Void) {
    self.state = state
    self.reduce = reduce
  }
  // NB: Not inlined into the benchmark loop, as no real store's send is: otherwise the
  // optimiser sees the reducer through the closure and folds a million sends into one add.
  @inline(never)
  func send(_ action: Counter.Action) { reduce(&state, action) }
}

/// (d)'s floor: the same forEach reducer, called directly by a plain class.
@MainActor
final class RowsFloor {
  var state = Rows()
  @inline(never)
  func send(_ action: RowsAction) {
    _ = rowsReducer.reduce(into: &state, action: action, environment: ())
  }
}

/// (f)'s floor: the same pullback reducer, called directly by a plain class with the child's
/// action wrapped, as a scoped store's send wraps it.
@MainActor
final class ParentFloor {
  var state = Parent()
  @inline(never)
  func send(_ action: Counter.Action) {
    _ = parentReducer.reduce(into: &state, action: .counter(action), environment: ())
  }
}

// MARK: - Workloads

enum Workloads {
  @MainActor static var all: [Workload] {
    [
      Workload(
        name: "(a) send .increment", operations: 1_000_000, quickOperations: 1_000,
        budget: 2,
        loop: { count in
          let store = Store(
            initialState: Counter.State(), reducer: Counter.reducer, environment: ())
          for _ in 0..<count { store.send(.increment) }
          return store.state.count
        },
        floor: incrementFloor),
      Workload(
        name: "(b) effect round trip", operations: 100_000,
        quickOperations: 100,
        // NB: Against a one-hop floor. The portable path takes three main-actor jobs where the
        // floor takes two (see Performance.md, "What the portable path costs"), so it may be
        // up to 1.5× the floor; the fast path takes none and stays far under it.
        budget: 1.5,
        loop: { count in
          let store = Store(
            initialState: Counter.State(), reducer: Counter.reducer, environment: ())
          for _ in 0..<count { await store.send(.start).finish() }
          return store.state.count
        },
        floor: oneHopRoundTripFloor),
      Workload(
        name: "(c) 1,000-effect fan-out", operations: 100_000,
        quickOperations: 1_000,
        budget: 2,
        loop: fanOutLoop,
        floor: fanOutFloor),
      Workload(
        name: "(d) forEach, 1,000 children", operations: 100_000,
        quickOperations: 1_000,
        budget: 3,
        loop: { count in
          let store = Store(initialState: Rows(), reducer: rowsReducer, environment: ())
          var generator = SeededNumbers(seed: 1)
          for _ in 0..<count { store.send(.row(Int(generator.next() % 1_000), .increment)) }
          return store.state.rows.reduce(0) { $0 + $1.count }
        },
        floor: { count in
          let floor = RowsFloor()
          var generator = SeededNumbers(seed: 1)
          for _ in 0..<count { floor.send(.row(Int(generator.next() % 1_000), .increment)) }
          return floor.state.rows.reduce(0) { $0 + $1.count }
        }),
      Workload(
        name: "(e) TestStore send+receive", operations: 10_000, quickOperations: 50,
        budget: 1.2,
        loop: { count in
          let store = TestStore(
            initialState: Counter.State(), reducer: Counter.reducer, environment: ())
          store.exhaustivity = .off
          for _ in 0..<count {
            await store.send(.start)
            await store.receive(.done)
          }
          return store.state.count
        },
        floor: roundTripFloor),
      // What a feature costs per action, against (a)'s floor; no budget.
      Workload(
        name: "(f) send to a scoped store", operations: 1_000_000, quickOperations: 1_000,
        budget: 2,
        loop: { count in
          let store = Store(initialState: Parent(), reducer: parentReducer, environment: ())
          let child = store.scope(state: \.counter, action: ParentAction.counter)
          for _ in 0..<count { child.send(.increment) }
          return store.state.counter.count
        },
        floor: scopedFloor),
      Workload(
        name: "(u) send to a child presented through ifLet", operations: 1_000_000,
        quickOperations: 1_000,
        budget: nil,
        loop: { count in
          let store = Store(
            initialState: Presenting(), reducer: presentingReducer, environment: ())
          for _ in 0..<count { store.send(.child(.increment)) }
          return store.state.child?.count ?? 0
        },
        floor: { count in
          let floor = PresentingFloor()
          for _ in 0..<count { floor.send(.child(.increment)) }
          return floor.state.child?.count ?? 0
        }),
      Workload(
        name: "(g) send through middleware", operations: 1_000_000, quickOperations: 1_000,
        budget: nil,
        loop: { count in
          let store = Store(
            initialState: Counter.State(),
            reducer: Counter.reducer.middleware { _, _, _ in .none }, environment: ())
          for _ in 0..<count { store.send(.increment) }
          return store.state.count
        },
        floor: incrementFloor),
      Workload(
        name: "(j) remove and re-add a child with running effects", operations: 10_000,
        quickOperations: 100,
        budget: nil,
        loop: { count in
          let store = Store(initialState: Sleepers(), reducer: sleepersReducer, environment: ())
          // NB: Each row's last effect, to wait for once every row is removed.
          var running = (0..<1_000).map { id in store.send(.row(id, .start)) }
          for index in 0..<count {
            let id = index % 1_000
            store.send(.remove(id))
            store.send(.add(id))
            running[id] = store.send(.row(id, .start))
          }
          store.send(.removeAll)
          for task in running { await task.finish() }
          return store.state.rows.count + count
        },
        floor: { count in
          let floor = SleepersFloor()
          for id in 0..<1_000 { floor.start(id) }
          for index in 0..<count {
            let id = index % 1_000
            floor.remove(id)
            floor.add(id)
            floor.start(id)
          }
          for task in floor.tasks.values { task.cancel() }
          for task in floor.tasks.values { await task.value }
          return count
        }),
      Workload(
        name: "(i) one row changes among 1,000 observed rows", operations: 10_000,
        quickOperations: 100,
        budget: 3,
        loop: observedRowsLoop,
        floor: observedRowsFloor,
        countsNotifications: true),
      Workload(
        name: "(k) send .increment while recording", operations: 200_000, quickOperations: 1_000,
        budget: nil,
        loop: { count in
          // The recorder encodes each action and the state after it as a JSON line; the sink
          // drops the line, so this is the cost of recording, not of a disk.
          let store = Store(
            initialState: Counter.State(), reducer: Counter.reducer, environment: ())
          let recorder = SessionRecorder<Counter.State, Counter.Action>(to: SessionLogSink { _ in })
          store.record(to: recorder)
          for _ in 0..<count { store.send(.increment) }
          return recorder.entryCount
        },
        floor: incrementFloor),
      Workload(
        name: "(l) send to a store showing a list", operations: 1_000_000,
        quickOperations: 1_000, budget: nil,
        loop: { count in
          // A list was given its row stores once (as a view's body does): from then on, every
          // send pays the collection's one check, with no observer notified.
          let store = Store(initialState: Rows(), reducer: rowsReducer, environment: ())
          let rows = store.scope(forEach: \.rows, action: RowsAction.row)
          for _ in 0..<count { store.send(.row(3, .increment)) }
          return withExtendedLifetime(rows) { store.state.rows[id: 3]?.count ?? 0 }
        },
        floor: { count in
          // The same store and sends, with no list.
          let store = Store(initialState: Rows(), reducer: rowsReducer, environment: ())
          for _ in 0..<count { store.send(.row(3, .increment)) }
          return store.state.rows[id: 3]?.count ?? 0
        }),
      Workload(
        name: "(m) one field changes among 20 observed fields", operations: 100_000,
        quickOperations: 1_000,
        budget: 2,
        loop: observedFieldsLoop,
        floor: observedFieldsFloor,
        countsNotifications: true),
      Workload(
        name: "(v) one part changes among 20 observed part stores", operations: 100_000,
        quickOperations: 1_000,
        // NB: (m)'s floor and budget: a view of a part store reads what a view of the field does.
        budget: 2,
        loop: observedPartsLoop,
        floor: observedFieldsFloor,
        countsNotifications: true),
      Workload(
        name: "(w) a list's row stores made, per row", operations: 100_000,
        quickOperations: 1_000, budget: nil,
        loop: { count in
          // What a list view pays the first time it shows 1,000 rows: a store and its row
          // stores, made and released.
          var made = 0
          for _ in 0..<(count / 1_000) {
            let store = Store(initialState: Rows(), reducer: rowsReducer, environment: ())
            made += store.scope(forEach: \.rows, action: RowsAction.row).count
          }
          return made
        },
        floor: { count in
          // The same state, and an observable object per row, written by hand.
          var made = 0
          for _ in 0..<(count / 1_000) {
            let rows = Rows()
            made += rows.rows.map { _ in ObservedRow() }.count
          }
          return made
        }),
      Workload(
        name: "(x) a view's scope to an enum case, per render", operations: 100_000,
        quickOperations: 1_000, budget: nil,
        loop: { count in
          // What a view over an enum state pays each time its body asks for its case's store
          // (`if let child = store.scope(state: Mode.editing, …)`); the child's view holds the
          // store it was given, as SwiftUI's does.
          let store = Store(
            initialState: Mode.editing(Counter.State()), reducer: modeReducer, environment: ())
          let shown = store.scope(state: Mode.editing, action: ModeAction.editing)
          var found = 0
          for _ in 0..<count {
            if store.scope(state: Mode.editing, action: ModeAction.editing) != nil { found += 1 }
          }
          return withExtendedLifetime(shown) { found }
        },
        floor: { count in
          // The same state, its case matched by hand.
          let store = Store(
            initialState: Mode.editing(Counter.State()), reducer: modeReducer, environment: ())
          var found = 0
          for _ in 0..<count {
            if case .editing = store.withState({ $0 }) { found += 1 }
          }
          return found
        }),
      // A send that edits a shared value, against the same send editing a plain field.
      Workload(
        name: "(n) send editing a shared value", operations: 1_000_000, quickOperations: 1_000,
        budget: 2,
        loop: { count in
          let store = Store(
            initialState: SharedCounter(), reducer: sharedCounterReducer, environment: ())
          let start = store.withState(\.count)
          for _ in 0..<count { store.send(.increment) }
          return store.withState(\.count) - start
        },
        floor: { count in
          let store = Store(
            initialState: Counter.State(), reducer: Counter.reducer, environment: ())
          for _ in 0..<count { store.send(.increment) }
          return store.state.count
        }),
      Workload(
        name: "(o) one row of a shared collection among 1,000 observed", operations: 10_000,
        quickOperations: 100,
        // NB: (i)'s floor and 1.5 times (i)'s budget: shared rows are observed as plain rows are,
        // through a table per row checked only when the collection's history names the row.
        budget: 4.5,
        loop: sharedRowsLoop,
        floor: observedRowsFloor,
        countsNotifications: true),
      Workload(
        name: "(p) send editing a shared value saved to a file", operations: 100_000,
        quickOperations: 1_000,
        // NB: Reported: the main queue's turns, half of each operation, vary run to run.
        budget: nil,
        loop: { count in await savedRowsLoop(count, saved: true) },
        floor: { count in await savedRowsLoop(count, saved: false) }),
      Workload(
        name: "(h) send while observed", operations: 1_000_000, quickOperations: 1_000,
        budget: nil,
        loop: { count in
          let store = Store(
            initialState: Counter.State(), reducer: Counter.reducer, environment: ())
          for _ in 0..<count {
            // As a view does: read the state while tracking, be told once when it changes.
            withObservationTracking {
              _ = store.state.count
            } onChange: {
            }
            store.send(.increment)
          }
          return store.state.count
        },
        floor: incrementFloor),
    ] + moviesWorkloads + LiveInspection.workloads
  }

  /// (i) on Loop: 1,000 row stores, each observed as a view observes it; each operation edits
  /// one row through the root store, and the notified row is observed again (as a view that
  /// re-renders reads its state again).
  @MainActor static func observedRowsLoop(_ count: Int) async -> Int {
    let store = Store(initialState: Rows(), reducer: rowsReducer, environment: ())
    let rows = store.scope(forEach: \.rows, action: RowsAction.row)
    let changed = ChangedRows()
    for index in rows.indices { observeRow(rows[index], index, changed) }
    var edits = 0
    for operation in 0..<count {
      let index = operation * 7 % rows.count
      store.send(.row(index, .increment))
      edits += 1
      for notified in changed.take() { observeRow(rows[notified], notified, changed) }
    }
    return edits
  }

  @MainActor private static func observeRow(
    _ row: Store<Row, Counter.Action>, _ index: Int, _ changed: ChangedRows
  ) {
    withObservationTracking {
      _ = row.state.count
    } onChange: {
      changed.add(index)
    }
  }

  /// (i)'s floor: 1,000 hand-written observable rows; each operation edits one, whose one
  /// observer is notified and observes again.
  @MainActor static func observedRowsFloor(_ count: Int) async -> Int {
    let rows = (0..<1_000).map { _ in ObservedRow() }
    let changed = ChangedRows()
    for index in rows.indices { observeFloorRow(rows[index], index, changed) }
    var edits = 0
    for operation in 0..<count {
      let index = operation * 7 % rows.count
      rows[index].increment()
      edits += 1
      for notified in changed.take() { observeFloorRow(rows[notified], notified, changed) }
    }
    return edits
  }

  @MainActor private static func observeFloorRow(
    _ row: ObservedRow, _ index: Int, _ changed: ChangedRows
  ) {
    withObservationTracking {
      _ = row.count
    } onChange: {
      changed.add(index)
    }
  }

  /// (m) on Loop: a screen of 20 fields, each read through the store (`store.f0`, …) by its
  /// own observer; each send changes one field, whose one observer is told and observes again.
  @MainActor static func observedFieldsLoop(_ count: Int) async -> Int {
    let store = Store(initialState: Fields(), reducer: fieldsReducer, environment: ())
    let changed = ChangedRows()
    for field in Fields.paths.indices { observeField(store, field, changed) }
    for operation in 0..<count {
      store.send(.bump(operation % Fields.paths.count))
      for notified in changed.take() { observeField(store, notified, changed) }
    }
    return Fields.paths.reduce(0) { $0 + store.state[keyPath: $1] }
  }

  /// (v) on Loop: (m)'s screen shown as 20 child views, each holding a part store of one field
  /// (`store.scope(state: \.f0, …)`, …) and observing its state; each send changes one field,
  /// whose one observer is told and observes again. What it adds to (m) is the part stores'
  /// checks after each send: 19 that find nothing changed, and one that tells.
  @MainActor static func observedPartsLoop(_ count: Int) async -> Int {
    let store = Store(initialState: Fields(), reducer: fieldsReducer, environment: ())
    let parts = Fields.paths.indices.map { field in
      store.scope(state: Fields.paths[field], action: { (_: Never) -> FieldsAction in })
    }
    let changed = ChangedRows()
    @MainActor func observe(_ field: Int) {
      withObservationTracking {
        _ = parts[field].state
      } onChange: {
        changed.add(field)
      }
    }
    for field in parts.indices { observe(field) }
    for operation in 0..<count {
      store.send(.bump(operation % Fields.paths.count))
      for notified in changed.take() { observe(notified) }
    }
    return Fields.paths.reduce(0) { $0 + store.state[keyPath: $1] }
  }

  @MainActor private static func observeField(
    _ store: Store<Fields, FieldsAction>, _ field: Int, _ changed: ChangedRows
  ) {
    withObservationTracking {
      _ = store[dynamicMember: Fields.paths[field]]
    } onChange: {
      changed.add(field)
    }
  }

  /// (o) on Loop: 1,000 features each holding one row of a shared collection (derived by id),
  /// each observing its row's count as a view does; each operation edits one row through the
  /// store, and the notified observer observes again.
  @MainActor static func sharedRowsLoop(_ count: Int) async -> Int {
    let store = Store(initialState: SharedRows(), reducer: sharedRowsReducer, environment: ())
    let rows = (0..<1_000).compactMap { store.withState(\.$rows)[id: $0] }
    let changed = ChangedRows()
    @MainActor func observe(_ index: Int) {
      withObservationTracking {
        _ = rows[index].count
      } onChange: {
        changed.add(index)
      }
    }
    for index in rows.indices { observe(index) }
    var edits = 0
    for operation in 0..<count {
      store.send(.increment(operation * 7 % rows.count))
      edits += 1
      for notified in changed.take() { observe(notified) }
    }
    return edits
  }

  /// (p): sends editing one row of 1,000 in a shared collection, the main queue turning after
  /// every 100 (as an app's run loop does between events), so that each turn hands a save to
  /// the file's writer, which encodes and writes on its own thread while the sends go on.
  /// Saved (`saved`) or in memory (the floor): the difference is what saving costs the main
  /// actor — a copy of the value for the writer, never the encoding or the disk.
  @MainActor static func savedRowsLoop(_ count: Int, saved: Bool) async -> Int {
    let file =
      saved
      ? FileManager.default.temporaryDirectory.appendingPathComponent(
        "loop-benchmarks-p-\(ProcessInfo.processInfo.processIdentifier)-\(SavedRows.runs).json")
      : nil
    let store = Store(
      initialState: SavedRows(file: file), reducer: savedRowsReducer, environment: ())
    for operation in 0..<count {
      store.send(.increment(operation * 7 % 1_000))
      if operation % 100 == 99 { await mainQueueTurn() }
    }
    let rows = store.withState(\.$rows)
    let edits = rows.wrappedValue.reduce(0) { $0 + $1.count }
    if let file {
      // NB: What is on disk is the last value: flushed, read back, compared.
      do {
        try rows.flush()
        let saved = try JSONDecoder().decode(
          IdentifiedArrayOf<Row>.self, from: Data(contentsOf: file))
        precondition(saved == rows.wrappedValue, "the file holds the last value")
      } catch {
        preconditionFailure("(p): \(error)")
      }
      try? FileManager.default.removeItem(at: file)
    }
    return edits
  }

  /// One turn of the main queue: the jobs queued before it run.
  @MainActor static func mainQueueTurn() async {
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
  }

  /// (m)'s floor: the same 20 fields in a hand-written observable class that, after each
  /// change, compares the 20 fields itself and notifies the observers of those that changed.
  @MainActor static func observedFieldsFloor(_ count: Int) async -> Int {
    let screen = ObservedFields()
    let changed = ChangedRows()
    for field in Fields.paths.indices { observeFloorField(screen, field, changed) }
    for operation in 0..<count {
      screen.bump(operation % Fields.paths.count)
      for notified in changed.take() { observeFloorField(screen, notified, changed) }
    }
    return Fields.paths.reduce(0) { $0 + screen.fields[keyPath: $1] }
  }

  @MainActor private static func observeFloorField(
    _ screen: ObservedFields, _ field: Int, _ changed: ChangedRows
  ) {
    withObservationTracking {
      _ = screen.read(field)
    } onChange: {
      changed.add(field)
    }
  }

  /// (c) on Loop: `count / 1,000` sends of `.fanOut`, each awaited.
  @MainActor static func fanOutLoop(_ count: Int) async -> Int {
    let store = Store(initialState: Counter.State(), reducer: Counter.reducer, environment: ())
    return await fanOut(count, on: store)
  }

  /// Sends `count` actions to `store` from 1,000-way fan-outs; returns its count.
  @MainActor static func fanOut(
    _ count: Int, on store: Store<Counter.State, Counter.Action>
  ) async -> Int {
    for _ in 0..<(count / 1_000) { await store.send(.fanOut).finish() }
    return store.state.count
  }

  /// (c)'s floor: a discarding task group of 1,000 tasks hopping to the main actor.
  @MainActor static func fanOutFloor(_ count: Int) async -> Int {
    await fanOut(
      count,
      on: Floor(Counter.State()) { state, action in
        if action == .done { state.count += 1 }
      })
  }

  /// Sends `count` actions to `floor` from 1,000 tasks at a time; returns its count.
  @MainActor static func fanOut(_ count: Int, on floor: Floor<Counter.State>) async -> Int {
    for _ in 0..<(count / 1_000) {
      await withDiscardingTaskGroup { group in
        for _ in 0..<1_000 {
          group.addTask { await MainActor.run { floor.send(.done) } }
        }
      }
    }
    return floor.state.count
  }

  /// (a)'s floor.
  @MainActor static func incrementFloor(_ count: Int) async -> Int {
    let floor = Floor(Counter.State()) { state, action in
      _ = Counter.reducer.reduce(into: &state, action: action, environment: ())
    }
    for _ in 0..<count { floor.send(.increment) }
    return floor.state.count
  }

  /// (f)'s floor: the parent's reducer called directly, the child's action wrapped.
  @MainActor static func scopedFloor(_ count: Int) async -> Int {
    let floor = ParentFloor()
    for _ in 0..<count { floor.send(.increment) }
    return floor.state.counter.count
  }

  /// (b)'s floor: send .start, run the effect as a bare Task that hops back to the main actor
  /// to reduce .done, await it.
  @MainActor static func roundTripFloor(_ count: Int) async -> Int {
    let floor = Floor(Counter.State()) { state, action in if action == .done { state.count += 1 } }
    for _ in 0..<count {
      floor.send(.start)
      await Task { await MainActor.run { floor.send(.done) } }.value
    }
    return floor.state.count
  }

  /// (b)'s floor: the round trip written by hand with one hop, as a Redux middleware writes it
  /// (ReSwift's `Task { @MainActor … }`): the effect is a task on the main actor, whose action
  /// is sent there, awaited by the sender on the main actor.
  @MainActor static func oneHopRoundTripFloor(_ count: Int) async -> Int {
    let floor = Floor(Counter.State()) { state, action in if action == .done { state.count += 1 } }
    for _ in 0..<count {
      floor.send(.start)
      await Task { @MainActor in floor.send(.done) }.value
    }
    return floor.state.count
  }
}

/// (i)'s floor row: a hand-written observable class.
@MainActor
final class ObservedRow: Observable {
  private let registrar = ObservationRegistrar()
  private var storedCount = 0
  var count: Int {
    registrar.access(self, keyPath: \.count)
    return storedCount
  }
  @inline(never)
  func increment() {
    registrar.withMutation(of: self, keyPath: \.count) { storedCount += 1 }
  }
}

/// (m)'s screen: 20 fields.
struct Fields: Equatable, Sendable {
  var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0
  var f10 = 0, f11 = 0, f12 = 0, f13 = 0, f14 = 0, f15 = 0, f16 = 0, f17 = 0, f18 = 0, f19 = 0
  static let paths: [WritableKeyPath<Fields, Int> & Sendable] = [
    \.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9,
    \.f10, \.f11, \.f12, \.f13, \.f14, \.f15, \.f16, \.f17, \.f18, \.f19,
  ]
}

enum FieldsAction: Equatable, Sendable { case bump(Int) }

let fieldsReducer = Reducer<Fields, FieldsAction, Void> { state, action, _ in
  switch action {
  case let .bump(field): state[keyPath: Fields.paths[field]] += 1
  }
  return .none
}

/// (m)'s floor: the fields in an observable class that compares them itself after a change.
@MainActor
final class ObservedFields: Observable {
  private let registrar = ObservationRegistrar()
  private(set) var fields = Fields()
  private let tracked: [KeyPath<ObservedFields, Int>] = Fields.paths.map {
    (\ObservedFields.fields).appending(path: $0)
  }
  func read(_ field: Int) -> Int {
    registrar.access(self, keyPath: tracked[field])
    return fields[keyPath: Fields.paths[field]]
  }
  @inline(never)
  func bump(_ field: Int) {
    let old = fields
    fields[keyPath: Fields.paths[field]] += 1
    for index in Fields.paths.indices
    where old[keyPath: Fields.paths[index]] != fields[keyPath: Fields.paths[index]] {
      registrar.withMutation(of: self, keyPath: tracked[index]) {}
    }
  }
}

/// The rows whose observers were notified, counted in ``Notifications``.
final class ChangedRows: Sendable {
  private let rows = Locked<[Int]>([])
  func add(_ row: Int) {
    rows.withLock { $0.append(row) }
    MainActor.assumeIsolated { Notifications.count += 1 }
  }
  func take() -> [Int] {
    rows.withLock { rows in
      defer { rows.removeAll(keepingCapacity: true) }
      return rows
    }
  }
}
