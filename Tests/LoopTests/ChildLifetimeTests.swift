import LoopTesting
import Testing

@testable import Loop

/// A row with a timer, and a details child with a request, to show that a child's effects end
/// with it.
private enum Timers {
  struct Row: Equatable, Identifiable, Sendable {
    var id: Int
    var ticks = 0
  }

  enum RowAction: Equatable, Sendable {
    case start
    case tick
    case save
    case saved
  }

  struct Details: Equatable, Identifiable, Sendable {
    var id: String
    var text: String?
  }

  enum DetailsAction: Equatable, Sendable {
    case load
    case loaded(String)
  }

  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row> = []
    var details: Details?
    var saves = 0
  }

  enum Action: Equatable, Sendable {
    case add(Int)
    case remove(Int)
    case keepOnly(Int)
    case replaceAll([Int])
    case row(Int, RowAction)
    case show(String)
    case close
    case details(DetailsAction)
  }

  static let row = CasePath<Action, (Int, RowAction)>(
    embed: { Action.row($0.0, $0.1) },
    extract: { if case let .row(id, action) = $0 { (id, action) } else { nil } })
  static let details = CasePath<Action, DetailsAction>(
    embed: Action.details, extract: { if case let .details(action) = $0 { action } else { nil } })

  static let rowReducer = Reducer<Row, RowAction, TestClock> { row, action, clock in
    switch action {
    case .start:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      row.ticks += 1
      return .none
    case .save:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.saved)
      }
      .outlivingChild()
    case .saved:
      return .none
    }
  }

  static let detailsReducer = Reducer<Details, DetailsAction, TestClock> {
    details, action, clock in
    switch action {
    case .load:
      let id = details.id
      return .run { send in
        try await clock.sleep(for: .seconds(2))
        await send(.loaded("text of \(id)"))
      }
    case let .loaded(text):
      details.text = text
      return .none
    }
  }

  static let reducer = Reducer<State, Action, TestClock> { state, action, _ in
    switch action {
    case let .add(id):
      state.rows.append(Row(id: id))
      return .none
    case let .remove(id):
      state.rows.remove(id: id)
      return .none
    case let .keepOnly(id):
      state.rows = IdentifiedArray(state.rows.filter { $0.id == id })
      return .none
    case let .replaceAll(ids):
      state.rows = IdentifiedArray(ids.map { Row(id: $0) })
      return .none
    case .row(_, .saved):
      state.saves += 1
      return .none
    case .row:
      return .none
    case let .show(id):
      state.details = Details(id: id)
      return .none
    case .close:
      state.details = nil
      return .none
    case .details:
      return .none
    }
  }
  .forEach(state: \.rows, action: row, environment: { $0 }, element: rowReducer)
  .ifLet(state: \.details, action: details, environment: { $0 }, then: detailsReducer)
}

@MainActor
@Suite("Child lifetimes: a child's effects end with it", .deterministicJobs)
struct ChildLifetimeTests {
  @Test("a timer in a removed row sends nothing after the removal; the other row's keeps ticking")
  func removedRowTimerStops() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Timers.State(), reducer: Timers.reducer, environment: clock)
    await store.send(.add(1)) { $0.rows = [Timers.Row(id: 1)] }
    await store.send(.add(2)) { $0.rows.append(Timers.Row(id: 2)) }
    await store.send(.row(1, .start))
    let second = await store.send(.row(2, .start))
    await clock.advance(by: .seconds(1))
    await store.receive(.row(1, .tick)) { $0.rows[id: 1]?.ticks = 1 }
    await store.receive(.row(2, .tick)) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.remove(1)) { $0.rows.remove(id: 1) }
    await clock.advance(by: .seconds(3))
    // Only row 2 ticks; row 1's timer was cancelled at its removal (exhaustivity would fail on
    // any action from it).
    await store.receive(.row(2, .tick)) { $0.rows[id: 2]?.ticks = 2 }
    await store.receive(.row(2, .tick)) { $0.rows[id: 2]?.ticks = 3 }
    await store.receive(.row(2, .tick)) { $0.rows[id: 2]?.ticks = 4 }
    await second.cancel()
  }

  @Test("replacing or filtering the whole array ends the effects of the rows that went, only")
  func wholeArrayReplacement() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Timers.State(rows: [Timers.Row(id: 1), Timers.Row(id: 2), Timers.Row(id: 3)]),
      reducer: Timers.reducer, environment: clock)
    await store.send(.row(1, .start))
    await store.send(.row(2, .start))
    await store.send(.row(3, .start))
    await store.send(.keepOnly(2)) { $0.rows = [Timers.Row(id: 2)] }
    await clock.advance(by: .seconds(1))
    await store.receive(.row(2, .tick)) { $0.rows[id: 2]?.ticks = 1 }
    // A new array whose ids are all new ends row 2's timer too.
    await store.send(.replaceAll([4])) { $0.rows = [Timers.Row(id: 4)] }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("dismissing a child cancels its request; its response never reaches the store")
  func dismissedChildRequestNeverArrives() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Timers.State(), reducer: Timers.reducer, environment: clock)
    await store.send(.show("a")) { $0.details = Timers.Details(id: "a") }
    await store.send(.details(.load))
    await clock.advance(by: .seconds(1))
    await store.send(.close) { $0.details = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("replacing a child with another (nil → A → B) ends A's effects, and B's run on")
  func replacedChildEffectsEnd() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Timers.State(), reducer: Timers.reducer, environment: clock)
    await store.send(.show("a")) { $0.details = Timers.Details(id: "a") }
    await store.send(.details(.load))
    await store.send(.show("b")) { $0.details = Timers.Details(id: "b") }
    await store.send(.details(.load))
    await clock.advance(by: .seconds(2))
    await store.receive(.details(.loaded("text of b"))) { $0.details?.text = "text of b" }
    await store.finish()
  }

  @Test("an effect marked outlivingChild keeps running, and its action reaches the parent")
  func outlivingChildEffect() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Timers.State(rows: [Timers.Row(id: 1)]), reducer: Timers.reducer,
      environment: clock)
    await store.send(.row(1, .save))
    await store.send(.remove(1)) { $0.rows = [] }
    await clock.advance(by: .seconds(1))
    await store.receive(.row(1, .saved)) { $0.saves = 1 }
    await store.finish()
  }

  @Test("an action for a removed row fails a TestStore test with the runtime warning's text")
  func actionForAbsentRowWarns() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Timers.State(), reducer: Timers.reducer, environment: clock)
    await withKnownIssue {
      await store.send(.row(7, .tick))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix(
          "A forEach reducer received an action for an element that is not in the array: id 7, action tick"
        )
      }
    }
  }

  @Test("an action for a dismissed child fails a TestStore test with the runtime warning's text")
  func actionForAbsentChildWarns() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Timers.State(), reducer: Timers.reducer, environment: clock)
    await withKnownIssue {
      await store.send(.details(.loaded("late")))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix(
          "An ifLet reducer received an action when its child state was nil: loaded(\"late\")")
      }
    }
  }

  @Test("an array's version is new after every mutation and for every new array; a copy shares it")
  func version() {
    var rows: IdentifiedArrayOf<Timers.Row> = [Timers.Row(id: 1)]
    let start = rows.version
    rows.append(Timers.Row(id: 2))
    let afterAppend = rows.version
    #expect(afterAppend != start)
    rows[id: 2]?.ticks = 5
    #expect(rows.version != afterAppend)
    rows.remove(id: 1)
    let afterRemoval = rows.version
    let copy = rows
    #expect(copy.version == afterRemoval)
    #expect(IdentifiedArrayOf<Timers.Row>([Timers.Row(id: 2)]).version != afterRemoval)
    rows[id: 2] = nil
    #expect(rows.version != afterRemoval)
    #expect(rows == [])
  }
}

