import Foundation
import Loop
import LoopInspector
import MovieSearch

/// Runs the interactive mode: keys from ``KeyInput`` go to a `Store` of
/// ``InteractiveFeature``, and the screen is redrawn from its state.
///
/// On a terminal, each key is sent as it is typed and the screen redrawn on every change, with
/// a spinner while loading, laid out to fit the terminal's size. Otherwise (input from a pipe) each line is one command or one
/// search, and the screen is printed once that line's work is done.
@MainActor
struct InteractiveSession {
  var environment: MoviesEnvironment
  var console: Console
  var input: KeyInput
  var sourceName: String
  /// Records the session, if the command line asked (`--record`).
  var recorder: SessionRecorder<InteractiveFeature.State, InteractiveFeature.Action>?

  /// The recent searches: shown before the first key, and kept with this session's.
  var recent: Shared<[String]>
  /// Serves a live inspector on this port (0: any), if the command line asked (`--inspect`).
  var inspectPort: UInt16? = nil
  /// What the inspector hides: the API key.
  var secrets: [String] = []

  func run() async -> Int32 {
    var initialState = InteractiveFeature.State()
    initialState.recent = recent.wrappedValue
    let store = Store(
      initialState: initialState, reducer: InteractiveFeature.reducer,
      environment: environment)
    // NB: Written before the command exits, as a command-line search's are.
    defer { MoviesCommand.flush(recent, console) }
    if let recorder { store.record(to: recorder) }
    var inspector: LiveInspector<InteractiveFeature.State, InteractiveFeature.Action>?
    if let inspectPort {
      do {
        inspector = try store.inspect(
          port: inspectPort, name: SessionReplay.interactiveName,
          redacting: .hiding(secrets), announce: console.errorLine)
      } catch {
        console.errorLine("movies: \(error)")
        return 1
      }
    }
    defer { inspector?.stop() }
    if input.isTerminal {
      await runOnTerminal(store, footer: inspector.map { "Inspector: \($0.url)" })
    } else {
      await runOnLines(store)
    }
    return 0
  }

  /// - Parameter footer: A line under every screen: the live inspector's address.
  private func runOnTerminal(
    _ store: Store<InteractiveFeature.State, InteractiveFeature.Action>, footer: String?
  ) async {
    var mode = TerminalMode()
    mode.enter()
    defer { mode.leave() }
    let console = console
    let sourceName = sourceName
    var tick = 0
    func draw(_ state: InteractiveFeature.State) {
      var screen = InteractiveScreen.render(state, sourceName: sourceName, tick: tick)
      if let footer { screen += "\n" + footer }
      // NB: The app's own control codes, then the screen, made inert: its titles are OMDb's.
      console.write(
        "\u{1B}[H\u{1B}[2J" + TerminalText.inert(screen).replacing("\n", with: "\r\n"))
    }
    // NB: The size is read again on every spinner tick: a resized terminal is redrawn to fit
    // within one tick, without a signal handler.
    func fitTerminal() {
      if let size = TerminalSize.current(), size != store.state.terminal {
        store.send(.resized(size))
      }
    }
    fitTerminal()
    let redraw = Task { @MainActor in
      for await state in store.states { draw(state) }
    }
    let spinner = Task { @MainActor in
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(120))
        fitTerminal()
        if store.state.movies.isBusy {
          tick += 1
          draw(store.state)
        }
      }
    }
    defer {
      redraw.cancel()
      spinner.cancel()
    }
    var decoder = KeyDecoder()
    for await chunk in input.chunks() {
      for key in decoder.keys(in: chunk) {
        send(key, to: store)
        if store.state.isFinished { return }
      }
    }
  }

  private func runOnLines(_ store: Store<InteractiveFeature.State, InteractiveFeature.Action>) async
  {
    console.line(InteractiveScreen.render(store.state, sourceName: sourceName))
    var decoder = KeyDecoder()
    var line: [Key] = []
    for await chunk in input.chunks() {
      for key in decoder.keys(in: chunk) {
        guard key == .enter else {
          line.append(key)
          continue
        }
        if await perform(line, store) { return }
        line = []
      }
    }
    if !line.isEmpty { _ = await perform(line, store) }
  }

  /// Sends one line: a command (`n`, `p`, `q`, `r`, `/`, a row number, an empty line) as its
  /// keys, anything else as a new search. Returns whether the user quit.
  private func perform(
    _ line: [Key], _ store: Store<InteractiveFeature.State, InteractiveFeature.Action>
  ) async -> Bool {
    let text = String(line.compactMap { if case let .character(c) = $0 { c } else { nil } })
      .trimmingCharacters(in: .whitespaces)
    let commands: Set<String> = ["n", "p", "q", "r", "b", "/", ""]
    let isCommand =
      store.state.movies.details != nil || commands.contains(text)
      || text.allSatisfy(\.isNumber)
    // NB: Escape leaves typing, so every line starts from the same mode; "/" then starts a new
    // search, whatever the query was. Before the first line, a number that picks a recent
    // search is that one key, as on a terminal.
    var keys: [Key] = store.state.isTyping ? [.escape] : []
    if !isCommand { keys.append(.character("/")) }
    keys += text.map(Key.character) + [.enter]
    if let digit = text.first, text.count == 1,
      store.state.recentSearch(picked: .character(digit)) != nil
    {
      keys = [.character(digit)]
    }
    var tasks: [StoreTask] = []
    for key in keys {
      // NB: A row number that opened its row at once ("3" of ten) needs no Return; sending one
      // would close the details again.
      if key == .enter, !text.isEmpty, text.allSatisfy(\.isNumber), store.state.digits.isEmpty {
        continue
      }
      tasks.append(send(key, to: store))
      if store.state.isFinished { return true }
    }
    for task in tasks { await task.finish() }
    console.line(InteractiveScreen.render(store.state, sourceName: sourceName))
    return store.state.isFinished
  }

  /// Sends `key`; when it ends the typing of a search (Return, Esc, a recent search picked),
  /// keeps that search with the recent ones, as a command-line search is kept.
  @discardableResult
  private func send(
    _ key: Key, to store: Store<InteractiveFeature.State, InteractiveFeature.Action>
  ) -> StoreTask {
    let wasTyping = store.state.isTyping && store.state.movies.details == nil
    let task = store.send(.key(key))
    let query = store.state.movies.query.trimmingCharacters(in: .whitespaces)
    if wasTyping, !store.state.isTyping, !query.isEmpty {
      RecentSearches.record(query, in: recent)
    }
    return task
  }
}
