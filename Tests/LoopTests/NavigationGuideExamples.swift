// The code Docs/Loop.docc/Navigation.md shows, compiled and run.
import Loop
import LoopTesting
import Testing

enum Note {
  struct State: Equatable, Sendable {
    var title: String
    var isSaving = false
  }
  enum Action: Equatable, Sendable { case saveTapped, cancelTapped }
  struct Environment: Sendable { var save: @Sendable (String) async -> Void }

  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .saveTapped:
      state.isSaving = true
      let title = state.title
      return .run { _ in
        await environment.save(title)
        await dismiss()  // the note closes itself once saved
      }
    case .cancelTapped:
      return .dismiss
    }
  }
}

enum Notes {
  struct State: Equatable {
    var editor: Note.State?
    var path = StackState<Note.State>()
  }
  enum Action: Equatable, Sendable {
    case newNoteTapped
    case editor(PresentationAction<Note.Action>)
    case open(String)
    case path(StackAction<Note.State, Note.Action>)
  }

  static let reducer = Reducer<State, Action, Note.Environment> { state, action, _ in
    switch action {
    case .newNoteTapped:
      state.editor = Note.State(title: "")  // present
      return .none
    case let .open(title):
      state.path.append(Note.State(title: title))  // push
      return .none
    case .editor, .path:
      return .none
    }
  }
  .presents(state: \.editor, action: Action.editor, then: Note.reducer)
  .stack(state: \.path, action: Action.path, element: Note.reducer)
}

#if canImport(SwiftUI)
  import SwiftUI

  struct NotesView: View {
    let store: Store<Notes.State, Notes.Action>
    var body: some View {
      NavigationStack(path: store.binding(path: \.path, action: Notes.Action.path).swiftUI) {
        List {
          NavigationLink("Groceries", value: store.path.pushing(Note.State(title: "Groceries")))
          Button("New note") { store.send(.newNoteTapped) }
        }
        .navigationDestination(for: StackPath<Note.State>.Element.self) { screen in
          if let note = store.scope(forEach: \.path, id: screen.id, action: Notes.Action.path) {
            NoteView(store: note)
          }
        }
      }
      .sheet(
        isPresented: store.binding(isPresented: \.editor, action: Notes.Action.editor).swiftUI
      ) {
        if let editor = store.scope(state: \.editor, action: Notes.Action.editor) {
          NoteView(store: editor)
        }
      }
    }
  }

  struct NoteView: View {
    let store: Store<Note.State, Note.Action>
    var body: some View {
      Button("Save \(store.title)") { store.send(.saveTapped) }
    }
  }
#endif

@MainActor
@Suite("Navigation guide", .deterministicJobs)
struct NavigationGuideExamples {
  @Test("a presented note saves and closes itself")
  func presentedNoteClosesItself() async {
    let saved = LockedState<[String]>([])
    let store = TestStore(
      initialState: Notes.State(), reducer: Notes.reducer,
      environment: Note.Environment(save: { title in saved.withLock { $0.append(title) } }))
    await store.send(.newNoteTapped) { $0.editor = Note.State(title: "") }
    await store.send(.editor(.presented(.saveTapped))) { $0.editor?.isSaving = true }
    await store.receive(.editor(.dismiss)) { $0.editor = nil }
    #expect(saved.withLock { $0 } == [""])
  }

  @Test("a view's store for the presented note sends through the editor case")
  func presentedNoteStore() {
    let store = Store(
      initialState: Notes.State(editor: Note.State(title: "")), reducer: Notes.reducer,
      environment: Note.Environment(save: { _ in }))
    if let editor = store.scope(state: \.editor, action: Notes.Action.editor) {
      editor.send(.saveTapped)  // the parent receives .editor(.presented(.saveTapped))
    }
    #expect(store.state.editor?.isSaving == true)
    store.send(.editor(.dismiss))
    #expect(store.scope(state: \.editor, action: Notes.Action.editor) == nil)
  }

  @Test("a view's bindings: a link pushes, the back button pops, a swipe dismisses")
  func viewBindings() {
    let store = Store(
      initialState: Notes.State(), reducer: Notes.reducer,
      environment: Note.Environment(save: { _ in }))
    let path = store.binding(path: \.path, action: Notes.Action.path)
    path.wrappedValue.append(store.path.pushing(Note.State(title: "Groceries")))  // the link
    #expect(store.path.ids == [0])
    path.wrappedValue.removeLast()  // the back button: sends .path(.popFrom(id: 0))
    #expect(store.path.isEmpty)

    store.send(.newNoteTapped)
    let isPresented = store.binding(isPresented: \.editor, action: Notes.Action.editor)
    isPresented.wrappedValue = false  // swiped down: sends .editor(.dismiss)
    #expect(store.editor == nil)
  }

  @Test("a pushed note cancels itself off the stack")
  func pushedNoteCancels() async {
    let store = TestStore(
      initialState: Notes.State(), reducer: Notes.reducer,
      environment: Note.Environment(save: unimplementedSave))
    await store.send(.open("groceries")) { $0.path.append(Note.State(title: "groceries")) }
    await store.send(.path(.element(id: 0, action: .cancelTapped)))
    await store.receive(.path(.popFrom(id: 0))) { $0.path = StackState() }
  }

  @Test("a pushed screen is asserted by its id")
  func pushedScreenAsserted() async {
    let store = TestStore(
      initialState: Notes.State(), reducer: Notes.reducer,
      environment: Note.Environment(save: { _ in }))
    await store.send(.open("groceries")) {
      $0.path.append(Note.State(title: "groceries"))  // the first push is id 0
    }
    await store.send(.path(.element(id: 0, action: .saveTapped))) {
      $0.path[id: 0]?.isSaving = true
    }
    await store.receive(.path(.popFrom(id: 0))) { $0.path = StackState() }
  }
}

enum Trash {
  struct State: Equatable {
    var notes = ["milk", "eggs"]
    var alert: AlertState<Action.Alert>?
  }
  enum Action: Equatable, Sendable {
    case emptyTapped
    case alert(PresentationAction<Alert>)
    enum Alert: Equatable, Sendable { case confirmEmpty }
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .emptyTapped:
      state.alert = AlertState(
        title: "Empty the trash?", message: "The notes cannot be brought back.",
        buttons: [
          ButtonState("Empty", role: .destructive, action: .confirmEmpty),
          ButtonState("Cancel", role: .cancel),
        ])
      return .none
    case .alert(.presented(.confirmEmpty)):
      state.notes = []
      return .none
    case .alert:
      return .none
    }
  }
  .presents(state: \.alert, action: Action.alert)
}

@MainActor
@Suite("Navigation guide: alerts")
struct NavigationGuideAlertExamples {
  @Test("a test taps the alert's button by its label")
  func tapEmpty() async {
    let store = TestStore(initialState: Trash.State(), reducer: Trash.reducer, environment: ())
    await store.send(.emptyTapped) {
      $0.alert = AlertState(
        title: "Empty the trash?", message: "The notes cannot be brought back.",
        buttons: [
          ButtonState("Empty", role: .destructive, action: .confirmEmpty),
          ButtonState("Cancel", role: .cancel),
        ])
    }
    await store.tap("Empty", in: \.alert, action: Trash.Action.alert) {
      $0.alert = nil
      $0.notes = []
    }
  }
}

private let unimplementedSave: @Sendable (String) async -> Void = { _ in
  Issue.record("save was not expected")
}
