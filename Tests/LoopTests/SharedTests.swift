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
}
