// The code Docs/Loop.docc/Observation.md shows, compiled and run.
import Loop
import LoopTesting
import Observation
import Testing

enum Greeter {
  struct State: Equatable, Sendable {
    var count = 0
    var name = ""
    var draft = ""
  }
  enum Action: Equatable, Sendable {
    case increment
    case rename(String)
    case save(String)
  }
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .increment: state.count += 1
    case let .rename(name): state.name = name
    case .save: break
    }
    return .none
  }
}

enum Account {
  struct State: Equatable, Sendable {
    var profile = Profile()
    var invite: Profile? = nil
  }
  struct Profile: Equatable, ObservableState, Sendable {
    var name = ""
    var followers = 0
  }
  enum Action: Equatable, Sendable {
    case follow
    case rename(String)
    case invite(Profile?)
  }
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .follow: state.profile.followers += 1
    case let .rename(name): state.profile.name = name
    case let .invite(invite): state.invite = invite
    }
    return .none
  }
}

#if canImport(SwiftUI)
  import SwiftUI

  struct GreeterView: View {
    let store: Store<Greeter.State, Greeter.Action>
    var body: some View {
      VStack {
        Text("\(store.count)")  // re-renders when count changes, not when name does
        Button("+") { store.send(.increment) }
        Button("Save") { store.send(.save(store.withState(\.draft))) }  // observes nothing
      }
    }
  }
#endif

@MainActor
@Suite("Observation guide")
struct ObservationGuideExamples {
  @Test("a read of one field is told of that field's changes only")
  func fieldRead() {
    let store = Store(initialState: Greeter.State(), reducer: Greeter.reducer, environment: ())
    let told = LockedState(0)
    withObservationTracking {
      _ = store.count  // observes count alone
    } onChange: {
      told.withLock { $0 += 1 }
    }
    store.send(.rename("Ada"))  // name changed: the count's observer is not told
    #expect(told.withLock { $0 } == 0)
    store.send(.increment)  // count changed: told, once
    #expect(told.withLock { $0 } == 1)
  }

  @Test("through an ObservableState field, a nested read observes the nested field")
  func nestedRead() {
    let store = Store(initialState: Account.State(), reducer: Account.reducer, environment: ())
    let (name, invite) = (LockedState(0), LockedState(0))
    withObservationTracking {
      _ = store.profile.name  // observes profile.name alone
    } onChange: {
      name.withLock { $0 += 1 }
    }
    withObservationTracking {
      _ = store.invite?.name  // observes whether there is an invite, and its name
    } onChange: {
      invite.withLock { $0 += 1 }
    }
    store.send(.follow)  // followers changed: neither is told
    store.send(.rename("Ada"))  // the profile's name changed: told
    store.send(.invite(Account.Profile(name: "Bo")))  // an invite came: told
    #expect(name.withLock { $0 } == 1 && invite.withLock { $0 } == 1)
    let profile: Account.Profile = store.profile  // asked for by type: the value, observed whole
    #expect(profile.name == "Ada")
  }

  @Test("withState reads without observing")
  func withStateObservesNothing() {
    let store = Store(initialState: Greeter.State(), reducer: Greeter.reducer, environment: ())
    let told = LockedState(0)
    withObservationTracking {
      _ = store.withState(\.count)
    } onChange: {
      told.withLock { $0 += 1 }
    }
    store.send(.increment)
    #expect(told.withLock { $0 } == 0)
  }
}
