// Every operator that routes actions takes the case itself and a CasePath
// (Sources/Loop/Reducers/Reducer+Cases.swift, Sources/Loop/Store/Store+ScopeCases.swift):
// one feature written both ways behaves the same, and each child store sends what the parent's
// reducer routes. Some cases carry a single labeled value (`child(action:)`), which a `Mirror`
// shows as a one-element tuple: every such action once went nowhere, silently.
import Loop
import LoopTesting
import Testing

private struct Counted: Equatable, Identifiable, Sendable {
  var id: Int
  var value = 0
  enum Action: Equatable, Sendable { case increment }
  static let reducer = Reducer<Counted, Action, Void> { state, _, _ in
    state.value += 1
    return .none
  }
}

private enum CountingMode: Equatable, Sendable {
  case counting(screen: Counted)
  case idle
}

private struct RoutedScreen: Equatable, Sendable {
  var counter = Counted(id: 0)
  var child: Counted? = Counted(id: 1)
  var sheet: Counted? = Counted(id: 2)
  var rows: IdentifiedArrayOf<Counted> = [Counted(id: 3), Counted(id: 4)]
  var path = StackState([Counted(id: 5)])
  var mode = CountingMode.counting(screen: Counted(id: 6))
}

private enum RoutedScreenAction: Equatable, Sendable {
  case counter(Counted.Action)
  case child(action: Counted.Action)
  case sheet(PresentationAction<Counted.Action>)
  case row(id: Int, action: Counted.Action)
  case path(StackAction<Counted, Counted.Action>)
  case mode(action: Counted.Action)
}

/// The feature routed by the cases themselves.
private let byCase = Reducer.combine(
  Reducer<RoutedScreen, RoutedScreenAction, Void>.empty
    .ifLet(
      state: \.child, action: RoutedScreenAction.child(action:), environment: { $0 },
      then: Counted.reducer
    )
    .presents(
      state: \.sheet, action: RoutedScreenAction.sheet, environment: { $0 }, then: Counted.reducer
    )
    .forEach(
      state: \.rows, action: RoutedScreenAction.row, environment: { $0 }, element: Counted.reducer
    )
    .stack(
      state: \.path, action: RoutedScreenAction.path, environment: { $0 }, element: Counted.reducer),
  Reducer<CountingMode, RoutedScreenAction, Void>.empty
    .ifCaseLet(
      state: CountingMode.counting(screen:), action: RoutedScreenAction.mode(action:),
      environment: { $0 },
      then: Counted.reducer
    )
    .pullback(state: \RoutedScreen.mode, action: .identity, environment: { $0 }),
  Counted.reducer.pullback(
    state: \.counter, action: RoutedScreenAction.counter, environment: { $0 }))

/// The same feature routed by case paths.
private let byPath = Reducer.combine(
  Reducer<RoutedScreen, RoutedScreenAction, Void>.empty
    .ifLet(
      state: \.child, action: CasePath(RoutedScreenAction.child(action:)), environment: { $0 },
      then: Counted.reducer
    )
    .presents(
      state: \.sheet, action: CasePath(RoutedScreenAction.sheet), environment: { $0 },
      then: Counted.reducer
    )
    .forEach(
      state: \.rows, action: CasePath(RoutedScreenAction.row), environment: { $0 },
      element: Counted.reducer
    )
    .stack(
      state: \.path, action: CasePath(RoutedScreenAction.path), environment: { $0 },
      element: Counted.reducer),
  Reducer<CountingMode, RoutedScreenAction, Void>.empty
    .ifCaseLet(
      state: CasePath(CountingMode.counting(screen:)),
      action: CasePath(RoutedScreenAction.mode(action:)),
      environment: { $0 },
      then: Counted.reducer
    )
    .pullback(state: \RoutedScreen.mode, action: .identity, environment: { $0 }),
  Counted.reducer.pullback(
    state: \.counter, action: CasePath(RoutedScreenAction.counter), environment: { $0 }))

