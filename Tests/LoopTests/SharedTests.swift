// One value many features hold (Sources/Loop/Sharing/Shared.swift): seen by all in the same
// send, asserted by the test store like any state, observed per member, kept per test.
import Foundation
import LoopTesting
import Observation
import Testing

@testable import Loop

enum Records {
  struct Record: Equatable, Identifiable, Sendable, Codable {
    let id: Int
    var title: String
  }

  enum Detail {
    struct State: Equatable, Sendable, Codable {
      var record: Shared<Record>
    }
    enum Action: Equatable, Sendable, Codable { case rename(String) }
    static let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case let .rename(title):
        state.record.title = title
        return .none
      }
    }
  }

  struct State: Equatable, Sendable, Codable {
    var records: Shared<IdentifiedArrayOf<Record>>
    var detail: Detail.State?
  }
  enum Action: Equatable, Sendable, Codable {
    case add(Int, String), open(Int), remove(Int)
    case detail(PresentationAction<Detail.Action>)
  }
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case let .add(id, title):
      state.records.wrappedValue.append(Record(id: id, title: title))
    case let .open(id):
      guard let record = state.records[id: id] else { return .none }
      state.detail = Detail.State(record: record)
    case let .remove(id):
      state.records.wrappedValue.remove(id: id)
    case .detail:
      break
    }
    return .none
  }
  .presents(state: \.detail, action: Action.detail, environment: {}, then: Detail.reducer)

  static func state(_ records: [Record] = []) -> State {
    State(records: Shared(wrappedValue: IdentifiedArray(records), .inMemory("records")))
  }
}

/// Counts the times its observers were told.
@MainActor
private final class Told {
  var count = 0
  func watch(_ read: @escaping @MainActor () -> Void) {
    withObservationTracking {
      read()
    } onChange: { [weak self] in
      MainActor.assumeIsolated { self?.count += 1 }
    }
  }
}

@MainActor
@Suite("Shared values")
struct SharedTests {
  @Test("the detail's edit is the list's, in the same send, with no code to copy it back")
  func oneValueManyFeatures() {
    let store = Store(
      initialState: Records.state([.init(id: 1, title: "Milk")]), reducer: Records.reducer,
      environment: ())
    store.send(.open(1))
    store.send(.detail(.presented(.rename("Oat milk"))))
    #expect(store.state.records.wrappedValue[id: 1]?.title == "Oat milk")
    #expect(store.state.detail?.record.title == "Oat milk")
    store.send(.add(2, "Bread"))
    #expect(store.state.records.wrappedValue.count == 2)
  }

  @Test("two stores with the same key see each other's changes")
  func twoStores() {
    let first = Store(initialState: Records.state(), reducer: Records.reducer, environment: ())
    let second = Store(initialState: Records.state(), reducer: Records.reducer, environment: ())
    first.send(.add(1, "Milk"))
    #expect(second.state.records.wrappedValue.map(\.title) == ["Milk"])
    let told = Told()
    told.watch { _ = second.records.count }
    first.send(.add(2, "Bread"))
    #expect(told.count == 1)
  }

  @Test("a test store asserts a shared change like any state")
  func testStoreAsserts() async {
    let store = TestStore(
      initialState: Records.state([.init(id: 1, title: "Milk")]), reducer: Records.reducer,
      environment: ())
    await store.send(.open(1)) {
      $0.detail = Records.Detail.State(record: $0.records[id: 1]!)
    }
    await store.send(.detail(.presented(.rename("Oat milk")))) {
      $0.detail?.record.title = "Oat milk"
    }
    await store.send(.add(2, "Bread")) {
      $0.records.wrappedValue.append(Records.Record(id: 2, title: "Bread"))
    }
  }

