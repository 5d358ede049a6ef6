import Foundation
import Loop
import Observation
import Testing

/// The app every pattern of the table is read from.
enum ObservationTableApp {
  struct Sheet: Equatable, Identifiable {
    let id: Int
    var text = ""
  }
  struct Row: Equatable, Identifiable {
    let id: Int
    var count = 0
  }
  struct Screen: Equatable, Sendable { var title = "" }
  struct Part: Equatable { var value = 0 }
  enum Destination: Equatable, Sendable, CaseAccessible {
    case edit(Sheet)
    case alert
  }
  struct State: Equatable {
    var count = 0
    var part = Part()
    var sheet: Sheet? = Sheet(id: 1)
    var destination: Destination? = .edit(Sheet(id: 1))
    var path = StackState<Screen>([Screen()])
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    @Shared var shared: Int
    init() { _shared = Shared(value: 0) }
  }
  enum SheetAction: Sendable { case typed(String) }
  enum RowAction: Sendable { case increment }
  enum ScreenAction: Sendable { case retitle(String) }
  enum PartAction: Sendable { case increment }
  enum DestinationAction: Sendable { case edit(SheetAction) }
  enum Action: Sendable {
    case count, part(PartAction), sheet(PresentationAction<SheetAction>)
    case destination(PresentationAction<DestinationAction>)
    case path(StackAction<Screen, ScreenAction>), rows(id: Int, action: RowAction)
    case shared, addRow, showAlert
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .count: state.count += 1
    case .part: state.part.value += 1
    case let .sheet(.presented(.typed(text))): state.sheet?.text = text
    case let .destination(.presented(.edit(.typed(text)))):
      state.destination.modify(Destination.edit) { $0.text = text }
    case let .path(.element(id, .retitle(title))): state.path[id: id]?.title = title
    case let .rows(id, .increment): state.rows[id: id]?.count += 1
    case .shared: state.$shared.withLock { $0 += 1 }
    case .addRow: state.rows.append(Row(id: state.rows.count + 1))
    case .sheet(.dismiss): state.sheet = nil
    case .showAlert: state.destination = .alert
    default: break
    }
    return .none
  }
}

/// For every pattern the guides show a view reading, how many times the view re-renders for one
/// edit of each kind: its own value, a sibling's, its child's, its parent's. The table is
/// Observation.md's "What a view is told, measured"; a changed number fails here and the guide
/// must say it.
@MainActor
@Suite("What each pattern observes, measured")
struct ObservationTableTests {
  typealias App = ObservationTableApp
  typealias Store = Loop.Store<App.State, App.Action>

  /// The edits, the table's columns.
  static let edits: [(name: String, action: App.Action)] = [
    ("`count`", .count),
    ("`part.value`", .part(.increment)),
    ("the sheet's text", .sheet(.presented(.typed("x")))),
    ("the destination's text", .destination(.presented(.edit(.typed("x"))))),
    ("screen 0's title", .path(.element(id: 0, action: .retitle("x")))),
    ("row 1's count", .rows(id: 1, action: .increment)),
    ("row 2's count", .rows(id: 2, action: .increment)),
    ("the shared value", .shared),
    ("a row added", .addRow),
    ("the sheet dismissed", .sheet(.dismiss)),
    ("the destination made an alert", .showAlert),
  ]

