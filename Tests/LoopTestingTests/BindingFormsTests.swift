import LoopTesting
import Testing

/// Bindings as TCA ports write them: a bindable action with nothing hand-written, bindings in
/// a nested `view` action, a field whose edits are ordinary actions, and binding actions shown
/// as the edits they are in a failure.
@MainActor
@Suite("Binding forms")
struct BindingFormsTests {
  enum Login {
    struct State: Equatable {
      var code = ""
      var title = ""
      var saves = 0
    }
    enum Action: BindableAction, Equatable {
      case binding(BindingAction<State>)
      case titleChanged(String)
    }
    static let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case .binding: break
      case let .titleChanged(title): state.title = title
      }
      return .none
    }
    .binding()
  }

  enum Editor {
    struct State: Equatable { var title = "" }
    enum Action: Equatable {
      case view(View)
      enum View: BindableAction, Equatable {
        case binding(BindingAction<State>)
        case saveTapped
      }
    }
    static let reducer = Reducer<State, Action, Void> { _, _, _ in .none }
      .binding(action: Action.view)
  }

  @Test("a bindable action needs only its case: the reducer and the store find the edit")
  func caseOnly() {
    let store = Store(initialState: Login.State(), reducer: Login.reducer, environment: ())
    store.binding(\.code).set("1234")
    #expect(store.state.code == "1234")
    #expect(Login.Action.binding(.set(\.code, "1")).binding == .set(\.code, "1"))
    #expect(Login.Action.titleChanged("x").binding == nil)
  }

  @Test("bindings in a nested view action: binding(action:) on the reducer and the store")
  func nested() async {
    let store = Store(initialState: Editor.State(), reducer: Editor.reducer, environment: ())
    store.binding(\.title, action: Editor.Action.view).set("Retro")
    #expect(store.state.title == "Retro")
    let testStore = TestStore(
      initialState: Editor.State(), reducer: Editor.reducer, environment: ())
    await testStore.send(.view(.binding(.set(\.title, "Planning")))) { $0.title = "Planning" }
    await testStore.send(.view(.set(\.title, "Retro"))) { $0.title = "Retro" }
  }

  @Test("binding(_:send:) writes a field by sending the feature's own action")
  func sending() {
    let store = Store(initialState: Login.State(), reducer: Login.reducer, environment: ())
    let title = store.binding(\.title, send: Login.Action.titleChanged)
    title.set("Standup")
    #expect(store.state.title == "Standup")
    #expect(title.get() == "Standup")
  }

  @Test("a failure shows a binding action as the edit it makes")
  func failureShowsEdit() async {
    let store = TestStore(initialState: Login.State(), reducer: Login.reducer, environment: ())
    await withKnownIssue {
      await store.send(.binding(.set(\.code, "1234")))
    } matching: { issue in
      let message = issue.comments.first?.rawValue ?? ""
      return message.contains(#".binding(set(\State.code, "1234"))"#)
        && !message.contains("(Function)")
    }
  }
}
