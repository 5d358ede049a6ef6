// Bindings (Sources/Loop/Bindings), with the Composition guide's example.
import Loop
import LoopTesting
import Testing

enum Profile {
  struct State: Equatable {
    var name = ""
    var age = 0
    var newsletter = false
    var greeting = ""
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case resetTapped

    var binding: BindingAction<State>? {
      if case let .binding(action) = self { action } else { nil }
    }
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case let .binding(edit) where edit.sets(\.name):
      state.greeting = "Hello, \(state.name)!"  // the new name is already set
      return .none
    case .binding:
      return .none
    case .resetTapped:
      state = State()
      return .send(.binding(.set(\.newsletter, true)))
    }
  }
  .binding()
}

@MainActor
@Suite("Bindings")
struct BindingGuideExamples {
  @Test("one binding action sets any field; the reducer sees the new value")
  func bindingActionsSetFields() async {
    let store = TestStore(initialState: Profile.State(), reducer: Profile.reducer, environment: ())
    await store.send(.binding(.set(\.name, "Ada"))) {
      $0.name = "Ada"
      $0.greeting = "Hello, Ada!"
    }
    await store.send(.binding(.set(\.age, 36))) { $0.age = 36 }
    await store.send(.resetTapped) { $0 = Profile.State() }
    await store.receive(.binding(.set(\.newsletter, true))) { $0.newsletter = true }
  }

  @Test("binding actions are equal by key path and value, and read well in a failure")
  func equalityAndDescription() {
    let name = BindingAction<Profile.State>.set(\.name, "Ada")
    #expect(name == .set(\.name, "Ada"))
    #expect(name != .set(\.name, "Grace"))
    #expect(BindingAction<Profile.State>.set(\.age, 1) != .set(\.age, 2))
    #expect(name.sets(\.name) && !name.sets(\.age))
    #expect("\(name)" == #"set(\State.name, "Ada")"#)
  }

  @Test("a store binding reads the field and sends its edits, on Linux too")
  func storeBinding() {
    let store = Store(initialState: Profile.State(), reducer: Profile.reducer, environment: ())
    let name = store.binding(\.name)
    name.set("Grace")
    #expect(name.get() == "Grace")
    #expect(store.state.greeting == "Hello, Grace!")
    let newsletter = store.binding(\.newsletter)
    newsletter.wrappedValue.toggle()
    #expect(store.state.newsletter)
  }
}
