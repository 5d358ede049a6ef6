// The Persistence guide's examples (Docs/Loop.docc/Persistence.md), compiled and run.
import Foundation
import Loop
import LoopTesting
import Testing

enum Recent {
  struct State: Equatable, Sendable {
    var searches: [String] = []
  }
  enum Action: Equatable, Sendable { case searched(String) }
  struct Environment: Sendable {
    var save: @Sendable ([String]) -> Void
  }

  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case let .searched(query):
      state.searches = Array(([query] + state.searches.filter { $0 != query }).prefix(10))
      let searches = state.searches
      return .run { _ in environment.save(searches) }
    }
  }
}

@MainActor
@Suite("Persistence guide")
struct PersistenceGuideExamples {
  @Test("a launch loads the saved searches; a search saves them")
  func recentSearches() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("persistence-guide-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("recent.json")

    let storage = JSONFileStorage<[String]>(url: url)
    let searches: [String]
    do {
      searches = try storage.load() ?? []  // no file yet: start from the default
    } catch {
      print(error)  // a corrupt file was moved aside; the error says where
      searches = []
    }
    let store = Store(
      initialState: Recent.State(searches: searches), reducer: Recent.reducer,
      environment: Recent.Environment(save: storage.save))
    await store.send(.searched("batman")).finish()
    try storage.flush()  // before the app exits: write what is pending now

    #expect(try JSONFileStorage<[String]>(url: url).load() == ["batman"])
  }

  @Test("in a test, the save is a double that records what it was given")
  func savedSearchesInATest() async {
    let saved = LockIsolated<[[String]]>([])
    let store = TestStore(
      initialState: Recent.State(), reducer: Recent.reducer,
      environment: Recent.Environment(save: { searches in saved.withValue { $0.append(searches) } })
    )
    await store.send(.searched("batman")) { $0.searches = ["batman"] }
    await store.send(.searched("bat")) { $0.searches = ["bat", "batman"] }
    await store.finish()
    #expect(saved.value == [["batman"], ["bat", "batman"]])
  }
}
