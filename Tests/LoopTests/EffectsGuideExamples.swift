// The code Docs/Loop.docc/Effects.md shows, compiled and run: one catalog feature that uses
// each of the guide's effects.
import Foundation
import Loop
import LoopTesting
import Testing

struct Movie: Equatable, Sendable, Decodable {
  var title: String
}

@concurrent func decodeCatalog(_ data: Data) async throws -> [Movie] {
  try JSONDecoder().decode([Movie].self, from: data)
}

enum Catalog {
  struct State: Equatable {
    var movies: [Movie] = []
    var isLoading = false
    var error: String?
  }

  enum Action: Equatable, Sendable {
    case catalogDownloaded(Data)
    case catalogLoaded([Movie])
    case searchTapped(String)
    case started
    case loaded([Movie])
    case failed(String)
    case queryChanged(String)
    case results([Movie])
    case cancelTapped
    case reloadTapped
    case timedOut
  }

  struct MovieClient: Sendable {
    var search: @Sendable (_ query: String, _ page: Int) async throws -> [Movie]
  }

  struct Environment: Sendable {
    var movies: MovieClient
    var search: @Sendable (String) async throws -> [Movie]
    var load: @Sendable () async throws -> [Movie]
    var clock: any Clock<Duration>
  }

  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case let .catalogDownloaded(data):
      return .run { send in
        let movies = try await decodeCatalog(data)  // the store keeps taking actions meanwhile
        await send(.catalogLoaded(movies))
      }

    case let .catalogLoaded(movies), let .loaded(movies), let .results(movies):
      state.movies = movies
      state.isLoading = false
      return .none

    case let .searchTapped(query):
      return .run { send in
        await send(.started)
        let page = try await environment.movies.search(query, 1)
        await send(.loaded(page))
      } catch: { error, send in
        await send(.failed(error.localizedDescription))
      }

    case .started:
      state.isLoading = true
      return .none

    case let .failed(message):
      state.isLoading = false
      state.error = message
      return .none

    case let .queryChanged(query):
      return .run { send in await send(.results(try await environment.search(query))) }
        .cancellable(id: "search", cancelInFlight: true)
    case .cancelTapped:
      return .cancel(id: "search")

    case .reloadTapped:
      return .run { send in
        await send(.loaded(try await environment.load()))
      } catch: { error, send in
        await send(.failed("\(error)"))
      }
      .retry(2, backoff: .seconds(1), clock: environment.clock)  // attempts at 0 s, 1 s, 3 s
      .timeout(.seconds(30), clock: environment.clock, onTimeout: .timedOut)

    case .timedOut:
      state.error = "timed out"
      return .none
    }
  }
}

private struct Offline: LocalizedError {
  var errorDescription: String? { "offline" }
}

@Suite("Guide examples: effects")
@MainActor struct EffectsGuideExamples {
  let clock = TestClock()

  func store(
    search: @escaping @Sendable (String) async throws -> [Movie] = { _ in [] },
    load: @escaping @Sendable () async throws -> [Movie] = { [] }
  ) -> TestStore<Catalog.State, Catalog.Action, Catalog.Environment> {
    TestStore(
      initialState: Catalog.State(),
      reducer: Catalog.reducer,
      environment: Catalog.Environment(
        movies: Catalog.MovieClient(search: { _, _ in throw Offline() }),
        search: search, load: load, clock: clock))
  }

