import LoopTesting
import Testing

@testable import Loop

// A presented child's and a stack's effects end exactly when their child goes, whatever the
// parent does — restored copies included — checked against a plain model on seeded random
// sequences (see IdentifiedArrayHistoryModelTests for the rows of a forEach).

private enum ModelScreen {
  struct State: Equatable, Identifiable, Sendable {
    var id: Int
  }

  enum Action: Equatable, Sendable {
    case start
    case changeID(Int)
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .start:
      // NB: Suspends until cancelled; the test reads the store's registry instead.
      return .run { _ in try await TestClock().sleep(for: .seconds(1)) }
    case let .changeID(id):
      state.id = id
      return .none
    }
  }
}

private struct State: Equatable {
  var sheet: ModelScreen.State?
  var savedSheets: [ModelScreen.State?] = [nil, nil]
  var path = StackState<ModelScreen.State>()
  var savedPaths: [StackState<ModelScreen.State>] = [.init(), .init()]
}

private enum Action: Equatable, Sendable {
  case present(Int), saveSheet(Int), restoreSheet(Int)
  case push(Int), popLast, popFrom(StackElementID), savePath(Int), restorePath(Int)
  case sheet(PresentationAction<ModelScreen.Action>)
  case path(StackAction<ModelScreen.State, ModelScreen.Action>)
}

private let reducer = Reducer<State, Action, Void> { state, action, _ in
  switch action {
  case let .present(id): state.sheet = ModelScreen.State(id: id)
  case let .saveSheet(slot): state.savedSheets[slot] = state.sheet
  case let .restoreSheet(slot): state.sheet = state.savedSheets[slot]
  case let .push(id): state.path.append(ModelScreen.State(id: id))
  case .popLast: state.path.popLast()
  case let .popFrom(id): state.path.pop(from: id)
  case let .savePath(slot): state.savedPaths[slot] = state.path
  case let .restorePath(slot): state.path = state.savedPaths[slot]
  case .sheet, .path: break
  }
  return .none
}
.presents(
  state: \.sheet,
  action: CasePath(
    embed: Action.sheet, extract: { if case let .sheet(action) = $0 { action } else { nil } }),
  environment: { $0 }, then: ModelScreen.reducer
)
.stack(
  state: \.path,
  action: CasePath(
    embed: Action.path, extract: { if case let .path(action) = $0 { action } else { nil } }),
  environment: { $0 }, element: ModelScreen.reducer)

@MainActor
@Suite("Presented and stacked children's effects end exactly when the child goes")
struct ChildLifetimeModelTests {
  @Test("random presents, dismissals, id changes, pushes, pops and restored copies")
  func agreesWithModel() async {
    let sheetScope = AnyHashable(\State.sheet)
    let pathScope = AnyHashable(\State.path.elements)
    for await seed in SeededRandom.seeds(1_000) {
      var random = SeededRandom(seed: seed)
      let store = Store<State, Action>(initialState: State(), reducer: reducer, environment: ())
      /// The sheet ids whose effect should run: started under that id, and the sheet has had
      /// that id ever since.
      var sheetRunning: Set<Int> = []
      /// The screens whose effect should run, by stack id.
      var screensRunning: Set<StackElementID> = []
      var log: [Action] = []
      for _ in 0..<30 {
        let state = store.state
        let slot = Int.random(in: 0..<2, using: &random)
        let id = Int.random(in: 0..<4, using: &random)
        var choices: [Action] = [
          .present(id), .saveSheet(slot), .restoreSheet(slot), .push(id), .popLast,
          .savePath(slot), .restorePath(slot),
        ]
        if state.sheet != nil {
          choices += [
            .sheet(.dismiss), .sheet(.presented(.start)), .sheet(.presented(.changeID(id))),
          ]
        }
        if let screen = state.path.ids.randomElement(using: &random) {
          choices += [.popFrom(screen), .path(.element(id: screen, action: .start))]
        }
        let action = choices[Int.random(in: 0..<choices.count, using: &random)]
        log.append(action)
        store.send(action)

        // The plain model: what should run, from the state before and after.
        let after = store.state
        if case .sheet(.presented(.start)) = action, let sheet = after.sheet {
          sheetRunning.insert(sheet.id)
        }
        if case let .path(.element(screen, .start)) = action { screensRunning.insert(screen) }
        sheetRunning = sheetRunning.filter { after.sheet?.id == $0 }
        screensRunning = screensRunning.filter { after.path[id: $0] != nil }

        let sheetChildren = store.childrenWithEffects(in: sheetScope)
        guard sheetChildren == Set(sheetRunning.map(AnyHashable.init)) else {
          Issue.record(
            "sheet effects under \(sheetChildren), expected \(sheetRunning); seed \(seed): \(log)")
          return
        }
        let screenChildren = store.childrenWithEffects(in: pathScope)
        guard screenChildren == Set(screensRunning.map(AnyHashable.init)) else {
          Issue.record(
            "screen effects under \(screenChildren), expected \(screensRunning); seed \(seed): \(log)"
          )
          return
        }
      }
    }
  }
}
