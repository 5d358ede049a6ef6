// The order a send tells its observers in (Observation.md, "After a send, in order"): one
// routine, `ObservedValues.check`, run for shared values, the root's readers, then scoped
// stores and rows.
import Dispatch
import Observation
import Testing

@testable import Loop

@MainActor
@Suite("After a send, observers are told in one order")
struct ObservationOrderTests {
  struct Part: Equatable, Sendable { var value = 0 }
  struct Row: Equatable, Identifiable, Sendable {
    let id: Int
    var count = 0
  }
  struct State: Equatable, Sendable {
    var count = 0
    var part = Part()
    var rows: IdentifiedArrayOf<Row> = [Row(id: 0), Row(id: 1)]
    @Shared var shared: Int

    init(key: String) {
      _shared = Shared(wrappedValue: 0, .inMemory(key))
    }
  }
  enum Action: Sendable {
    case bumpAll
    case part(Never)
    case row(Int, Never)
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    state.count += 1
    state.part.value += 1
    state.rows[id: 0]?.count += 1
    state.shared += 1
    return .none
  }

  @Test(
    "shared values first, then the root's state and its readers as they first read, then scopes")
  func order() {
    let store = Store(
      initialState: State(key: "order.\(#line)"), reducer: Self.reducer, environment: ())
    let part = store.scope(state: \.part, action: Action.part)
    let rows = store.scope(forEach: \.rows, action: Action.row)
    let shared = store.withState(\.$shared)
    let log = WarningLog()
    func watch(_ name: String, _ read: @escaping () -> Void) {
      withObservationTracking(read) { log.append(name) }
    }
    // NB: Read in the reverse of the order they are told in. The list's check was asked for
    // when it was given its row stores, before the part was read: rows come first in step 3.
    watch("row") { _ = rows[0].count }
    watch("part") { _ = part.value }
    let stream = store.addObserver({ _ in log.append("stream") }, onFinish: {})
    watch("root field") { _ = store.count }
    watch("root state") { _ = store.state }
    watch("shared") { _ = shared.wrappedValue }
    #expect(log.all == ["stream"])  // a stream gets the current state at once

    store.send(.bumpAll)
    #expect(log.all == ["stream", "shared", "root state", "stream", "root field", "row", "part"])
    stream?.end()
    // NB: As a view holds its stores: an optimised build may free them after their last use.
    withExtendedLifetime((rows, part, shared)) {}
  }

  @Test("a shared value changed outside a send is told by the same routine, once, a turn later")
  func outsideASend() async {
    let store = Store(
      initialState: State(key: "order.\(#line)"), reducer: Self.reducer, environment: ())
    let shared = store.withState(\.$shared)
    let log = WarningLog()
    // NB: `store.shared` reads the value through its `@Shared` wrapper, which observes it.
    withObservationTracking {
      _ = store.shared
    } onChange: {
      log.append("store.shared")
    }
    withObservationTracking {
      _ = shared.wrappedValue
    } onChange: {
      log.append("shared")
    }
    shared.wrappedValue += 1
    shared.wrappedValue += 1
    #expect(log.all == [])
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
    #expect(log.all.sorted() == ["shared", "store.shared"])
    store.send(.bumpAll)  // told once: nobody read again
    #expect(log.all.count == 2)
  }
}
