import Observation
import Testing

@testable import Loop
@testable import LoopTesting

// Every object graph a store builds — root, scoped, row, child and presented stores, their
// observation, a recording — is freed when the app lets go of it: checked with weak references.

/// A class inside the state, so a test can see with a weak reference whether the state was kept.
private final class Payload: Codable, Equatable, Sendable {
  let value: Int
  init(_ value: Int) { self.value = value }
  static func == (lhs: Payload, rhs: Payload) -> Bool { lhs.value == rhs.value }
}

private enum ListScreen {
  struct Row: Codable, Equatable, Identifiable, Sendable {
    let id: Int
    var payload: Payload
    var ticks = 0
  }

  struct Details: Codable, Equatable, Identifiable, Sendable {
    let id: Int
    var payload: Payload
  }

  struct State: Codable, Equatable {
    var rows: IdentifiedArrayOf<Row> = []
    var details: Details?
    var title = ""
  }

  enum RowAction: Codable, Equatable, Sendable { case start, tick }
  enum DetailsAction: Codable, Equatable, Sendable { case load, close }

  enum Action: Codable, Equatable, Sendable {
    case add(Int, Payload)
    case show(Int, Payload)
    case retitle(String)
    case row(Int, RowAction)
    case details(PresentationAction<DetailsAction>)
  }

  static let row = CasePath<Action, (Int, RowAction)>(
    embed: { Action.row($0.0, $0.1) },
    extract: { if case let .row(id, action) = $0 { (id, action) } else { nil } })
  static let details = CasePath<Action, PresentationAction<DetailsAction>>(
    embed: Action.details,
    extract: { if case let .details(action) = $0 { action } else { nil } })

  static let reducer = Reducer<State, Action, TestClock> { state, action, _ in
    switch action {
    case let .add(id, payload): state.rows.append(Row(id: id, payload: payload))
    case let .show(id, payload): state.details = Details(id: id, payload: payload)
    case let .retitle(title): state.title = title
    case .row, .details: break
    }
    return .none
  }
  .forEach(
    state: \.rows, action: row, environment: { $0 },
    element: Reducer<Row, RowAction, TestClock> { row, action, clock in
      switch action {
      case .start:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        row.ticks += 1
        return .none
      }
    }
  )
  .presents(
    state: \.details, action: details, environment: { $0 },
    then: Reducer<Details, DetailsAction, TestClock> { _, action, clock in
      switch action {
      case .load: return .run { _ in try await clock.sleep(for: .seconds(5)) }
      case .close: return .dismiss
      }
    })
}

/// Weak references to everything one screen's stores built.
@MainActor
private struct Released {
  weak var store: Store<ListScreen.State, ListScreen.Action>?
  weak var core: RootCore<ListScreen.State, ListScreen.Action>?
  weak var effectsSend: WeakCore<ListScreen.State, ListScreen.Action>?
  weak var rowStore: Store<ListScreen.Row, ListScreen.RowAction>?
  weak var titleStore: Store<String, ListScreen.Action>?
  weak var detailsStore: Store<ListScreen.Details, ListScreen.DetailsAction>?
  weak var recorder: SessionRecorder<ListScreen.State, ListScreen.Action>?
  weak var rowPayload: Payload?
  weak var detailsPayload: Payload?

  var survivors: [String] {
    [
      ("store", store as AnyObject?), ("its core (registrar, runner)", core),
      ("what its effects' sends hold", effectsSend),
      ("a row store", rowStore), ("a scoped store", titleStore),
      ("a presented store", detailsStore), ("the recorder", recorder),
      ("a row's state", rowPayload), ("the presented state", detailsPayload),
    ].compactMap { $0.1 == nil ? nil : $0.0 }
  }
}

@MainActor
@Suite("Stores are freed when released")
struct StoreReleaseTests {
  /// Builds every kind of store over one screen, reads and observes each, records, runs
  /// effects; returns weak references only.
  private func useEverything(clock: TestClock) -> Released {
    let rowPayload = Payload(1)
    let detailsPayload = Payload(2)
    let store = Store(
      initialState: ListScreen.State(), reducer: ListScreen.reducer, environment: clock)
    let recorder = SessionRecorder<ListScreen.State, ListScreen.Action>(
      to: .buffer(SessionLogBuffer()))
    store.record(to: recorder)
    store.send(.add(1, rowPayload))
    store.send(.show(2, detailsPayload))
    let rowStore = store.scope(forEach: \.rows, action: ListScreen.Action.row)[0]
    let titleStore = store.scope(state: \.title, action: { $0 })
    let detailsStore = store.scope(
      state: \.details, action: { ListScreen.Action.details(.presented($0)) })
    _ = rowStore.state
    withObservationTracking {
      _ = rowStore.state
    } onChange: {
    }
    withObservationTracking {
      _ = titleStore.state
    } onChange: {
    }
    withObservationTracking {
      _ = store.state
    } onChange: {
    }
    if let detailsStore {
      withObservationTracking {
        _ = detailsStore.state
      } onChange: {
      }
    }
    rowStore.send(.start)
    detailsStore?.send(.load)
    store.send(.retitle("rows"))
    guard case .root(let core) = store.core else { preconditionFailure("a root store") }
    return Released(
      store: store, core: core, effectsSend: core.weakSelf, rowStore: rowStore,
      titleStore: titleStore,
      detailsStore: detailsStore, recorder: recorder, rowPayload: rowPayload,
      detailsPayload: detailsPayload)
  }

  @Test("a root store with row, scoped and presented stores, observed and recording, is freed")
  func storeGraphIsFreed() async {
    let released = useEverything(clock: TestClock())
    #expect(released.survivors == [])
  }

  @Test("a test store and what it built are freed after the test is done with them")
  func testStoreIsFreed() async {
    weak var store: TestStore<ListScreen.State, ListScreen.Action, TestClock>?
    weak var payload: Payload?
    weak var tally: JobTally?
    do {
      let clock = TestClock()
      let testStore = TestStore(
        initialState: ListScreen.State(), reducer: ListScreen.reducer, environment: clock)
      let rowPayload = Payload(3)
      await testStore.send(.add(1, rowPayload)) {
        $0.rows.append(ListScreen.Row(id: 1, payload: rowPayload))
      }
      await testStore.send(.row(1, .start))
      await clock.advance(by: .seconds(1))
      await testStore.receive(.row(1, .tick)) { $0.rows[id: 1]?.ticks = 1 }
      await testStore.skipInFlightEffects()
      store = testStore
      payload = rowPayload
      tally = testStore.tally
    }
    #expect(store == nil)
    #expect(payload == nil)
    // NB: The tally lives as long as the executor its effects prefer, which the store's runner
    // holds until it has ended: let the last jobs of that run.
    if RuntimePath.isFastPathAvailable, let jobs = tally {
      _ = await MainQueueJobs.shared.wait(for: jobs)
    }
    #expect(tally == nil || !RuntimePath.isFastPathAvailable)
  }
}
