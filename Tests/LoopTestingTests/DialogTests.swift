// Alerts and confirmation dialogs as state (Sources/Loop/Navigation/AlertState.swift,
import Foundation
// DialogState.swift) and a test store's tap (Sources/LoopTesting/TestStore/TestStore+Tap.swift).
import Loop
import LoopTesting
import Testing

private enum Notes {
  struct State: Equatable {
    var notes = ["milk", "eggs"]
    var alert: AlertState<Action.Alert>?
    var dialog: ConfirmationDialogState<Action.Dialog>?
    var seenWhileHandling: String?
  }
  enum Action: Equatable, Sendable {
    case deleteTapped
    case sortTapped
    case alert(PresentationAction<Alert>)
    case dialog(PresentationAction<Dialog>)
    enum Alert: Equatable, Sendable { case confirmDelete }
    enum Dialog: Equatable, Sendable { case byName, reversed }
  }

  static let confirmDeletion = AlertState<Action.Alert>(
    title: "Delete every note?", message: "They cannot be brought back.",
    buttons: [
      ButtonState("Delete", role: .destructive, action: .confirmDelete),
      ButtonState("Cancel", role: .cancel),
    ])

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .deleteTapped:
      state.alert = confirmDeletion
      return .none
    case .sortTapped:
      state.dialog = ConfirmationDialogState(
        title: "Sort", titleVisibility: .visible,
        buttons: [
          ButtonState("By name", action: .byName), ButtonState("Reversed", action: .reversed),
        ])
      return .none
    case .alert(.presented(.confirmDelete)):
      state.seenWhileHandling = state.alert?.title
      state.notes = []
      return .none
    case .dialog(.presented(.byName)):
      state.notes.sort()
      return .none
    case .dialog(.presented(.reversed)):
      state.notes.reverse()
      return .none
    case .alert, .dialog:
      return .none
    }
  }
  .presents(state: \.alert, action: Action.alert)
  .presents(state: \.dialog, action: Action.dialog)
}

@MainActor
@Suite("Alerts and dialogs as state")
struct DialogTests {
  @Test("a tapped button's action reaches the parent, which still sees the alert; then it is gone")
  func tapSendsTheAction() async {
    let store = TestStore(initialState: Notes.State(), reducer: Notes.reducer, environment: ())
    await store.send(.deleteTapped) { $0.alert = Notes.confirmDeletion }
    await store.tap("Delete", in: \.alert, action: Notes.Action.alert) {
      $0.alert = nil
      $0.notes = []
      $0.seenWhileHandling = "Delete every note?"
    }
  }

  @Test("a button with no action dismisses; so does .dismiss")
  func cancelDismisses() async {
    let store = TestStore(initialState: Notes.State(), reducer: Notes.reducer, environment: ())
    await store.send(.deleteTapped) { $0.alert = Notes.confirmDeletion }
    await store.tap("Cancel", in: \.alert, action: Notes.Action.alert) { $0.alert = nil }
    await store.send(.sortTapped) { $0.dialog = Notes.reducerDialog }
    await store.send(.dialog(.dismiss)) { $0.dialog = nil }
  }

  @Test("a confirmation dialog's choice runs, and the dialog goes")
  func dialogChoice() async {
    let store = TestStore(
      initialState: Notes.State(notes: ["b", "a", "c"]), reducer: Notes.reducer, environment: ())
    await store.send(.sortTapped) { $0.dialog = Notes.reducerDialog }
    await store.tap("Reversed", in: \.dialog, action: Notes.Action.dialog) {
      $0.dialog = nil
      $0.notes = ["c", "a", "b"]
    }
  }

  @Test("tapping with no alert presented fails, saying so, and sends nothing")
  func tapWithNoAlert() async {
    let store = TestStore(initialState: Notes.State(), reducer: Notes.reducer, environment: ())
    await expectFailure(
      """
      Tried to tap "Delete", but no alert or dialog is presented at \\State.alert.

      Nothing was sent. To fix, tap after the action that presents it, or check that the key \
      path is the one the reducer sets.
      """
    ) {
      await store.tap("Delete", in: \.alert, action: Notes.Action.alert)
    }
    #expect(store.state == Notes.State())
  }

  @Test("tapping a label the alert does not have fails, naming its buttons")
  func tapWrongLabel() async {
    let store = TestStore(initialState: Notes.State(), reducer: Notes.reducer, environment: ())
    await store.send(.deleteTapped) { $0.alert = Notes.confirmDeletion }
    await expectFailure(
      """
      Tried to tap "OK", but "Delete every note?" has the buttons "Delete", "Cancel".

      Nothing was sent. To fix, tap one of its buttons by its label.
      """
    ) {
      await store.tap("OK", in: \.alert, action: Notes.Action.alert)
    }
    #expect(store.state.alert == Notes.confirmDeletion)
    await store.tap("Cancel", in: \.alert, action: Notes.Action.alert) { $0.alert = nil }
  }

  @Test("an alert is Codable when its actions are, and equal by title, message and buttons")
  func codableAndEquatable() throws {
    struct Plain: Codable, Equatable, Sendable { var name: String }
    let alert = AlertState<Plain>(
      title: "Hi", buttons: [ButtonState("Go", role: .destructive, action: Plain(name: "go"))])
    let data = try JSONEncoder().encode(alert)
    #expect(try JSONDecoder().decode(AlertState<Plain>.self, from: data) == alert)
    #expect(alert != AlertState(title: "Hi"))
  }
}

extension Notes {
  static let reducerDialog = ConfirmationDialogState<Action.Dialog>(
    title: "Sort", titleVisibility: .visible,
    buttons: [ButtonState("By name", action: .byName), ButtonState("Reversed", action: .reversed)])
}
