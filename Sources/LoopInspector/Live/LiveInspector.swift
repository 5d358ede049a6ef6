import Dispatch
import Foundation
import Loop

/// A running store's live inspector: the inspector page served on 127.0.0.1 while the app
/// runs, showing each action as it is reduced, and moving the app from the page — a jump to
/// any step, pause and resume, an action typed as JSON. Made by `store.inspect()`.
///
/// ```swift
/// let inspector = try store.inspect()   // prints http://127.0.0.1:<port>/?token=…
/// …
/// inspector.stop()
/// ```
///
/// It records the store (as `record(to:)` does, into the page rather than a file),
/// so a store it inspects records nothing else meanwhile. What it keeps is bounded: the page's
/// events and the last `keepingSteps` to `2 × keepingSteps` steps, as their JSON and the app's
/// own actions (a jump replays them from the oldest kept state).
@MainActor
public final class LiveInspector<State, Action: Sendable> {
  /// The page's address, with the token every request must carry.
  public let url: String
  /// The port the server listens on, on 127.0.0.1.
  public let port: UInt16
  private weak var store: Store<State, Action>?
  private let recorder: SessionRecorder<State, Action>
  let session: LiveSession
  private let server: InspectorServer
  private var history: LiveHistory<State, Action>
  private let decode: (JSONValue) throws -> Action

  init(
    store: Store<State, Action>, port: UInt16, name: String, keepingSteps: Int,
    recorder: SessionRecorder<State, Action>, session: LiveSession,
    decode: @escaping (JSONValue) throws -> Action
  ) throws(LoopbackSocket.Failure) {
    self.store = store
    self.recorder = recorder
    self.session = session
    self.decode = decode
    history = LiveHistory(initialState: store.state, keeping: keepingSteps)
    let control = LockedState<(@MainActor (JSONValue) -> InspectorServer.Reply)?>(nil)
    server = try InspectorServer(
      port: port, token: Self.makeToken(), session: session,
      page: InspectorPage.livePage(name: name)
    ) { command in
      Self.onMainActor(command, control: control)
    }
    url = server.url
    self.port = server.port
    control.withLock {
      $0 = { [weak self] in self?.handle($0) ?? .refused("The inspector stopped.") }
    }
    recorder.didRecord = { [weak self] action in self?.didRecord(action) }
    recorder.didFail = { [weak session] failure, entry in
      session?.report("Not recorded: \(failure)")
      // NB: The step stays, with no action or state, so the page numbers steps as the app
      // does (a jump names a step by its number).
      if let entry, entry > 0 { session?.receive(Self.unrecordedLine) }
    }
  }

  // NB: An inspector dropped without `stop()` still stops serving; the store, which it cannot
  // reach from here, records on into the bounded session until it goes too.
  deinit {
    server.stop()
  }

  /// The line that stands for an action the recorder could not encode.
  private static var unrecordedLine: String {
    #"{"action":{"notRecorded":{}},"offset":0,"origin":"user"}"#
  }

  /// Stops serving the page, ends every page's stream and the recording, and lets paused
  /// actions go on.
  public func stop() {
    server.stop()
    guard let store else { return }
    if store.sessionRecorder === recorder { store.stopRecording() }
    if store.areActionsPaused {
      store.resumeActions()
    }
  }

  /// Runs a page's command on the main actor, for the server's thread, and waits for it: the
  /// `Task` signals `done` once it has answered.
  nonisolated private static func onMainActor(
    _ command: JSONValue,
    control: LockedState<(@MainActor (JSONValue) -> InspectorServer.Reply)?>
  ) -> InspectorServer.Reply {
    let reply = LockedState<InspectorServer.Reply?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task { @MainActor in
      let handle = control.withLock { $0 }
      let answer = handle?(command) ?? .refused("The inspector is starting.")
      reply.withLock { $0 = answer }
      done.signal()
    }
    // NB: No time limit: a busy main actor delays the answer and must not turn it into a
    // refusal; the main actor answers at its next turn. Only this connection waits.
    done.wait()
    return reply.withLock { $0 } ?? .refused("The app did not answer.")
  }

  private func didRecord(_ action: Action) {
    guard let store else { return }
    history.append(.action(action)) { store.reduceWithoutEffects(&$0, $1) }
  }

  /// A page's command: `{"pause": true|false}`, `{"jump": n}` or `{"dispatch": action}`. A
  /// pause answers with how many actions wait (asking again while paused says how many now).
  func handle(_ command: JSONValue) -> InspectorServer.Reply {
    guard let store else { return .refused("The store is gone.") }
    if case let .bool(pausing)? = command["pause"] {
      if pausing {
        guard store.pauseActions() else { return .refused("The store cannot pause now.") }
      } else {
        store.resumeActions()
      }
      session.setPaused(store.areActionsPaused)
      return .ok(
        "{\"paused\":\(store.areActionsPaused),\"waiting\":\(store.waitingActionCount)}")
    }
    if let target = command["jump"] {
      guard case let .number(text) = target, let number = Int(text) else {
        return .refused("jump: \(target.text) is not a step's number.")
      }
      return jump(to: number, in: store)
    }
    if let value = command["dispatch"] {
      let action: Action
      do {
        action = try decode(value)
      } catch {
        return .refused("The action could not be decoded: \(Self.describe(error))")
      }
      store.send(action)
      return .ok("{\"dispatched\":true,\"paused\":\(store.areActionsPaused)}")
    }
    return .refused("Unknown command: expected pause, jump or dispatch.")
  }

  /// Sets the store to the state after step `number`, replayed from the window's base, and
  /// cancels its effects; the jump is the next step of the session.
  private func jump(to number: Int, in store: Store<State, Action>) -> InspectorServer.Reply {
    let reduce: (inout State, Action) -> Void = { store.reduceWithoutEffects(&$0, $1) }
    guard let state = history.state(at: number, reduce: reduce) else {
      return .refused(
        "Step #\(number) is not kept: the inspector keeps steps #\(history.base) to "
          + "#\(history.lastNumber).")
    }
    store.jump(to: state)
    recorder.recordJump(to: number, state: state)
    history.append(.jump(to: number), reduce: reduce)
    return .ok("{\"jumped\":\(number)}")
  }

  /// A decoding error as its description says it, without the coding path's noise.
  private static func describe(_ error: any Error) -> String {
    if let error = error as? DecodingError {
      switch error {
      case let .dataCorrupted(context), let .keyNotFound(_, context),
        let .typeMismatch(_, context), let .valueNotFound(_, context):
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return context.debugDescription + (path.isEmpty ? "" : " (at \(path))")
      @unknown default:
        break
      }
    }
    return "\(error)"
  }

  /// 128 random bits, as hex.
  private static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let word = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - word.count) + word
    }.joined()
  }
}
