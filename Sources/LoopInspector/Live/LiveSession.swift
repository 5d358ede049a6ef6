import Dispatch
import Foundation
import Loop

/// A live inspector's session, shared by the app and its pages: the session-log lines the
/// store's recorder writes go in (``receive(_:)``, on the main actor, which only appends them),
/// are read into steps off the main actor, and come out as events each page reads at its own
/// pace (``next(after:timeout:)``).
///
/// ```swift
/// let session = LiveSession(name: "movies", keepingSteps: 5_000)
/// session.receive(headerLine)          // then one line per action or effect event
/// let (snapshot, id) = session.snapshot()
/// session.next(after: id, timeout: 15) // the events after the snapshot, or what was missed
/// ```
///
/// What it keeps is bounded: the last ``LiveEventLog`` events, and the steps since the
/// window's base (between `keepingSteps` and twice that), with the state at the base. A page
/// that cannot keep up is told what it missed; the app never waits for it.
final class LiveSession: @unchecked Sendable {
  // NB: Everything below `condition` is read and written under it, on the session's queue
  // (lines, pause) or a page's thread (snapshots, reads). `pending` has its own lock, the one
  // the main actor takes, held for an append.
  private let condition = NSCondition()
  private var log: LiveEventLog
  private var reader: SessionReader?
  private var window: LiveWindow
  private var paused = false
  private var isClosed = false
  /// The last problems reading lines, for a page opened later (there should be none: Loop
  /// wrote them), at most ``maximumProblems``.
  private var problems: [String] = []
  static let maximumProblems = 100
  /// The number of the last line read (the header is 1).
  private var lineNumber = 0

  private let pending = LockedState<[String]>([])
  private let queue = DispatchQueue(label: "loop.inspector.session")
  let name: String

  /// - Parameters:
  ///   - keepingSteps: How many steps a page can go back at least (see ``LiveWindow``).
  ///   - maximumEvents: The events kept for pages behind, and their size in bytes.
  init(
    name: String, keepingSteps: Int, maximumEvents: Int = 4_096,
    maximumEventBytes: Int = 16 << 20
  ) {
    self.name = name
    log = LiveEventLog(maximumCount: maximumEvents, maximumBytes: maximumEventBytes)
    window = LiveWindow(keeping: keepingSteps)
  }

  /// Takes a line the store's recorder wrote (the header first). Cheap: the line is appended
  /// under a lock, and read into a step on the session's queue.
  func receive(_ line: String) {
    let wasEmpty = pending.withLock { pending in
      defer { pending.append(line) }
      return pending.isEmpty
    }
    if wasEmpty { queue.async { self.readPending() } }
  }

  /// Tells the pages whether the app's actions are paused, in order with the lines.
  func setPaused(_ isPaused: Bool) {
    receiveInOrder { session in
      session.paused = isPaused
      _ = session.log.append(name: "paused", data: isPaused ? "true" : "false")
    }
  }

  /// Tells the pages something went wrong, in order with the lines.
  func report(_ problem: String) {
    receiveInOrder { session in
      var data = ""
      JSONValue.writeString(problem, to: &data)
      session.keep(problem)
      _ = session.log.append(name: "problem", data: data)
    }
  }

  /// Runs `change` under the lock on the session's queue, after the lines received before it,
  /// and wakes the pages.
  private func receiveInOrder(_ change: @escaping @Sendable (LiveSession) -> Void) {
    queue.async {
      self.readPending()
      self.condition.lock()
      change(self)
      self.condition.broadcast()
      self.condition.unlock()
    }
  }

  /// Waits for the session's queue to have read every line received so far. Not on that
  /// queue.
  func settle() {
    queue.sync { readPending() }
  }

  private func readPending() {
    let lines = pending.withLock { pending in
      defer { pending.removeAll(keepingCapacity: true) }
      return pending
    }
    guard !lines.isEmpty else { return }
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    for line in lines { read(line) }
  }

  /// Reads one line into the window and the event log.
  private func read(_ line: String) {
    lineNumber += 1
    do throws(InspectorError) {
      guard var reader else {
        let header = try SessionReader(lines: LogLines(text: line), file: name)
        window.start(initialState: header.initialState)
        self.reader = header
        return
      }
      defer { self.reader = reader }
      let value: JSONValue
      do {
        value = try JSONParser.parse(bytes: Array(line.utf8))
      } catch {
        throw .invalidLine(file: name, line: lineNumber, detail: error.description)
      }
      if let step = try reader.read(value, line: lineNumber) {
        var json = ""
        InspectorPage.writeStep(step, to: &json)
        if window.add(step: json, number: step.number, state: reader.currentState) {
          reader.forgetEndedEffects(startedBefore: window.base + 1)
        }
        _ = log.append(name: "step", data: json)
      } else if let effect = reader.lastEffect {
        var json = ""
        InspectorPage.writeEffect(effect, to: &json)
        _ = log.append(name: "effect", data: json)
      }
    } catch {
      var data = ""
      JSONValue.writeString("\(error)", to: &data)
      keep("\(error)")
      _ = log.append(name: "problem", data: data)
    }
  }

  /// Keeps a problem for later pages, forgetting the oldest beyond the bound.
  private func keep(_ problem: String) {
    problems.append(problem)
    if problems.count > Self.maximumProblems { problems.removeFirst() }
  }

  /// The session as a page starts from — the state at the window's base, the steps since,
  /// the effects, whether paused — and the number of the last event it includes. Every line
  /// received before the call is in it: a page opened after a send shows that send at once.
  func snapshot() -> (json: String, lastID: Int) {
    settle()
    condition.lock()
    defer { condition.unlock() }
    var json = ""
    InspectorPage.writeSessionStart(
      file: "live", name: name, version: SessionReader.supportedVersion,
      initialState: window.baseState, live: true, to: &json)
    json += ",\"base\":\(window.base),\"steps\":["
    json += window.steps.joined(separator: ",")
    json += "],\"effects\":"
    InspectorPage.writeEffects(reader?.effects ?? [], to: &json)
    json += ",\"paused\":\(paused),\"problems\":"
    JSONValue.array(problems.map(JSONValue.string)).write(to: &json)
    json += ",\"cutOffLine\":null,\"divergence\":null}"
    return (json, log.lastID)
  }

  /// The events after event `id`, waiting up to `timeout` seconds for one; `nil` once the
  /// session is closed.
  func next(after id: Int, timeout: Double) -> LiveEventLog.Read? {
    condition.lock()
    defer { condition.unlock() }
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !isClosed {
      let read = log.events(after: id)
      if read != .events([]) { return read }
      // NB: Published under the lock that every append takes and broadcasts under: an event
      // appended after the check above wakes this wait.
      if !condition.wait(until: deadline) { return .events([]) }
    }
    return nil
  }

  /// Ends every page's stream.
  func close() {
    condition.lock()
    isClosed = true
    condition.broadcast()
    condition.unlock()
  }

  /// How many events and bytes the log keeps (for tests and benchmarks).
  var keptEvents: (count: Int, bytes: Int) {
    condition.lock()
    defer { condition.unlock() }
    return (log.count, log.byteCount)
  }
}
