import Foundation
import Loop
import MovieSearch

/// `movies --replay FILE`: reads a session `--record` wrote, reduces its actions again without
/// the network or clocks, prints each step (the action, who sent it, what it changed in the
/// state) and then what the session showed.
@MainActor
enum SessionReplay {
  static let searchName = "movies search"
  static let detailsName = "movies details"
  static let interactiveName = "movies interactive"

  /// Replays the log at `path`; returns the exit status: 0 when the states match the
  /// recording, 1 when the log is bad or a state differs (with one line on standard error).
  static func run(path: String, console: Console) -> Int32 {
    do {
      let text = try SessionLogHeader.text(contentsOf: URL(fileURLWithPath: path))
      let name = try SessionLogHeader(text: text).name
      switch name {
      case searchName, detailsName:
        let replay = try replay(text, name, MoviesFeature.reducer, console)
        if let divergence = replay.divergence { return diverged(divergence, path, console) }
        let state = replay.steps.last?.state ?? replay.initialState
        if name == searchName {
          _ = MoviesCommand.showSearch(state, console)
        } else {
          _ = MoviesCommand.showDetails(state, console)
        }
      case interactiveName:
        let replay = try replay(text, name, InteractiveFeature.reducer, console)
        if let divergence = replay.divergence { return diverged(divergence, path, console) }
        let state = replay.steps.last?.state ?? replay.initialState
        console.line(InteractiveScreen.render(state, sourceName: "replay"))
      default:
        console.errorLine("movies: \(path): not a movies session (it was recorded by \"\(name)\")")
        return 1
      }
      return 0
    } catch {
      // NB: One line: the decoder's own words may hold newlines.
      let message = "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
      // A file error names the path itself.
      if case .file = error {
        console.errorLine("movies: \(message)")
      } else {
        console.errorLine("movies: \(path): \(message)")
      }
      return 1
    }
  }

  /// Reads and replays the log, printing each step.
  private static func replay<State: Codable & Equatable, Action: Codable>(
    _ text: String, _ name: String, _ reducer: Reducer<State, Action, MoviesEnvironment>,
    _ console: Console
  ) throws(SessionLogError) -> Replay<State, Action> {
    let log = try SessionLog<State, Action>(text: text)
    let replay = try log.replay(reducer: reducer, environment: environment)
    console.line(
      "Replaying a \(name) session: \(log.entries.count) actions, no network, no clock. "
        + "(Before: −, After: +)")
    for (index, step) in replay.steps.enumerated() {
      let seconds = step.offset.inSeconds
      console.line("")
      console.line(
        "#\(step.number) · line \(step.line) · "
          + (step.cause.map { "effect of #\($0)" } ?? (step.origin == .user ? "user" : "effect"))
          + " · "
          + "\(seconds.formatted(.number.precision(.fractionLength(3)))) s · "
          + Dump.oneLine(of: step.action, limit: 120))
      console.line(replay.change(at: index) ?? "  (no change)")
    }
    console.line("")
    return replay
  }

  /// Prints where the replay differs from the recording; returns status 1.
  private static func diverged<State, Action>(
    _ divergence: ReplayDivergence<State, Action>, _ path: String, _ console: Console
  ) -> Int32 {
    console.line(divergence.description)
    console.errorLine(
      "movies: \(path): line \(divergence.line): the replayed state differs from the recorded one")
    return 1
  }

  /// The environment a replay hands the reducer: effects never run, so a service that is
  /// called would be a bug, and says so.
  static let environment = MoviesEnvironment(
    movies: MovieService(
      search: { _, _ in throw MovieServiceError.unexpected("a replay runs no effects") },
      details: { _ in throw MovieServiceError.unexpected("a replay runs no effects") }),
    clock: ContinuousClock())
}
