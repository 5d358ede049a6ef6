// The code Docs/Loop.docc/RecordAndReplay.md shows, compiled and run.
import Foundation
import Loop
import LoopTesting
import Testing

struct Cart: Codable, Equatable, Sendable {
  var items: [String] = []
}

enum CartAction: Codable, Equatable, Sendable {
  case add(String)
  case checkout
  case checkedOut(Int)
}

struct CartEnvironment: Sendable {
  var checkout: @Sendable ([String]) async -> Int = { $0.count }
}

let cartReducer = Reducer<Cart, CartAction, CartEnvironment> { state, action, environment in
  switch action {
  case let .add(item):
    state.items.append(item)
    return .none
  case .checkout:
    let items = state.items
    return .run { send in await send(.checkedOut(await environment.checkout(items))) }
  case .checkedOut:
    state.items = []
    return .none
  }
}

/// The guide's failure: `add` that shouts.
private let shoutingCartReducer = Reducer<Cart, CartAction, CartEnvironment> {
  state, action, environment in
  if case let .add(item) = action, !state.items.isEmpty {
    state.items.append(item.uppercased())
    return .none
  }
  return cartReducer.reduce(into: &state, action: action, environment: environment)
}

/// The guide's Secrets section: a login form whose password is never written.
enum Login {
  struct State: Codable, Equatable, Sendable {
    var user = ""
    var password = ""
    var isSignedIn = false
  }
  enum Action: Codable, Equatable, Sendable {
    case userChanged(String)
    case passwordChanged(String)
    case signInTapped
  }
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case let .userChanged(user): state.user = user
    case let .passwordChanged(password): state.password = password
    case .signInTapped: state.isSignedIn = !state.password.isEmpty
    }
    return .none
  }
}

let hidingPassword = SessionRedaction<Login.State, Login.Action>(
  action: { action in
    guard case .passwordChanged = action else { return action }
    return .passwordChanged("‹redacted›")
  },
  state: { state in
    var state = state
    state.password = ""  // not even its length
    return state
  })

@MainActor
func checkRecordedCart(at url: URL) {
  expectReplay(of: url, reducer: cartReducer, environment: CartEnvironment())
}

@MainActor
@Suite("Record and Replay guide")
struct RecordAndReplayGuideExamples {
  @Test("record, read back, replay, step through")
  func recordAndReplay() async throws {
    let buffer = SessionLogBuffer()
    let store = Store(initialState: Cart(), reducer: cartReducer, environment: CartEnvironment())
    store.record(to: SessionRecorder(name: "cart", to: .buffer(buffer)))
    store.send(.add("milk"))
    await store.send(.checkout).finish()
    store.stopRecording()
    // The header, two actions, the checkout's effect starting, its action, its end.
    #expect(buffer.lines.count == 6)
    #expect(buffer.lines[4].contains(#""origin":"effect""#))
    #expect(buffer.lines[4].contains(#""cause":2"#))

    let log = try SessionLog<Cart, CartAction>(text: buffer.text)
    let replay = try log.replay(reducer: cartReducer, environment: CartEnvironment())
    for (index, step) in replay.steps.enumerated() {
      print("line \(step.line) · \(step.origin) · \(step.actionDescription)")
      print(replay.change(at: index) ?? "  (no change)")
    }
    if let divergence = replay.divergence {
      print(divergence)  // the line, the action, who sent it, a diff of the two states
    }
    #expect(replay.divergence == nil)

    var history = SessionHistory(replay)
    history.stepBack()  // the state before the last action
    history.move(to: 0)  // the initial state
    history.stepForward()
    let shown = history.state  // Cart(items: ["milk"])
    #expect(shown == Cart(items: ["milk"]))

    let replayed = FileManager.default.temporaryDirectory
      .appendingPathComponent("cart.replayed.jsonl")
    try replay.write(to: replayed)
    defer { try? FileManager.default.removeItem(at: replayed) }
    #expect(
      try SessionLog<Cart, CartAction>(contentsOf: replayed).entries.map(\.action)
        == log.entries.map(\.action))
  }

  @Test("a file recording replays as a test; the guide's failure text is what a change prints")
  func replayAsATest() async throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("cart-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let store = Store(initialState: Cart(), reducer: cartReducer, environment: CartEnvironment())
    let recorder = SessionRecorder<Cart, CartAction>(name: "cart", to: try .file(url))
    store.record(to: recorder)
    store.send(.add("milk"))
    store.send(.add("eggs"))
    checkRecordedCart(at: url)

    let log = try SessionLog<Cart, CartAction>(contentsOf: url)
    let divergence = try #require(
      try log.replay(reducer: shoutingCartReducer, environment: CartEnvironment()).divergence)
    #expect(
      divergence.description == """
        The replay differs from the recording at line 3 of the log, after CartAction.add("eggs") \
        (sent by the user).

        (Recorded: −, Replayed: +)
          Cart(
            items: [
              … (1 element unchanged)
        −     "eggs"
        +     "EGGS"
            ]
          )

        If the reducer's new behaviour is intended, record the session again; otherwise this \
        action now changes the state differently from when it was recorded.
        """)
  }

  @Test("a redaction keeps a password out of the log, and the replay agrees with it")
  func redactedLogin() throws {
    let buffer = SessionLogBuffer()
    let store = Store(initialState: Login.State(), reducer: Login.reducer, environment: ())
    store.record(to: SessionRecorder(name: "login", redacting: hidingPassword, to: .buffer(buffer)))
    store.send(.userChanged("ada"))
    store.send(.passwordChanged("hunter2"))
    store.send(.signInTapped)
    store.stopRecording()
    #expect(!buffer.text.contains("hunter2"))
    #expect(buffer.lines[2].contains(#""passwordChanged":{"_0":"‹redacted›"}"#))

    let log = try SessionLog<Login.State, Login.Action>(text: buffer.text)
    let replay = try log.replay(reducer: Login.reducer, environment: (), redacting: hidingPassword)
    #expect(replay.divergence == nil)
    #expect(replay.steps.last?.state.isSignedIn == true)
    // Without it, the replayed state holds the redacted action's "‹redacted›" where the log
    // holds "": a divergence that is not a change of behaviour.
    let plain = try log.replay(reducer: Login.reducer, environment: ())
    #expect(plain.divergence?.line == 3)
  }

  @Test("hiding a known secret: a token pasted into the user field is never written")
  func hidingAKnownSecret() throws {
    let token = "tok-5501"
    let buffer = SessionLogBuffer()
    let store = Store(initialState: Login.State(), reducer: Login.reducer, environment: ())
    store.record(
      to: SessionRecorder(
        name: "login", redacting: .hiding([token]), to: .buffer(buffer)))
    store.send(.userChanged("ada \(token)"))
    store.stopRecording()
    #expect(!buffer.text.contains(token))
    #expect(buffer.lines[1].contains(#""userChanged":{"_0":"ada •••"}"#))
  }
}
