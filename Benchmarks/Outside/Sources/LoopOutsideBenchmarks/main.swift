// Loop's workloads as an app's package runs them: this package depends on Loop by path and
// uses only its public API, so nothing of Loop is specialised for these types unless Loop
// marked it `@inlinable`. Performance.md compares the figures with loop-benchmarks'.
import Dispatch
import Loop
import Observation

// MARK: - Features

struct Row: Identifiable, Equatable, Sendable {
  let id: Int
  var count = 0
}
struct Rows: Equatable, Sendable {
  var rows: IdentifiedArrayOf<Row> = IdentifiedArray((0..<1_000).map { Row(id: $0) })
}
enum RowAction: Equatable, Sendable { case increment, start, done }
enum RowsAction: Equatable, Sendable {
  case row(Int, RowAction)
  case fanOut
}
let rowReducer = Reducer<Row, RowAction, Void> { row, action, _ in
  switch action {
  case .increment, .done: row.count += 1
  case .start: break
  }
  return .none
}
/// The parent-level `forEach`, which ties each row's effects to the row.
let parentLevel = Reducer<Rows, RowsAction, Void> { _, action, _ in
  guard case .fanOut = action else { return .none }
  return .merge((0..<1_000).map { id in .run { send in await send(.row(id, .done)) } })
}
.forEach(state: \.rows, action: RowsAction.row, environment: { $0 }, element: rowReducer)
/// The child-level `forEach`: routing only.
let routingOnly = rowReducer.forEach(state: \Rows.rows, action: RowsAction.row, environment: { $0 })

/// (f): one row as a feature of its own, pulled back into a parent.
struct OneRow: Equatable, Sendable { var row = Row(id: 0) }
enum OneRowAction: Equatable, Sendable { case row(RowAction) }
let oneRowReducer = rowReducer.pullback(
  state: \OneRow.row, action: CasePath(OneRowAction.row), environment: { $0 })

/// (f)'s floor: the same reducer called by a plain class, the child's action wrapped.
@MainActor
final class OneRowFloor {
  var state = OneRow()
  @inline(never)
  func send(_ action: RowAction) {
    _ = oneRowReducer.reduce(into: &state, action: .row(action), environment: ())
  }
}

/// (n): a count kept as a shared value, and the same count as a plain field.
struct SharedCount: Equatable, Sendable {
  @Shared(.inMemory("outside.n")) var count = 0
}
struct PlainCount: Equatable, Sendable { var count = 0 }
let sharedCountReducer = Reducer<SharedCount, RowAction, Void> { state, _, _ in
  state.count += 1
  return .none
}
let plainCountReducer = Reducer<PlainCount, RowAction, Void> { state, _, _ in
  state.count += 1
  return .none
}

// MARK: - Measuring

/// The ids (d) sends to: the same seeded sequence as loop-benchmarks' (splitmix64, seed 1).
struct Ids {
  var state: UInt64 = 1
  mutating func next() -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % 1_000)
  }
}

/// The median, min and max of 7 samples of `body`, in nanoseconds per operation.
@MainActor
func measure(_ name: String, operations: Int, _ body: @MainActor (Int) async -> Void) async
  -> Double
{
  var samples: [Double] = []
  for _ in 0..<7 {
    let start = DispatchTime.now().uptimeNanoseconds
    await body(operations)
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(operations))
  }
  samples.sort()
  print(
    pad(name, 52), pad("\(Int(samples[3])) ns", 10),
    "(min \(Int(samples[0])), max \(Int(samples[6])))")
  return samples[3]
}

/// Pads `text` with spaces to `width`.
func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// Observes `read()` once; calls `told` when it changes.
@MainActor
func observe(_ read: @escaping @MainActor () -> Void, _ told: @escaping @Sendable () -> Void) {
  withObservationTracking {
    read()
  } onChange: {
    told()
  }
}

/// The rows whose observers were told, to observe again.
final class Told: @unchecked Sendable {  // NB: touched on the main actor only.
  var rows: [Int] = []
  var count = 0
}

/// Field-level observation seen from another package: `store.count` on a root, a scoped and
/// a row store is told of that field's changes only. Stops the run if not.
@MainActor
func checkFieldObservation() {
  let store = Store(initialState: Rows(), reducer: parentLevel, environment: ())
  let rows = store.scope(forEach: \.rows, action: RowsAction.row)
  let scoped = store.scope(state: \.rows, action: { $0 })
  let told = Told()
  observe({ _ = rows[1].count }) { MainActor.assumeIsolated { told.rows.append(1) } }
  observe({ _ = scoped.count }) { MainActor.assumeIsolated { told.rows.append(-1) } }
  store.send(.row(2, .increment))  // neither row 1's count nor the number of rows
  precondition(told.rows.isEmpty, "told of a field that did not change: \(told.rows)")
  store.send(.row(1, .increment))
  precondition(told.rows == [1], "row 1's observer should be told once: \(told.rows)")
  withExtendedLifetime((rows, scoped)) {}
  print(pad("field reads observe their field, from outside", 52), "yes")
}