/// An app whose state is an enum: logged out, or logged in with a session that polls.
private enum Session {
  struct LoggedIn: Equatable, Identifiable, Sendable {
    var id: String
    var polls = 0
  }
  enum LoggedInAction: Equatable, Sendable { case startPolling, polled, logOutTapped }

  enum State: Equatable {
    case loggedOut
    case loggedIn(LoggedIn)
  }
  enum Action: Equatable, Sendable {
    case logIn(String)
    case loggedIn(LoggedInAction)
  }

  static let loggedInCase = CasePath<State, LoggedIn>(
    embed: State.loggedIn, extract: { if case let .loggedIn(value) = $0 { value } else { nil } })
  static let loggedInAction = CasePath<Action, LoggedInAction>(
    embed: Action.loggedIn,
    extract: { if case let .loggedIn(action) = $0 { action } else { nil } })

  static let loggedInReducer = Reducer<LoggedIn, LoggedInAction, TestClock> {
    state, action, clock in
    switch action {
    case .startPolling:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.polled)
        }
      }
    case .polled:
      state.polls += 1
      return .none
    case .logOutTapped:
      return .none
    }
  }

  static let reducer = Reducer<State, Action, TestClock> { state, action, _ in
    switch action {
    case let .logIn(user):
      state = .loggedIn(LoggedIn(id: user))
    case .loggedIn(.logOutTapped):
      state = .loggedOut
    case .loggedIn:
      break
    }
    return .none
  }
  .ifCaseLet(
    state: loggedInCase, action: loggedInAction, environment: { $0 }, then: loggedInReducer)
}

@MainActor
@Suite("Child lifetimes: enum state", .deterministicJobs)
struct EnumChildLifetimeTests {
  @Test("leaving a case ends the effects its child started")
  func leavingTheCaseEndsEffects() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Session.State.loggedOut, reducer: Session.reducer, environment: clock)
    await store.send(.logIn("ada")) { $0 = .loggedIn(Session.LoggedIn(id: "ada")) }
    await store.send(.loggedIn(.startPolling))
    await clock.advance(by: .seconds(1))
    await store.receive(.loggedIn(.polled)) {
      $0 = .loggedIn(Session.LoggedIn(id: "ada", polls: 1))
    }
    await store.send(.loggedIn(.logOutTapped)) { $0 = .loggedOut }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("the same case with another id ends the old child's effects")
  func sameCaseNewIdentity() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Session.State.loggedIn(Session.LoggedIn(id: "ada")), reducer: Session.reducer,
      environment: clock)
    await store.send(.loggedIn(.startPolling))
    await store.send(.logIn("grace")) { $0 = .loggedIn(Session.LoggedIn(id: "grace")) }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("an action for a case that is not current fails a TestStore test with the warning's text")
  func actionForOtherCaseWarns() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Session.State.loggedOut, reducer: Session.reducer, environment: clock)
    await withKnownIssue {
      await store.send(.loggedIn(.polled))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix(
          "An ifCaseLet reducer received an action when its state was another case: polled")
      }
    }
  }
}
