import Foundation
import Loop
import Testing

@testable import LoopInspector

/// `store.inspect()` as a page uses it, over real HTTP on 127.0.0.1: the page, its events, and
/// its commands. Every socket call runs off the main actor, which the server's commands need.
@MainActor
@Suite struct LiveInspectorTests {
  enum Counter {
    struct State: Codable, Equatable, Sendable {
      var count = 0
      /// Not finite after `.divideByZero`: a state the recorder cannot encode.
      var ratio = 1.0
    }
    enum Action: Codable, Equatable, Sendable {
      case add(Int)
      case addLater(Int)
      case added(Int)
      /// An effect that runs until it is cancelled.
      case waitForever
      case divideByZero
      case resetRatio
    }
    static let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case let .add(amount), let .added(amount):
        state.count += amount
        return .none
      case let .addLater(amount):
        return .run { send in await send(.added(amount)) }
      case .divideByZero:
        state.ratio = .infinity
        return .none
      case .resetRatio:
        state.ratio = 1
        return .none
      case .waitForever:
        return .run { _ in
          // NB: A stream no one finishes but a cancellation: no clock involved.
          let (stream, continuation) = AsyncStream<Never>.makeStream()
          await withTaskCancellationHandler {
            for await _ in stream {}
          } onCancel: {
            continuation.finish()
          }
        }
      }
    }
  }

  private func makeInspector(keepingSteps: Int = 5_000) throws -> (
    Store<Counter.State, Counter.Action>, LiveInspector<Counter.State, Counter.Action>
  ) {
    let store = Store(initialState: Counter.State(), reducer: Counter.reducer, environment: ())
    let inspector = try store.inspect(
      name: "counter", keepingSteps: keepingSteps, announce: { _ in })
    return (store, inspector)
  }

  /// One request and its whole response.
  nonisolated private func exchange(
    _ port: UInt16, _ method: String, _ target: String, host: String? = nil, body: String = ""
  ) async throws -> (status: Int, body: String) {
    try await onThread {
      let client = try LoopbackClient(port: port)
      client.send(method, target, port: port, host: host, body: body)
      return client.response()
    }
  }

  /// A page's event stream, open.
  nonisolated private func events(
    _ port: UInt16, token: String, lastEventID: Int? = nil, receiveBuffer: Int32? = nil
  ) async throws -> LoopbackClient {
    try await onThread {
      let client = try LoopbackClient(port: port, receiveBuffer: receiveBuffer)
      client.send(
        "GET", "/events?token=\(token)", port: port,
        headers: lastEventID.map { ["Last-Event-ID: \($0)"] } ?? [])
      return client
    }
  }

  nonisolated private func next(_ client: LoopbackClient) async -> (
    id: Int?, name: String, data: String
  )? {
    (try? await onThread { client.nextEvent() }) ?? nil
  }

  /// Runs blocking socket calls on a thread of their own, not the concurrency pool's (two
  /// threads here: blocked, they would starve the tests running beside).
  nonisolated private func onThread<Value: Sendable>(
    _ body: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try body() }) }.start()
    }
  }

  private func token(_ inspector: LiveInspector<Counter.State, Counter.Action>) -> String {
    String(inspector.url.split(separator: "token=").last ?? "")
  }

  @Test func servesThePageOnlyWithItsTokenAndOnlyToItsOwnHost() async throws {
    let (_, inspector) = try makeInspector()
    defer { inspector.stop() }
    let port = inspector.port
    #expect(inspector.url.hasPrefix("http://127.0.0.1:\(port)/?token="))
    #expect(token(inspector).count == 32)
    let page = try await exchange(port, "GET", "/?token=\(token(inspector))")
    #expect(page.status == 200)
    #expect(page.body.contains("{\"live\":true"))
    #expect(try await exchange(port, "GET", "/").status == 403)
    let wrong = (token(inspector).first == "0" ? "1" : "0") + token(inspector).dropFirst()
    #expect(try await exchange(port, "GET", "/?token=\(wrong)").status == 403)
    let rebound = try await exchange(
      port, "GET", "/?token=\(token(inspector))", host: "evil.example:\(port)")
    #expect(rebound.status == 403)
    #expect(rebound.body == "Refused: the Host header is not 127.0.0.1:\(port).\n")
    #expect(try await exchange(port, "GET", "/nothing?token=\(token(inspector))").status == 404)
    #expect(
      try await exchange(port, "GET", "/?token=\(token(inspector))", host: "localhost:\(port)")
        .status == 200)
  }

  @Test func streamsEachActionAndEffectAsItHappens() async throws {
    let (store, inspector) = try makeInspector()
    defer { inspector.stop() }
    let stream = try await events(inspector.port, token: token(inspector))
    let snapshot = await next(stream)
    #expect(snapshot?.name == "snapshot")
    #expect(snapshot?.data.contains("\"initial\":{\"count\":0,\"ratio\":1") == true)
    store.send(.add(2))
    let step = await next(stream)
    #expect(step?.name == "step")
    #expect(step?.data.hasPrefix("[1,2,") == true)
    #expect(step?.data.contains("\".add(2)\"") == true)
    #expect(step?.data.contains("[[[\"count\"],{\"v\":0},{\"v\":2}]]") == true)
    await store.send(.addLater(3)).finish()
    var names: [String] = []
    while names.count < 4, let event = await next(stream) {
      names.append(event.name + event.data.prefix(3))
    }
    #expect(names == ["step[2,", "effect[1,", "step[3,", "effect[1,"])
  }

  @Test func pausesJumpsAndDispatchesFromThePage() async throws {
    let (store, inspector) = try makeInspector()
    defer { inspector.stop() }
    let port = inspector.port
    let control = "/control?token=\(token(inspector))"
    store.send(.add(2))
    store.send(.add(5))

    let paused = try await exchange(port, "POST", control, body: #"{"pause":true}"#)
    #expect(paused.body == #"{"paused":true,"waiting":0}"#)
    let waiting = store.send(.add(100))
    #expect(store.state.count == 7)
    let asked = try await exchange(port, "POST", control, body: #"{"pause":true}"#)
    #expect(asked.body == #"{"paused":true,"waiting":1}"#)
    #expect(try await exchange(port, "POST", control, body: #"{"pause":false}"#).status == 200)
    await waiting.finish()
    #expect(store.state.count == 107)

    let jump = try await exchange(port, "POST", control, body: #"{"jump":1}"#)
    #expect(jump.body == #"{"jumped":1}"#)
    #expect(store.state.count == 2)
    store.send(.add(1))
    #expect(store.state.count == 3)
    // Step 4 was the jump; 5 the add after it. Jumping to 5 replays through the jump (step 6).
    _ = try await exchange(port, "POST", control, body: #"{"jump":5}"#)
    #expect(store.state.count == 3)

    let sent = try await exchange(port, "POST", control, body: #"{"dispatch":{"add":{"_0":10}}}"#)
    #expect(sent.status == 200)
    #expect(store.state.count == 13)
    let refused = try await exchange(port, "POST", control, body: #"{"dispatch":{"subtract":{}}}"#)
    #expect(refused.status == 400)
    #expect(refused.body.hasPrefix(#"{"error":"The action could not be decoded: "#))
    #expect(store.state.count == 13)
    let notJSON = try await exchange(port, "POST", control, body: "jump")
    #expect(notJSON.status == 400)
    #expect(notJSON.body.hasPrefix(#"{"error":"The command is not JSON: "#))
    let gone = try await exchange(port, "POST", control, body: #"{"jump":99}"#)
    #expect(gone.body == #"{"error":"Step #99 is not kept: the inspector keeps steps #0 to #7."}"#)
  }

  @Test func aJumpCancelsTheEffectsRunning() async throws {
    let (store, inspector) = try makeInspector()
    defer { inspector.stop() }
    let task = store.send(.waitForever)
    #expect(store.inFlightEffectCount == 1)
    let jump = try await exchange(
      inspector.port, "POST", "/control?token=\(token(inspector))", body: #"{"jump":0}"#)
    #expect(jump.status == 200, "\(jump.body)")
    await task.finish()
    #expect(store.inFlightEffectCount == 0)
    // Effects started after the jump run as before.
    await store.send(.addLater(4)).finish()
    #expect(store.state.count == 4)
  }

  @Test func aStalledPageNeverGrowsTheAppsMemoryPastItsBufferAndIsToldWhatItMissed() async throws {
    let (store, inspector) = try makeInspector(keepingSteps: 100)
    defer { inspector.stop() }
    // NB: A small receive buffer, so the server's writes to this page block soon.
    let stalled = try await events(inspector.port, token: token(inspector), receiveBuffer: 2_048)
    let first = await next(stalled)
    #expect(first?.name == "snapshot")
    for index in 1...40_000 {
      store.send(.add(1))
      // NB: Gives way now and then: 40,000 inspected sends at once hold the main actor, which
      // the other tests share, for tens of seconds under ThreadSanitizer.
      if index.isMultiple(of: 1_000) { await Task.yield() }
    }
    _ = try await onThread { [session = inspector.session] in session.settle() }
    let kept = inspector.session.keptEvents
    #expect(kept.count <= 4_096)
    #expect(kept.bytes <= 16 << 20)
    // The stalled page reads on: what it missed, the session as it was then, and on to the end.
    // NB: On one thread of its own, to the end: a hop back to the main actor after each event,
    // which the suite's other tests hold, made this read most of the suite's time (30 s).
    let (names, last, snapshotsHaveBase) = try await onThread {
      var names: Set<String> = []
      var last = 0
      var snapshotsHaveBase = true
      while last < 40_000, let event = stalled.nextEvent() {
        names.insert(event.name)
        if event.name == "snapshot", !event.data.contains("\"base\":") { snapshotsHaveBase = false }
        last = event.id ?? last
      }
      return (names, last, snapshotsHaveBase)
    }
    #expect(names == ["step", "missed", "snapshot"])
    #expect(snapshotsHaveBase)
    #expect(last == 40_000)
    // A page that reconnects with an id still kept resumes right after it.
    let resumed = try await events(inspector.port, token: token(inspector), lastEventID: 39_998)
    #expect(await next(resumed)?.id == 39_999)
  }

  @Test func whatTheRedactionHidesNeverReachesThePage() async throws {
    let store = Store(initialState: Counter.State(), reducer: Counter.reducer, environment: ())
    let hiding = SessionRedaction<Counter.State, Counter.Action>(
      action: { action in
        guard case .add(4_242) = action else { return action }
        return .add(0)
      },
      state: { state in
        var state = state
        state.count = state.count == 4_242 ? -1 : state.count
        return state
      })
    let inspector = try store.inspect(redacting: hiding, announce: { _ in })
    defer { inspector.stop() }
    store.send(.add(4_242))
    // The step is in the snapshot: a page gets every line recorded before it connected (the
    // session reads them on its own queue, which once had not, under ThreadSanitizer).
    let stream = try await events(inspector.port, token: token(inspector))
    let snapshot = await next(stream)
    #expect(snapshot?.data.contains("[1,2,") == true)
    #expect(snapshot?.data.contains("4242") == false)
    #expect(store.state.count == 4_242)
  }

  @Test func aSnapshotHoldsEveryActionSentBeforeIt() throws {
    let (store, inspector) = try makeInspector()
    defer { inspector.stop() }
    for step in 1...300 {
      store.send(.add(1))
      let snapshot = inspector.session.snapshot().json
      guard snapshot.contains("[\(step),") else {
        Issue.record("the snapshot after send \(step) does not hold it")
        return
      }
    }
  }

  @Test func anActionThatCannotBeRecordedKeepsItsNumberAndTheJumpsRight() async throws {
    let (store, inspector) = try makeInspector()
    defer { inspector.stop() }
    store.send(.add(1))
    store.send(.divideByZero)  // step 2: its state has no JSON
    store.send(.resetRatio)
    store.send(.add(10))
    let control = "/control?token=\(token(inspector))"
    _ = try await exchange(inspector.port, "POST", control, body: #"{"jump":3}"#)
    #expect(store.state == Counter.State(count: 1, ratio: 1))
    let stream = try await events(inspector.port, token: token(inspector))
    let snapshot = await next(stream)?.data ?? ""
    #expect(snapshot.contains(#"[2,3,0.0,"u",null,".notRecorded","#))
    #expect(snapshot.contains(#"[5,"#))
    #expect(snapshot.contains("Not recorded: entry 2 could not be recorded"))
  }

  @Test func aScopedStoreIsRefused() {
    let store = Store(initialState: Counter.State(), reducer: Counter.reducer, environment: ())
    let part = store.scope(state: \.self, action: \.self)
    #expect(throws: LiveInspectorError.scopedStore) { try part.inspect(announce: { _ in }) }
    #expect(
      LiveInspectorError.scopedStore.description
        == "inspect() was called on a scoped store; its actions are reduced by its root store. "
        + "To fix, inspect the root store.")
  }

  @Test func theInspectorAndItsStoreAreFreed() async throws {
    weak var weakStore: Store<Counter.State, Counter.Action>?
    weak var weakInspector: LiveInspector<Counter.State, Counter.Action>?
    do {
      let (store, inspector) = try makeInspector()
      store.send(.add(1))
      weakStore = store
      weakInspector = inspector
      inspector.stop()
    }
    #expect(weakInspector == nil)
    #expect(weakStore == nil)
  }
}
