import Foundation
import Loop
import LoopTesting
import MovieSearch
import Testing

@testable import movies

/// The committed interactive session: search "batman", next page, open row 7, back, quit.
private let sessionURL = Fixtures.testFolder?.appendingPathComponent("interactive-session.jsonl")

/// The interactive feature with a bug: `n` does not page.
private let reducerThatDoesNotPage = Reducer<
  InteractiveFeature.State, InteractiveFeature.Action, MoviesEnvironment
> { state, action, environment in
  if action == .key(.character("n")), !state.isTyping { return .none }
  return InteractiveFeature.reducer.reduce(into: &state, action: action, environment: environment)
}

@MainActor
@Suite("A recorded session of the movies app, replayed")
struct RecordedSessionTests {
  @Test("the committed interactive session replays through today's reducer")
  func committedSessionReplays() throws {
    let url = try #require(sessionURL)
    let replay = try #require(
      expectReplay(
        of: url, reducer: InteractiveFeature.reducer, environment: SessionReplay.environment))
    let keys = replay.steps.compactMap { step -> Key? in
      if case let .key(key) = step.action { key } else { nil }
    }
    #expect(
      keys.filter { $0 != .escape } == "/batman".map(Key.character) + [.enter] + [
        .character("n"), .enter, .character("7"), .enter, .character("q"),
      ])
    #expect(replay.steps.filter { $0.origin == .effect }.count == 4)
    let end = try #require(replay.steps.last?.state)
    #expect(end.isFinished)
    #expect(end.movies.details == nil)
    #expect(end.shownPageNumber == 2)
    #expect(end.shownRows.first?.title == "Batman: The Killing Joke")
  }

  @Test("a reducer that changed fails the replay at the first state that differs, with a diff")
  func changedReducerFails() async throws {
    let url = try #require(sessionURL)
    let comments = LockedState<[String]>([])
    withKnownIssue {
      expectReplay(of: url, reducer: reducerThatDoesNotPage, environment: SessionReplay.environment)
    } matching: { issue in
      comments.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
      return true
    }
    let comment = try #require(comments.withLock { $0 }.first)
    #expect(comments.withLock { $0.count } == 1)
    #expect(
      comment.hasPrefix(
        """
        The replay differs from the recording at line 12 of the log, after \
        InteractiveFeature.Action.key(Key.character("n")) (sent by the user).

        (Recorded: −, Replayed: +)
          InteractiveFeature.State(
            movies: MoviesFeature.State(
        """))
    #expect(comment.contains("\n−     isLoadingNextPage: true,\n+     isLoadingNextPage: false,\n"))
  }

  @Test("a history over the session steps back to the details screen and forward again")
  func history() throws {
    let url = try #require(sessionURL)
    var history = try #require(
      SessionHistory(
        try SessionLog<InteractiveFeature.State, InteractiveFeature.Action>(contentsOf: url)))
    #expect(history.state.isFinished)
    history.stepBack()
    history.stepBack()
    #expect(history.state.movies.details?.movie?.title == "Batman: Gotham Knight")
    history.stepForward()
    #expect(history.state.movies.details == nil)
  }
}
