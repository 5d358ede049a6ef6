import Foundation
import Loop

extension Store where State: Encodable, Action: Codable {
  /// Serves a live inspector for this store on 127.0.0.1, until `LiveInspector.stop()`:
  /// the inspector page, showing each action as it is reduced — its sender, what it changed,
  /// its effects, the state after it, its reduce time — and from which you can pause the
  /// app, jump it to any step shown, or send it an action typed as JSON.
  ///
  /// ```swift
  /// #if DEBUG
  ///   let inspector = try store.inspect(name: "movies")
  ///   // Loop inspector: http://127.0.0.1:53012/?token=9f…
  /// #endif
  /// ```
  ///
  /// The page is for you alone: the server listens on 127.0.0.1 only, refuses any request
  /// without the token in the address it prints, and shows only what ``SessionRedaction``
  /// leaves (`redacting`), as the recorder writes it. Off unless called: in a release build
  /// it says so on standard error, as a warning.
  ///
  /// - Parameters:
  ///   - port: The port (0: one the system picks).
  ///   - name: The name the page shows.
  ///   - keepingSteps: The steps a page can always go back to (it keeps up to twice as many).
  ///   - redaction: What to hide from the page.
  ///   - announce: Where the address goes: standard error by default.
  /// - Returns: The inspector; keep it, and stop it when done.
  /// - Throws: `LiveInspectorError` when the port cannot be opened, or for a scoped store.
  @discardableResult
  public func inspect(
    port: UInt16 = 0, name: String = "", keepingSteps: Int = 5_000,
    redacting redaction: SessionRedaction<State, Action> = .none,
    announce: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
  ) throws(LiveInspectorError) -> LiveInspector<State, Action> {
    guard isRootStore else { throw .scopedStore }
    let session = LiveSession(
      name: name.isEmpty ? "\(State.self)" : name, keepingSteps: keepingSteps)
    let recorder = SessionRecorder<State, Action>(
      name: name, recordingStates: true, redacting: redaction, to: SessionLogSink(session.receive))
    let inspector: LiveInspector<State, Action>
    do {
      inspector = try LiveInspector(
        store: self, port: port, name: session.name, keepingSteps: keepingSteps,
        recorder: recorder, session: session,
        decode: { value in
          var json = ""
          value.write(to: &json)
          return try JSONDecoder().decode(Action.self, from: Data(json.utf8))
        })
    } catch {
      throw .cannotListen(port: port, detail: error.description)
    }
    record(to: recorder)
    #if !DEBUG
      announce(
        "warning: a live inspector is serving this store in a release build; "
          + "call inspect() in debug builds only.")
    #endif
    announce("Loop inspector: \(inspector.url)")
    return inspector
  }
}

/// Why a live inspector could not start.
public enum LiveInspectorError: Error, Equatable, CustomStringConvertible {
  /// The port could not be opened on 127.0.0.1.
  case cannotListen(port: UInt16, detail: String)
  /// `inspect()` was called on a scoped store, whose actions its root store reduces.
  case scopedStore

  public var description: String {
    switch self {
    case let .cannotListen(port, detail):
      "The live inspector could not listen on 127.0.0.1:\(port): \(detail). "
        + "To fix, pick another port, or 0 for one the system picks."
    case .scopedStore:
      "inspect() was called on a scoped store; its actions are reduced by its root store. "
        + "To fix, inspect the root store."
    }
  }
}