  /// The patterns, the table's rows: what a view's body reads. Each returns the stores the view
  /// holds, as a SwiftUI view holds the stores it shows.
  static let patterns: [(name: String, body: @MainActor (Store) -> [AnyObject])] = [
    (
      "root field, `store.count`",
      { store in
        _ = store.count
        return []
      }
    ),
    (
      "whole state, `store.state`",
      { store in
        _ = store.state
        return []
      }
    ),
    (
      "a part's field, `part.value`",
      { store in
        let part = store.scope(state: \.part, action: App.Action.part)
        _ = part.value
        return [part]
      }
    ),
    (
      "a sheet, `scope(state: \\.sheet, …)`",
      { store in
        [store.scope(state: \.sheet, action: App.Action.sheet)].compactMap { $0 }
      }
    ),
    (
      "a sheet's field, `sheet.text`",
      { store in
        let sheet = store.scope(state: \.sheet, action: App.Action.sheet)
        _ = sheet?.text
        return [sheet].compactMap { $0 }
      }
    ),
    (
      "an enum destination, `switch destination.case`",
      { store in
        let destination = store.scope(state: \.destination, action: App.Action.destination)
        guard let destination else { return [] }
        switch destination.case {
        case .edit:
          let edit = destination.scope(
            state: App.Destination.edit, action: App.DestinationAction.edit)
          return [destination] + [edit].compactMap { $0 }
        case .alert:
          return [destination]
        }
      }
    ),
    (
      "a stack screen's field",
      { store in
        let screen = store.scope(forEach: \.path, id: 0, action: App.Action.path)
        _ = screen?.title
        return [screen].compactMap { $0 }
      }
    ),
    (
      "a list, `scope(forEach: \\.rows, …)`",
      { store in
        store.scope(forEach: \.rows, action: App.Action.rows)
      }
    ),
    (
      "a row's field, `row.count` (in its list)",
      { store in
        let rows = store.scope(forEach: \.rows, action: App.Action.rows)
        _ = rows.first?.count
        return rows
      }
    ),
    (
      "a shared value, `store.shared`",
      { store in
        _ = store.shared
        return []
      }
    ),
  ]

  /// The table, as Markdown: one row per pattern, one column per edit; last, how many states a
  /// `states` stream delivers.
  static func table() async -> String {
    var lines = [
      "| a view reading | " + edits.map(\.name).joined(separator: " | ") + " |",
      "|---|" + edits.map { _ in "---|" }.joined(),
    ]
    for pattern in patterns {
      let counts = edits.map { edit -> String in
        let store = Store(initialState: App.State(), reducer: App.reducer, environment: ())
        var held: [AnyObject] = []
        let view = FrameView { held = pattern.body(store) }
        store.send(edit.action)
        let count = view.frame()
        withExtendedLifetime(held) {}
        return String(count)
      }
      lines.append("| \(pattern.name) | " + counts.joined(separator: " | ") + " |")
    }
    var streamed: [String] = []
    for edit in edits { streamed.append(String(await statesDelivered(after: edit.action))) }
    lines.append(
      "| a stream, `for await state in store.states` | " + streamed.joined(separator: " | ")
        + " |")
    return lines.joined(separator: "\n")
  }

  /// How many states `store.states` delivers for one send of `action`, beyond the first: the
  /// store is released after the send, which ends the stream.
  static func statesDelivered(after action: App.Action) async -> Int {
    let stream: AsyncStream<App.State>
    do {
      let store = Store(initialState: App.State(), reducer: App.reducer, environment: ())
      stream = store.states
      store.send(action)
    }
    var delivered = 0
    for await _ in stream { delivered += 1 }
    return delivered - 1
  }

  static let expected = """
    | a view reading | `count` | `part.value` | the sheet's text | the destination's text | screen 0's title | row 1's count | row 2's count | the shared value | a row added | the sheet dismissed | the destination made an alert |
    |---|---|---|---|---|---|---|---|---|---|---|---|
    | root field, `store.count` | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 |
    | whole state, `store.state` | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 |
    | a part's field, `part.value` | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 |
    | a sheet, `scope(state: \\.sheet, …)` | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 0 |
    | a sheet's field, `sheet.text` | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 0 |
    | an enum destination, `switch destination.case` | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 1 |
    | a stack screen's field | 0 | 0 | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 0 |
    | a list, `scope(forEach: \\.rows, …)` | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 0 | 0 |
    | a row's field, `row.count` (in its list) | 0 | 0 | 0 | 0 | 0 | 1 | 0 | 0 | 1 | 0 | 0 |
    | a shared value, `store.shared` | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 0 | 0 | 0 |
    | a stream, `for await state in store.states` | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 |
    """

  @Test("each pattern is told of its own edits, and of nothing else")
  func measured() async {
    let table = await Self.table()
    #expect(table == Self.expected, "\n\(table)")
  }

  @Test("Observation.md shows the table as measured")
  func documented() throws {
    let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Docs/Loop.docc/Observation.md")
    let text = try String(contentsOf: guide, encoding: .utf8)
    #expect(text.contains(Self.expected))
  }
}
