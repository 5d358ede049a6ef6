// Bindings (Sources/Loop/Bindings), with the Composition guide's example.
import Foundation
import Loop
import LoopTesting
import Testing

enum Profile {
  struct State: Codable, Equatable {
    var name = ""
    var age = 0
    var newsletter = false
    var greeting = ""
  }

  enum Action: BindableAction, Codable, Equatable {
    case binding(BindingAction<State>)
    case resetTapped
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

// The one declaration that makes a form's binding actions recordable.
extension Profile.State: RecordableBindings {
  static let bindingFields: BindingFields<Self> = [.field("name", \.name), .field("age", \.age)]
}

enum Checkout {
  struct Address: Equatable {
    var city = ""
    var zip = ""
  }
  struct State: Equatable {
    var address = Address()
    var note = ""
    var isVerified = true
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .binding(\.address):  // any field of the address: \.address.city, \.address.zip
      state.isVerified = false
      return .none
    case .binding:
      return .none
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

  @Test("a form records and replays: binding actions are coded by their listed field names")
  func formRecordsAndReplays() async throws {
    let buffer = SessionLogBuffer()
    let store = Store(initialState: Profile.State(), reducer: Profile.reducer, environment: ())
    let recorder = SessionRecorder<Profile.State, Profile.Action>(
      name: "profile", to: .buffer(buffer))
    store.record(to: recorder)
    store.send(.binding(.set(\.name, "Ada")))
    store.send(.binding(.set(\.age, 36)))
    store.stopRecording()
    #expect(recorder.failures.isEmpty)
    #expect(buffer.lines[1].contains(#""binding":{"_0":{"field":"name","value":"Ada"}}"#))

    let log = try SessionLog<Profile.State, Profile.Action>(text: buffer.text)
    let replay = try log.replay(reducer: Profile.reducer, environment: ())
    #expect(replay.divergence == nil)
    #expect(
      replay.steps.map(\.action) == [.binding(.set(\.name, "Ada")), .binding(.set(\.age, 36))])
    #expect(replay.steps.last?.state.greeting == "Hello, Ada!")

    // A log written when the form had a field this version no longer lists.
    let renamed = buffer.text.replacingOccurrences(of: #""field":"name""#, with: #""field":"nick""#)
    let error = try #require(throws: SessionLogError.self) {
      try SessionLog<Profile.State, Profile.Action>(text: renamed)
    }
    #expect(
      "\(error)"
        == #"line 2: the action is not one this app has (action.binding._0.field: no bindable field "nick" in State (its bindingFields list "name", "age"). The log was written by a version of the app with that field; to replay it, list it again under that name.)"#
    )
  }

  @Test("a binding to an unlisted field, an unknown name or a mistyped value is a clear error")
  func codingErrorsNameTheField() async throws {
    let unlisted = BindingAction<Profile.State>.set(\.newsletter, true)
    // Recorded, it is reported and left out of the log; the session goes on.
    let store = Store(initialState: Profile.State(), reducer: Profile.reducer, environment: ())
    let log = SessionLogBuffer()
    let recorder = SessionRecorder<Profile.State, Profile.Action>(to: .buffer(log))
    store.record(to: recorder)
    store.send(.binding(unlisted))
    store.send(.binding(.set(\.age, 1)))
    #expect(recorder.failures.count == 1)
    #expect(log.lines.count == 2)  // the header and the age
    #expect(store.state.newsletter)
    let encodingError = try #require(throws: EncodingError.self) {
      try JSONEncoder().encode(unlisted)
    }
    guard case let .invalidValue(_, context) = encodingError else {
      Issue.record("expected invalidValue, got \(encodingError)")
      return
    }
    #expect(
      context.debugDescription
        == #"set(\State.newsletter, true) sets a field State.bindingFields does not list (it lists "name", "age"). To fix, add .field("<its name in logs>", \State.newsletter) to it."#
    )

    let unknown = Data(#"{"field":"nickname","value":"Ada"}"#.utf8)
    let decodingError = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(BindingAction<Profile.State>.self, from: unknown)
    }
    #expect(
      "\(decodingError)".contains(
        #"no bindable field "nickname" in State (its bindingFields list "name", "age")"#))

    let mistyped = Data(#"{"field":"age","value":"old"}"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(BindingAction<Profile.State>.self, from: mistyped)
    }
  }

  @Test("an edit of a nested field is seen by a reducer matching the value it is in")
  func nestedBinding() async {
    let store = Store(initialState: Checkout.State(), reducer: Checkout.reducer, environment: ())
    store.binding(\.note).set("leave at the door")
    #expect(store.state.isVerified)
    store.binding(\.address.city).set("Lyon")
    #expect(store.state.address.city == "Lyon" && !store.state.isVerified)
    let edit = BindingAction<Checkout.State>.set(\.address.zip, "69001")
    #expect(edit.sets(\.address.zip) && edit.sets(\.address))
    #expect(!edit.sets(\.address.city) && !edit.sets(\.note))
    // The whole address is not a part of its zip.
    #expect(!BindingAction<Checkout.State>.set(\.address, Checkout.Address()).sets(\.address.zip))
  }
}