  @Test("an unasserted shared change fails, with a diff of what changed")
  func unassertedSharedChangeFails() async {
    let store = TestStore(
      initialState: Records.state([.init(id: 1, title: "Milk")]), reducer: Records.reducer,
      environment: ())
    await withKnownIssue {
      await store.send(.add(2, "Bread"))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        """
        The shared value in memory "records" changed after sending Records.Action.add(2, "Bread"), \
        but no assert closure described the change.
        """) == true
    }
  }

  @Test("an assertion that gets a shared value wrong fails, and changes nothing real")
  func wrongAssertionFails() async {
    let store = TestStore(
      initialState: Records.state([.init(id: 1, title: "Milk")]), reducer: Records.reducer,
      environment: ())
    await withKnownIssue {
      await store.send(.add(2, "Bread")) {
        $0.records.wrappedValue.append(Records.Record(id: 2, title: "Rye"))
      }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "The shared value in memory \"records\" after sending Records.Action.add(2, \"Bread\") does not match the assert closure."
      ) == true
    }
    #expect(store.state.records.wrappedValue[id: 2]?.title == "Bread")
  }

  @Test("a view reading one member is told when that member changed, once per send")
  func memberObservation() {
    let store = Store(
      initialState: Records.state([.init(id: 1, title: "Milk"), .init(id: 2, title: "Eggs")]),
      reducer: Records.reducer, environment: ())
    store.send(.open(1))
    let count = Told()
    count.watch { _ = store.records.count }
    let title = Told()
    title.watch { _ = store.detail?.record.title }
    store.send(.detail(.presented(.rename("Oat milk"))))
    #expect(count.count == 0)
    #expect(title.count == 1)
    title.watch { _ = store.detail?.record.title }
    store.send(.add(3, "Bread"))
    #expect(count.count == 1)
    #expect(title.count == 1)
  }

  @Test("a removed element keeps its last value; changing it reaches nothing, and says so")
  func removedElement() {
    let warnings = WarningLog()
    RuntimeWarnings.withHandler({ warnings.append($0) }) {
      let store = Store(
        initialState: Records.state([.init(id: 1, title: "Milk")]), reducer: Records.reducer,
        environment: ())
      store.send(.open(1))
      store.send(.remove(1))
      #expect(store.state.detail?.record.title == "Milk")
      store.send(.detail(.presented(.rename("Oat milk"))))
      #expect(store.state.records.wrappedValue.isEmpty)
    }
    #expect(
      warnings.all.first?.hasPrefix(
        "A shared element was changed after it was removed from its collection: 1") == true)
  }

  @Test("a file key is kept on disk when a test asks: saved atomically, loaded back")
  func fileKeptOnDisk() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("shared-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("records.json")
    let records = Shared<IdentifiedArrayOf<Records.Record>>(
      wrappedValue: [], SharedKey.file(url, saveDelay: .seconds(60)).keptOnDiskInTests())
    records.wrappedValue.append(Records.Record(id: 1, title: "Milk"))
    try records.flush()
    let saved = try JSONFileStorage<IdentifiedArrayOf<Records.Record>>(url: url).load()
    #expect(saved?.map(\.title) == ["Milk"])
  }

  @Test("in a test, a file key is kept in memory: nothing is written")
  func fileKeyInMemory() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "never-\(UUID().uuidString).json")
    let records = Shared<[String]>(wrappedValue: ["a"], .file(url, saveDelay: .zero))
    records.wrappedValue.append("b")
    try records.flush()
    #expect(!FileManager.default.fileExists(atPath: url.path))
    #expect(records.wrappedValue == ["a", "b"])
  }

  @Test("a recording holds each shared change; a replay reproduces them, step by step")
  func recordAndReplay() throws {
    let buffer = SessionLogBuffer()
    let store = Store(
      initialState: Records.state([.init(id: 1, title: "Milk")]), reducer: Records.reducer,
      environment: ())
    store.record(to: SessionRecorder(name: "records", to: .buffer(buffer)))
    store.send(.add(2, "Bread"))
    store.send(.open(2))
    store.send(.detail(.presented(.rename("Rye"))))
    store.stopRecording()
    #expect(buffer.lines[1].contains(#""records":{"shared":"memory:records","value":"#))
    let log = try SessionLog<Records.State, Records.Action>(text: buffer.text)
    let replay = try log.replay(reducer: Records.reducer, environment: ())
    #expect(replay.divergence == nil)
    #expect(
      replay.steps.map { $0.state.records.wrappedValue.map(\.title) } == [
        ["Milk", "Bread"], ["Milk", "Bread"], ["Milk", "Rye"],
      ])
    // NB: The replay's values are its own: the store's are untouched.
    #expect(store.state.records.wrappedValue.map(\.title) == ["Milk", "Rye"])
    let changed = try SessionLog<Records.State, Records.Action>(text: buffer.text)
      .replay(
        reducer: Records.reducer.middleware { state, action, _ in
          if case .add = action { state.records.wrappedValue.removeAll() }
          return .none
        }, environment: ())
    #expect(changed.divergence?.step == 0)
  }

  @Test("a store holding shared values, observed, with a derived element, is freed")
  func storeIsFreed() {
    weak var weakStore: Store<Records.State, Records.Action>?
    weak var weakDerived: AnyObject?
    do {
      let store = Store(
        initialState: Records.state([.init(id: 1, title: "Milk")]), reducer: Records.reducer,
        environment: ())
      store.send(.open(1))
      let told = Told()
      told.watch { _ = store.detail?.record.title }
      told.watch { _ = store.records.count }
      store.send(.detail(.presented(.rename("Oat milk"))))
      weakStore = store
      if case let .derived(derivation)? = store.state.detail?.record.storage {
        weakDerived = derivation
      }
    }
    #expect(weakStore == nil)
    #expect(weakDerived == nil)
  }

  enum Grid {
    struct Cell: Equatable, Identifiable, Sendable {
      let id: Int
      var count = 0
      var label = ""
    }
    struct State: Equatable, Sendable {
      @Shared var cells: IdentifiedArrayOf<Cell>
      var saved: IdentifiedArrayOf<Cell> = []
    }
    enum Action: Equatable, Sendable {
      case bump(Int), relabel(Int, String), insert(Int), remove(Int), swapFirstTwo, replace, save
      case restore
    }
    static let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case let .bump(id): state.cells[id: id]?.count += 1
      case let .relabel(id, label): state.cells[id: id]?.label = label
      case let .insert(id):
        if state.cells[id: id] == nil { state.cells.append(Cell(id: id)) }
      case let .remove(id): state.cells.remove(id: id)
      case .swapFirstTwo:
        if state.cells.count >= 2 { state.cells.swapAt(0, 1) }
      case .replace: state.cells = IdentifiedArray(state.cells.reversed())
      case .save: state.saved = state.cells
      case .restore: state.cells = state.saved
      }
      return .none
    }
  }

  @Test(
    "2,000 seeded runs: observers of one element's member or whole value, found by the collection's history (or, for a derived collection, as a member of it), are told exactly when the plain comparison says",
    arguments: [false, true])
  func elementObserversAgreeWithThePlainWay(throughAMember: Bool) async {
    for await seed in SeededRandom.seeds(2_000) {
      var random = SeededRandom(seed: seed)
      let store = Store(
        initialState: Grid.State(
          cells: Shared(
            wrappedValue: IdentifiedArray((0..<4).map { Grid.Cell(id: $0) }),
            .inMemory("grid-\(throughAMember)-\(seed)"))),
        reducer: Grid.reducer, environment: ())
      let root = store.withState(\.$cells)
      // NB: Through a member (the identity one), the collection is a derived value: its
      // elements have no table of their own, and are observed as members of the collection.
      let cells: Shared<IdentifiedArrayOf<Grid.Cell>> =
        throughAMember ? root[dynamicMember: \IdentifiedArrayOf<Grid.Cell>.self] : root
      /// What an observer reads of its cell.
      enum Read: CaseIterable { case count, label, whole }
      func value(_ cell: Grid.Cell, _ read: Read) -> String {
        switch read {
        case .count: "\(cell.count)"
        case .label: cell.label
        case .whole: "\(cell)"
        }
      }
      // NB: Observers of `count`, `label` or the whole cell, each through the cell's own
      // Shared; what each saw, for the plain comparison.
      var derived: [Int: Shared<Grid.Cell>] = [:]
      var waiting: [(id: Int, read: Read, seen: String?)] = []
      let told = LockIsolated<[Int]>([])
      func watch(_ index: Int) {
        let (id, read, _) = waiting[index]
        guard let cell = derived[id] else { return }
        let current = cells.wrappedValue[id: id]
        waiting[index].seen = current.map { value($0, read) }
        withObservationTracking {
          switch read {
          case .count: _ = cell.count
          case .label: _ = cell.label
          case .whole: _ = cell.wrappedValue
          }
        } onChange: {
          told.withValue { $0.append(index) }
        }
      }
      for id in 0..<4 {
        derived[id] = cells[id: id]
        for read in Read.allCases {
          waiting.append((id, read, nil))
          watch(waiting.count - 1)
        }
      }
      for step in 0..<30 {
        let id = Int(random.next() % 5)
        let actions: [Grid.Action] = [
          .bump(id), .relabel(id, "\(step)"), .insert(id), .remove(id), .swapFirstTwo, .replace,
          .save, .restore, .bump(id), .relabel(id, "same"),
        ]
        store.send(actions[Int(random.next() % UInt64(actions.count))])
        let now = cells.wrappedValue
        var expected: [Int] = []
        for (index, observer) in waiting.enumerated() where derived[observer.id] != nil {
          if now[id: observer.id].map({ value($0, observer.read) }) != observer.seen {
            expected.append(index)
          }
        }
        let actual = told.value.sorted()
        told.setValue([])
        guard actual == expected else {
          Issue.record(
            "seed \(seed), step \(step), through a member \(throughAMember): told \(actual), expected \(expected)"
          )
          return
        }
        for index in actual { watch(index) }
      }
    }
  }

  struct Notes: Equatable, Sendable {
    @Shared var notes: [String]
  }

  @Test("a store going away writes its file-backed values at once, not after the save delay")
  func storeEndFlushes() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("shared-end-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("notes.json")
    do {
      let store = Store(
        initialState: Notes(
          notes: Shared(
            wrappedValue: [], SharedKey.file(url, saveDelay: .seconds(600)).keptOnDiskInTests())),
        reducer: Reducer<Notes, String, Void> { state, note, _ in
          state.notes.append(note)
          return .none
        }, environment: ())
      store.send("milk")
      #expect(!FileManager.default.fileExists(atPath: url.path))  // the delay has not passed
    }
    let saved = try JSONFileStorage<[String]>(url: url).load()
    #expect(saved == ["milk"])
  }

  @Test("a value in UserDefaults: loaded from there, saved as JSON there")
  func userDefaults() throws {
    let suite = try #require(UserDefaults(suiteName: "loop-shared-\(UUID().uuidString)"))
    suite.set(Data("[\"dark\"]".utf8), forKey: "themes")
    let themes = Shared<[String]>(
      wrappedValue: [], SharedKey.userDefaults("themes", in: suite).keptOnDiskInTests())
    #expect(themes.wrappedValue == ["dark"])
    themes.wrappedValue.append("light")
    try themes.flush()
    let saved = try JSONDecoder().decode(
      [String].self, from: #require(suite.data(forKey: "themes")))
    #expect(saved == ["dark", "light"])
    #expect(SharedKey<[String]>.userDefaults("themes").description == "in UserDefaults \"themes\"")
  }
}