/// A screen whose header is `ObservableState`: `store.header.title` observes the title alone.
struct Screen: Sendable {
  struct Header: Equatable, ObservableState, Sendable {
    var title = ""
    var subtitle = ""
  }
  var header = Header()
  var detail: Header? = nil
}
enum ScreenAction: Sendable { case retitle, resubtitle, showDetail }
let screenReducer = Reducer<Screen, ScreenAction, Void> { state, action, _ in
  switch action {
  case .retitle: state.header.title += "!"
  case .resubtitle: state.header.subtitle += "!"
  case .showDetail: state.detail = Screen.Header(title: "detail")
  }
  return .none
}

/// Nested reads through an `ObservableState` field, from another package. Stops the run if a
/// read is told of a change it did not read.
@MainActor
func checkNestedFieldObservation() {
  let store = Store(initialState: Screen(), reducer: screenReducer, environment: ())
  let told = Told()
  observe({ _ = store.header.title }) { MainActor.assumeIsolated { told.rows.append(1) } }
  observe({ _ = store.detail?.title }) { MainActor.assumeIsolated { told.rows.append(2) } }
  store.send(.resubtitle)
  precondition(told.rows.isEmpty, "told of a field that did not change: \(told.rows)")
  store.send(.retitle)
  store.send(.showDetail)
  precondition(told.rows == [1, 2], "each nested read should be told once: \(told.rows)")
  print(pad("nested reads observe their field, from outside", 52), "yes")
}

/// A parent with a sheet (an optional child) and a mode (an enum state's case).
struct Editor: Equatable, Identifiable, Sendable {
  let id: Int
  var text = ""
}
enum Mode: Equatable, Sendable {
  case editing(Editor)
  case idle
}
struct Parent: Equatable, Sendable {
  var title = ""
  var sheet: Editor?
  var mode = Mode.idle
}
enum EditorAction: Sendable { case type(String) }
enum ParentAction: Sendable {
  case retitle, present(Int), sheet(EditorAction), edit(Int), mode(EditorAction)
}
let parentReducer = Reducer<Parent, ParentAction, Void> { state, action, _ in
  switch action {
  case .retitle: state.title += "!"
  case let .present(id): state.sheet = Editor(id: id)
  case let .sheet(.type(text)): state.sheet?.text += text
  case let .edit(id): state.mode = .editing(Editor(id: id))
  case let .mode(.type(text)):
    if case var .editing(editor) = state.mode {
      editor.text += text
      state.mode = .editing(editor)
    }
  }
  return .none
}

/// A scope to an optional child or an enum case observes the child's presence and identity
/// only, and gives the same store while the child stays. Stops the run if not.
@MainActor
func checkPresenceObservation() {
  let store = Store(initialState: Parent(), reducer: parentReducer, environment: ())
  let mode = store.scope(state: \.mode, action: { (action: EditorAction) in .mode(action) })
  let told = Told()
  observe({ _ = store.scope(state: \.sheet, action: ParentAction.sheet) }) {
    MainActor.assumeIsolated { told.rows.append(1) }
  }
  observe({ _ = mode.scope(state: Mode.editing, action: { $0 }) }) {
    MainActor.assumeIsolated { told.rows.append(2) }
  }
  store.send(.present(1))
  store.send(.edit(1))
  precondition(told.rows == [1, 2], "each scope should be told its child came: \(told.rows)")
  let sheet = store.scope(state: \.sheet, action: ParentAction.sheet)
  let editing = mode.scope(state: Mode.editing, action: { $0 })
  observe({ _ = store.scope(state: \.sheet, action: ParentAction.sheet) }) {
    MainActor.assumeIsolated { told.rows.append(3) }
  }
  observe({ _ = mode.scope(state: Mode.editing, action: { $0 }) }) {
    MainActor.assumeIsolated { told.rows.append(4) }
  }
  sheet?.send(.type("a"))
  editing?.send(.type("b"))
  store.send(.retitle)
  precondition(told.rows == [1, 2], "told of a child's edit or another field: \(told.rows)")
  precondition(
    sheet != nil && sheet === store.scope(state: \.sheet, action: ParentAction.sheet)
      && editing != nil && editing === mode.scope(state: Mode.editing, action: { $0 }),
    "the same child should give the same store")
  store.send(.present(2))
  store.send(.edit(2))
  precondition(told.rows == [1, 2, 3, 4], "a new identity should be told: \(told.rows)")
  print(pad("scopes observe presence and identity, from outside", 52), "yes")
}