  @Test("a @concurrent function decodes the catalog off the main actor")
  func decoding() async {
    let store = store()
    await store.send(.catalogDownloaded(Data(#"[{"title": "Batman Begins"}]"#.utf8)))
    await store.receive(.catalogLoaded([Movie(title: "Batman Begins")])) {
      $0.movies = [Movie(title: "Batman Begins")]
    }
  }

  @Test("run sends its actions in order; a thrown error goes to catch:")
  func runAndCatch() async {
    let store = store()
    await store.send(.searchTapped("batman"))
    await store.receive(.started) { $0.isLoading = true }
    await store.receive(.failed("offline")) {
      $0.isLoading = false
      $0.error = "offline"
    }
  }

  @Test("cancel(id:) stops the search before it answers")
  func cancellation() async {
    let clock = clock
    let store = store(search: { _ in
      try await clock.sleep(for: .seconds(1))
      return [Movie(title: "Too late")]
    })
    await store.send(.queryChanged("bat"))
    await store.send(.cancelTapped)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("retry(2) makes three attempts, 1 s then 2 s apart")
  func retry() async {
    let attempts = Tally()
    let store = store(load: {
      guard attempts.increment() == 3 else { throw Offline() }
      return [Movie(title: "Heat")]
    })
    await store.send(.reloadTapped)
    await clock.advance(by: .seconds(1))
    #expect(attempts.value == 2)
    await clock.advance(by: .seconds(2))
    await store.receive(.loaded([Movie(title: "Heat")])) { $0.movies = [Movie(title: "Heat")] }
    #expect(attempts.value == 3)
  }

  @Test("timeout sends onTimeout when the load never answers")
  func timeout() async {
    let clock = clock
    let store = store(load: {
      try await clock.sleep(for: .seconds(60))
      return []
    })
    await store.send(.reloadTapped)
    await clock.advance(by: .seconds(30))
    await store.receive(.timedOut) { $0.error = "timed out" }
  }

  @Test("an effect runs without a store through its actions")
  func actionsStream() async {
    var received: [Int] = []
    for await action in Effect<Int>.merge(.send(1), .run { send in await send(2) }).actions {
      received.append(action)
    }
    // received == [1, 2]
    #expect(received == [1, 2])
  }
}

// "A child's ids are its own": the stopwatch as the guide prints it, in a list.
enum TimerRow {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var seconds = 0
  }
  enum Action: Equatable, Sendable { case start, stop, tick }
  struct Environment: Sendable { var clock: any Clock<Duration> }

  struct TimerID: Hashable, Sendable {}

  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .start:
      return .run { send in
        for await _ in environment.clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: TimerID(), cancelInFlight: true)  // restarts this row's timer only
    case .stop:
      return .cancel(id: TimerID())  // stops this row's timer only
    case .tick:
      state.seconds += 1
      return .none
    }
  }
}

enum TimerRows {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<TimerRow.State> = [.init(id: 1), .init(id: 2)]
  }
  enum Action: Equatable, Sendable { case row(Int, TimerRow.Action) }
  static let reducer = Reducer<State, Action, TimerRow.Environment> { _, _, _ in .none }
    .forEach(state: \.rows, action: Action.row, element: TimerRow.reducer)
}

@MainActor
@Suite("Effects guide: a child's ids are its own", .hangBackstop)
struct TimerRowGuideExamples {
  @Test("two rows share TimerID, and stopping one leaves the other ticking")
  func rowsShareAnIDType() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TimerRows.State(), reducer: TimerRows.reducer,
      environment: TimerRow.Environment(clock: clock))
    await store.send(.row(1, .start))
    await store.send(.row(2, .start))
    await store.send(.row(1, .stop))
    await clock.advance(by: .seconds(1))
    await store.receive(.row(2, .tick)) { $0.rows[id: 2]?.seconds = 1 }
    await store.send(.row(2, .stop))
    await store.finish()
  }
}

enum Draft {
  struct State: Equatable, Sendable {}
  enum Action: Equatable, Sendable { case textChanged(String) }
  struct Environment: Sendable {
    var clock: any Clock<Duration>
    var save: @Sendable (String) async throws -> Void
  }

  static let reducer = Reducer<State, Action, Environment> { _, action, environment in
    switch action {
    case let .textChanged(text):
      return .run { _ in
        try await withTaskCancellation(id: "save", cancelInFlight: true) {
          try await environment.clock.sleep(for: .seconds(1))  // saved once typing pauses
          try await environment.save(text)
        }
      }
    }
  }
}

@MainActor
@Suite("Effects guide: part of an effect, cancellable by id", .hangBackstop)
struct DraftGuideExamples {
  @Test("typing again within a second replaces the pending save")
  func debouncedSave() async {
    let clock = TestClock()
    let saved = LockedState<[String]>([])
    let store = TestStore(
      initialState: Draft.State(), reducer: Draft.reducer,
      environment: Draft.Environment(
        clock: clock, save: { text in saved.withLock { $0.append(text) } }))
    await store.send(.textChanged("H"))
    await clock.advance(by: .milliseconds(300))
    await store.send(.textChanged("Hi"))
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(saved.withLock { $0 } == ["Hi"])
  }
}