/// `ifCaseLet` with the state's case and the action's given one each way, both mixes.
private let mixedForms = [
  Reducer<CountingMode, RoutedScreenAction, Void>.empty
    .ifCaseLet(
      state: CasePath(CountingMode.counting(screen:)), action: RoutedScreenAction.mode(action:),
      environment: { $0 }, then: Counted.reducer),
  Reducer<CountingMode, RoutedScreenAction, Void>.empty
    .ifCaseLet(
      state: CountingMode.counting(screen:), action: CasePath(RoutedScreenAction.mode(action:)),
      environment: { $0 }, then: Counted.reducer),
]

@Suite("Routing by the case and by a case path")
@MainActor
struct RoutingFormsTests {
  @Test("ifCaseLet takes a case path for one and the case itself for the other, either way")
  func mixedIfCaseLet() {
    for reducer in mixedForms {
      var mode = CountingMode.counting(screen: Counted(id: 6))
      _ = reducer.reduce(into: &mode, action: .mode(action: .increment), environment: ())
      #expect(mode == .counting(screen: Counted(id: 6, value: 1)))
    }
  }

  @Test("every reducer operator routes the same by the case as by a path")
  func reducersAgree() {
    let actions: [RoutedScreenAction] = [
      .counter(.increment), .child(action: .increment), .sheet(.presented(.increment)),
      .row(id: 4, action: .increment), .path(.element(id: 0, action: .increment)),
      .mode(action: .increment), .sheet(.dismiss), .path(.popFrom(id: 0)),
    ]
    var viaCase = RoutedScreen()
    var viaPath = RoutedScreen()
    for action in actions {
      _ = byCase.reduce(into: &viaCase, action: action, environment: ())
      _ = byPath.reduce(into: &viaPath, action: action, environment: ())
      #expect(viaCase == viaPath, "after \(action)")
    }
    #expect(viaCase.counter.value == 1 && viaCase.child?.value == 1)
    #expect(
      viaCase.rows[id: 4]?.value == 1 && viaCase.mode == .counting(screen: Counted(id: 6, value: 1))
    )
    #expect(viaCase.sheet == nil && viaCase.path.isEmpty)
  }

  @Test("every child store sends what the parent routes, given the case or a path")
  func storesRoute() {
    let store = Store(initialState: RoutedScreen(), reducer: byCase, environment: ())
    store.scope(state: \.counter, action: RoutedScreenAction.counter).send(.increment)
    store.scope(state: \.counter, action: CasePath(RoutedScreenAction.counter)).send(.increment)
    store.scope(state: \.child, action: RoutedScreenAction.child(action:))?.send(.increment)
    store.scope(state: \.child, action: CasePath(RoutedScreenAction.child(action:)))?.send(
      .increment)
    store.scope(state: \.sheet, action: RoutedScreenAction.sheet)?.send(.increment)
    store.scope(state: \.sheet, action: CasePath(RoutedScreenAction.sheet))?.send(.increment)
    let mode = store.scope(state: \.mode, action: { $0 })
    mode.scope(state: CountingMode.counting(screen:), action: RoutedScreenAction.mode(action:))?
      .send(.increment)
    mode.scope(
      state: CasePath(CountingMode.counting(screen:)),
      action: CasePath(RoutedScreenAction.mode(action:)))?
      .send(.increment)
    store.scope(forEach: \.rows, action: RoutedScreenAction.row)[1].send(.increment)
    store.scope(forEach: \.rows, action: CasePath(RoutedScreenAction.row))[1].send(.increment)
    #expect(store.state.counter.value == 2)
    #expect(store.state.child?.value == 2)
    #expect(store.state.sheet?.value == 2)
    #expect(store.state.mode == .counting(screen: Counted(id: 6, value: 2)))
    #expect(store.state.rows[id: 4]?.value == 2 && store.state.rows[id: 3]?.value == 0)
  }

  @Test("a presented child's store is nil while nothing is presented")
  func presentedStoreGoes() {
    let store = Store(initialState: RoutedScreen(), reducer: byCase, environment: ())
    let sheet: Store<Counted, Counted.Action>? = store.scope(
      state: \.sheet, action: RoutedScreenAction.sheet)
    #expect(sheet != nil)
    store.send(.sheet(.dismiss))
    #expect(store.scope(state: \.sheet, action: RoutedScreenAction.sheet) == nil)
  }
}
