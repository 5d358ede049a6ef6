import Loop
import LoopTesting
import Testing

/// A destination enum with an editor and an alert, as TCA's SyncUps has: its cases read and
/// changed in place without hand-written accessors, and its alert dismissed after a button.
@MainActor
@Suite(
  "Destination enums: cases in place, dialogs that go after their button", .hangBackstop)
struct DestinationDialogTests {
  enum Editor {
    struct State: Equatable { var title: String }
    enum Action: Equatable, Sendable { case titleChanged(String) }
    static let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case let .titleChanged(title):
        state.title = title
        return .none
      }
    }
  }

  enum Detail {
    struct State: Equatable {
      var title = "Standup"
      var deleted = false
      var destination: Destination?
    }
    enum Destination: Equatable, CaseAccessible {
      case edit(Editor.State)
      case alert(AlertState<Action.Alert>)
    }
    enum DestinationAction: Equatable, Sendable {
      case edit(Editor.Action)
      case alert(Action.Alert)
    }
    enum Action: Equatable, Sendable {
      case editTapped, deleteTapped, infoTapped
      case destination(PresentationAction<DestinationAction>)
      enum Alert: Equatable, Sendable { case confirmDelete, askAgain }
    }

    /// The alert `.deleteTapped` shows (`alertInDestination` spells it out on its own).
    static let deleteAlert = AlertState<Action.Alert>(
      title: "Delete?",
      buttons: [
        ButtonState("Delete", role: .destructive, action: .confirmDelete),
        ButtonState("Ask again", action: .askAgain),
        ButtonState("Cancel", role: .cancel),
      ])

    static let destination = Reducer<Destination, DestinationAction, Void>.empty
      .ifCaseLet(
        state: Destination.edit, action: DestinationAction.edit, environment: { $0 },
        then: Editor.reducer)

    static let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case .editTapped:
        state.destination = .edit(Editor.State(title: state.title))
      case .deleteTapped:
        state.destination = .alert(deleteAlert)
      case .infoTapped:
        state.destination = .alert(AlertState(title: "Saved"))
      case .destination(.presented(.alert(.confirmDelete))):
        state.deleted = true
      case .destination(.presented(.alert(.askAgain))):
        state.destination = .alert(AlertState(title: "Really delete?"))
      case .destination:
        break
      }
      return .none
    }
    .presents(
      state: \.destination, action: Action.destination, environment: { $0 }, then: destination)
  }

  func makeStore() -> TestStore<Detail.State, Detail.Action, Void> {
    TestStore(initialState: Detail.State(), reducer: Detail.reducer, environment: ())
  }

  @Test("a case of an optional destination is asserted and edited in place")
  func caseInPlace() async {
    let store = makeStore()
    await store.send(.editTapped) {
      $0.destination = .edit(Editor.State(title: "Standup"))
    }
    await store.send(.destination(.presented(.edit(.titleChanged("Retro"))))) {
      $0.destination[case: Detail.Destination.edit]?.title = "Retro"
    }
    await store.send(.destination(.presented(.edit(.titleChanged("Planning"))))) {
      $0.destination.modify(Detail.Destination.edit) { $0.title = "Planning" }
    }
    #expect(store.state.destination[case: Detail.Destination.edit]?.title == "Planning")
    #expect(store.state.destination[case: Detail.Destination.alert] == nil)
  }

  @Test("modify of a case the state is not in fails the assertion, naming what it is")
  func modifyWrongCase() async {
    let store = makeStore()
    await store.send(.infoTapped) { $0.destination = .alert(AlertState(title: "Saved")) }
    let warned = LockedState(false)
    await withKnownIssue {
      // NB: The closure runs on the state before the action, which holds the alert.
      await store.send(.editTapped) {
        $0.destination.modify(Detail.Destination.edit) { $0.title = "x" }
      }
    } matching: { issue in
      let isWarning = issue.comments.contains {
        $0.rawValue.hasPrefix("modify(_:_:) named a case the value is not in")
      }
      if isWarning { warned.withLock { $0 = true } }
      return isWarning
        || issue.comments.contains { $0.rawValue.contains("does not match the assert closure") }
    }
    #expect(warned.withLock { $0 })
  }

  @Test("an alert in a destination goes away after its button, and tap reaches it")
  func alertInDestination() async {
    let store = makeStore()
    await store.send(.deleteTapped) {
      $0.destination = .alert(
        AlertState(
          title: "Delete?",
          buttons: [
            ButtonState("Delete", role: .destructive, action: .confirmDelete),
            ButtonState("Ask again", action: .askAgain),
            ButtonState("Cancel", role: .cancel),
          ]))
    }
    await store.tap(
      "Delete", in: \.destination, case: Detail.Destination.alert,
      action: { .destination($0.map(Detail.DestinationAction.alert)) }
    ) {
      $0.destination = nil
      $0.deleted = true
    }
  }

  @Test("a parent that puts another alert there keeps it; Cancel dismisses")
  func anotherAlert() async {
    let store = makeStore()
    await store.send(.deleteTapped) { $0.destination = .alert(Detail.deleteAlert) }
    await store.send(.destination(.presented(.alert(.askAgain)))) {
      $0.destination = .alert(AlertState(title: "Really delete?"))
    }
    await store.tap(
      "OK", in: \.destination, case: Detail.Destination.alert,
      action: { .destination($0.map(Detail.DestinationAction.alert)) }
    ) {
      $0.destination = nil
    }
  }

  @Test("tap(\"OK\") on an alert with no buttons dismisses it; another label names the OK")
  func implicitOK() async {
    let store = makeStore()
    await store.send(.infoTapped) { $0.destination = .alert(AlertState(title: "Saved")) }
    await withKnownIssue {
      await store.tap(
        "Close", in: \.destination, case: Detail.Destination.alert,
        action: { .destination($0.map(Detail.DestinationAction.alert)) })
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        Tried to tap "Close", but "Saved" has the buttons "OK".

        Nothing was sent. To fix, tap one of its buttons by its label.
        """
      ]
    }
    await store.tap(
      "OK", in: \.destination, case: Detail.Destination.alert,
      action: { .destination($0.map(Detail.DestinationAction.alert)) }
    ) {
      $0.destination = nil
    }
  }
}