@MainActor
func run() async {
  print("Loop from an outside package (release, 7 samples, median):")
  checkFieldObservation()
  checkNestedFieldObservation()
  checkPresenceObservation()
  let parent = await measure("(d) parent-level forEach, 1,000 rows", operations: 100_000) {
    count in
    let store = Store(initialState: Rows(), reducer: parentLevel, environment: ())
    var ids = Ids()
    for _ in 0..<count { store.send(.row(ids.next(), .increment)) }
    precondition(store.state.rows.reduce(0) { $0 + $1.count } == count)
  }
  let routing = await measure("    routing-only forEach (child level)", operations: 100_000) {
    count in
    let store = Store(initialState: Rows(), reducer: routingOnly, environment: ())
    var ids = Ids()
    for _ in 0..<count { store.send(.row(ids.next(), .increment)) }
    precondition(store.state.rows.reduce(0) { $0 + $1.count } == count)
  }
  print(pad("    parent-level / routing-only", 52), "\(Double(Int(parent / routing * 100)) / 100)×")

  let scoped = await measure("(f) send to a scoped store", operations: 1_000_000) { count in
    let store = Store(initialState: OneRow(), reducer: oneRowReducer, environment: ())
    let child = store.scope(state: \.row, action: OneRowAction.row)
    for _ in 0..<count { child.send(.increment) }
    precondition(store.state.row.count == count)
  }
  let scopedFloor = await measure("    the same reducer called by hand", operations: 1_000_000) {
    count in
    let floor = OneRowFloor()
    for _ in 0..<count { floor.send(.increment) }
    precondition(floor.state.row.count == count)
  }
  print(pad("    scoped store / by hand", 52), "\(Double(Int(scoped / scopedFloor * 100)) / 100)×")

  let shared = await measure("(n) send editing a shared value", operations: 1_000_000) { count in
    let store = Store(initialState: SharedCount(), reducer: sharedCountReducer, environment: ())
    let start = store.withState(\.count)
    for _ in 0..<count { store.send(.increment) }
    precondition(store.withState(\.count) - start == count)
  }
  let plain = await measure("    the same send editing a plain field", operations: 1_000_000) {
    count in
    let store = Store(initialState: PlainCount(), reducer: plainCountReducer, environment: ())
    for _ in 0..<count { store.send(.increment) }
    precondition(store.state.count == count)
  }
  print(pad("    shared / plain", 52), "\(Double(Int(shared / plain * 100)) / 100)×")

  let rows = await measure("(i) one row changes among 1,000 observed rows", operations: 10_000) {
    count in
    let store = Store(initialState: Rows(), reducer: parentLevel, environment: ())
    editObservedRows(store.scope(forEach: \.rows, action: RowsAction.row), of: store, count)
  }

  let warnings = Told()
  let optional = await measure("    the same through optional row stores", operations: 10_000) {
    count in
    // NB: `\.rows[id: id]` of a stored collection is checked as `scope(forEach:)`'s rows are;
    // Loop warns when it compares every observed row store after every send: it must not.
    RuntimeWarnings.withHandler({ _ in MainActor.assumeIsolated { warnings.count += 1 } }) {
      optionalRowStores(count)
    }
  }
  print(
    pad("    optional row stores / forEach rows", 52),
    "\(Double(Int(optional / rows * 100)) / 100)×")
  precondition(warnings.count == 0, "rows by id of a stored collection should not warn")

  _ = await measure("(c) 1,000-effect fan-out, per effect", operations: 100_000) { count in
    let store = Store(initialState: Rows(), reducer: parentLevel, environment: ())
    for _ in 0..<(count / 1_000) { await store.send(.fanOut).finish() }
    precondition(store.state.rows.reduce(0) { $0 + $1.count } == count)
  }
}

/// 1,000 observed row stores made with `scope(state: \.rows[id: id], action:)`; `count`
/// edits of one row, whose observer observes again.
@MainActor
func optionalRowStores(_ count: Int) {
  let store = Store(initialState: Rows(), reducer: parentLevel, environment: ())
  let rows = (0..<1_000).compactMap { id in
    store.scope(state: \.rows[id: id], action: { RowsAction.row(id, $0) })
  }
  editObservedRows(rows, of: store, count)
}

/// Observes each of `rows` as a row view does, then edits one row `count` times through
/// `store`; each notified row observes again.
@MainActor
func editObservedRows(
  _ rows: [Store<Row, RowAction>], of store: Store<Rows, RowsAction>, _ count: Int
) {
  let told = Told()
  @MainActor func watch(_ index: Int) {
    observe({ _ = rows[index].state.count }) {
      MainActor.assumeIsolated { told.rows.append(index) }
    }
  }
  for index in rows.indices { watch(index) }
  for operation in 0..<count {
    store.send(.row(operation * 7 % 1_000, .increment))
    let again = told.rows
    told.rows.removeAll(keepingCapacity: true)
    for index in again { watch(index) }
  }
}

await run()
