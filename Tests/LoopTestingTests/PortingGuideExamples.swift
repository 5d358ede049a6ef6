// The code Docs/Loop.docc/ComingFromTCA.md shows, compiled and run: a SyncUps-like detail
// screen with a delegate, an enum destination holding an editor and an alert, and its tests.
import Foundation
import LoopTesting
import Testing

enum SyncUpDetail {
  struct State: Equatable {
    var title = "Standup"
    var destination: Destination?
  }

  enum Destination: Equatable, CaseAccessible {
    case edit(SyncUpForm.State)
    case alert(AlertState<Action.Alert>)
  }

  enum DestinationAction: Equatable, Sendable {
    case edit(SyncUpForm.Action)
    case alert(Action.Alert)
  }

  enum Action: Equatable, Sendable {
    case editTapped, deleteTapped, doneEditingTapped
    case destination(PresentationAction<DestinationAction>)
    case delegate(Delegate)
    enum Alert: Equatable, Sendable { case confirmDeletion }
    enum Delegate: Equatable, Sendable { case deleteSyncUp }
  }

  static let destination = Reducer<Destination, DestinationAction, Void>.empty
    .ifCaseLet(
      state: Destination.edit, action: DestinationAction.edit,
      then: SyncUpForm.reducer)

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .editTapped:
      state.destination = .edit(SyncUpForm.State(title: state.title))
      return .none
    case .doneEditingTapped:
      if let form = state.destination[case: Destination.edit] { state.title = form.title }
      state.destination = nil
      return .none
    case .deleteTapped:
      state.destination = .alert(
        AlertState(
          title: "Delete?",
          buttons: [
            ButtonState("Yes", role: .destructive, action: .confirmDeletion),
            ButtonState("Nevermind", role: .cancel),
          ]))
      return .none
    case .destination(.presented(.alert(.confirmDeletion))):
      return .merge(.send(.delegate(.deleteSyncUp)), .dismiss)
    case .destination, .delegate:
      return .none
    }
  }
  .presents(
    state: \.destination, action: Action.destination, then: destination)
}

enum SyncUpForm {
  struct State: Equatable { var title: String }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }
  static let reducer = Reducer<State, Action, Void> { _, _, _ in .none }.binding()
}

@MainActor
@Suite("Guide examples: coming from TCA")
struct PortingGuideExamples {
  @Test("editing through the destination enum")
  func edit() async {
    let store = TestStore(
      initialState: SyncUpDetail.State(), reducer: SyncUpDetail.reducer, environment: ())
    await store.send(.editTapped) {
      $0.destination = .edit(SyncUpForm.State(title: "Standup"))
    }
    await store.send(.destination(.presented(.edit(.binding(.set(\.title, "Retro")))))) {
      $0.destination[case: SyncUpDetail.Destination.edit]?.title = "Retro"
    }
    await store.send(.doneEditingTapped) {
      $0.title = "Retro"
      $0.destination = nil
    }
  }

  @Test("deleting: the alert's button, the delegate, the dismissal")
  func delete() async {
    let store = TestStore(
      initialState: SyncUpDetail.State(), reducer: SyncUpDetail.reducer, environment: ())
    await store.send(.deleteTapped) {
      $0.destination = .alert(
        AlertState(
          title: "Delete?",
          buttons: [
            ButtonState("Yes", role: .destructive, action: .confirmDeletion),
            ButtonState("Nevermind", role: .cancel),
          ]))
    }
    await store.tap(
      "Yes", in: \.destination, case: SyncUpDetail.Destination.alert,
      action: { .destination($0.map(SyncUpDetail.DestinationAction.alert)) }
    ) {
      $0.destination = nil
    }
    await store.receive(.delegate(.deleteSyncUp))
    #expect(store.isDismissed)
  }

  @Test("a view's exhaustive switch over an enum state, each case its own store")
  func viewSwitch() {
    let store = Store(
      initialState: SyncUpDetail.Destination.edit(SyncUpForm.State(title: "Standup")),
      reducer: SyncUpDetail.destination, environment: ())
    var shown = ""
    switch store.case {
    case .edit:
      if let form = store.scope(
        state: SyncUpDetail.Destination.edit, action: SyncUpDetail.DestinationAction.edit)
      {
        shown = form.title
      }
    case .alert:
      shown = "alert"
    }
    #expect(shown == "Standup")
  }
}
