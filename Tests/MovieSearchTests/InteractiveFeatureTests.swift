import Loop
import LoopTesting
import MovieSearch
import Testing

@testable import movies

@Suite("The terminal's keys")
struct KeyDecoderTests {
  @Test("text, Return, Backspace, control keys, arrows, a lone Escape, UTF-8 across chunks")
  func decoding() {
    var decoder = KeyDecoder()
    #expect(decoder.keys(in: Array("ab\r".utf8)) == [.character("a"), .character("b"), .enter])
    #expect(
      decoder.keys(in: [0x7F, 0x03, 0x04, 0x0A]) == [.backspace, .interrupt, .endOfInput, .enter])
    #expect(
      decoder.keys(in: Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D".utf8)) == [
        .up, .down, .right, .left,
      ])
    #expect(decoder.keys(in: [0x1B]) == [.escape])
    #expect(decoder.keys(in: Array("\u{1B}q".utf8)) == [.escape, .character("q")])
    let accented = Array("é".utf8)
    #expect(decoder.keys(in: accented.prefix(1)) == [])
    #expect(decoder.keys(in: accented.suffix(1)) == [.character("é")])
    #expect(decoder.keys(in: [0xE2, 0x41]) == [.character("A")])  // a broken sequence is dropped
  }
}

@MainActor
@Suite("The interactive mode's logic")
struct InteractiveFeatureTests {
  let clock = TestClock()

  func makeStore() -> TestStore<
    InteractiveFeature.State, InteractiveFeature.Action, MoviesEnvironment
  > {
    let store = TestStore(
      initialState: InteractiveFeature.State(), reducer: InteractiveFeature.reducer,
      environment: MoviesEnvironment(movies: .offline, clock: clock))
    store.exhaustivity = .off
    return store
  }

  func type(
    _ text: String,
    _ store: TestStore<InteractiveFeature.State, InteractiveFeature.Action, MoviesEnvironment>
  ) async {
    for character in text { await store.send(.key(.character(character))) }
  }

  /// A store that searched "batman" and stopped typing.
  func storeShowingBatman() async -> TestStore<
    InteractiveFeature.State, InteractiveFeature.Action, MoviesEnvironment
  > {
    let store = makeStore()
    await type("batman", store)
    await store.send(.key(.enter))
    await store.skipReceivedActions()
    return store
  }

  @Test("before the first key a number picks a recent search; after it, a digit is typed")
  func recentSearches() async {
    var state = InteractiveFeature.State()
    state.recent = ["star wars", "batman"]
    let store = TestStore(
      initialState: state, reducer: InteractiveFeature.reducer,
      environment: MoviesEnvironment(movies: .offline, clock: clock))
    store.exhaustivity = .off
    await store.send(.key(.character("2")))
    #expect(store.state.movies.query == "batman")
    #expect(!store.state.isTyping)
    await store.receive({ if case .movies(.searchResponse) = $0 { true } else { false } })
    #expect(store.state.shownRows.first?.title == "Batman Begins")

    let typing = TestStore(
      initialState: state, reducer: InteractiveFeature.reducer,
      environment: MoviesEnvironment(movies: .offline, clock: clock))
    typing.exhaustivity = .off
    await type("x2", typing)
    #expect(typing.state.movies.query == "x2")
    await typing.skipReceivedActions()
  }

  @Test("typing searches once typing pauses; Return stops typing; n and p page")
  func typeAndPage() async {
    let store = makeStore()
    await type("batman", store)
    #expect(store.state.movies.query == "batman")
    #expect(store.state.movies.isLoading)
    await clock.advance(by: MoviesFeature.debounce)
    await store.receive({ if case .movies(.searchResponse) = $0 { true } else { false } })
    #expect(store.state.shownRows.first?.title == "Batman Begins")
    await store.send(.key(.enter))
    #expect(!store.state.isTyping)
    await store.skipReceivedActions()
    await store.send(.key(.character("n")))
    await store.receive({ if case .movies(.searchResponse) = $0 { true } else { false } })
    #expect(store.state.shownPage == 2)
    #expect(store.state.shownRows.first?.title == "Batman: The Killing Joke")
    await store.send(.key(.character("n")))
    #expect(store.state.notice == "This is the last page.")
    await store.send(.key(.left))
    #expect(store.state.shownPage == 1)
    await store.send(.key(.character("p")))
    #expect(store.state.notice == "This is the first page.")
  }

  @Test("a row number opens details: at once when it cannot grow, on Return otherwise")
  func rows() async {
    let store = await storeShowingBatman()
    await store.send(.key(.character("1")))
    #expect(store.state.digits == "1")
    #expect(store.state.movies.details == nil)
    await store.send(.key(.enter))
    #expect(store.state.movies.details?.imdbID == "tt0372784")
    await store.receive({
      if case .movies(.details(.presented(.response))) = $0 { true } else { false }
    })
    #expect(store.state.movies.details?.movie?.directors == ["Christopher Nolan"])
    await store.send(.key(.escape))
    #expect(store.state.movies.details == nil)
    await store.send(.key(.character("3")))
    #expect(store.state.movies.details?.imdbID == "tt0096895")
    await store.receive({
      if case .movies(.details(.presented(.response))) = $0 { true } else { false }
    })
    #expect(store.state.movies.details?.error == .detailsUnavailable(imdbID: "tt0096895"))
    await store.send(.key(.enter))
    await store.send(.key(.character("1")))
    await store.send(.key(.character("1")))
    #expect(store.state.notice == "There is no row 11 on this page.")
  }

  @Test("Return after a search that answered asks nothing again; after a failure, it asks")
  func returnAfterAnAnswer() async {
    let searches = LockedState(0)
    let failFirst = LockedState(true)
    let offline = MovieService.offline
    let store = TestStore(
      initialState: InteractiveFeature.State(), reducer: InteractiveFeature.reducer,
      environment: MoviesEnvironment(
        movies: MovieService(
          search: { query, page in
            searches.withLock { $0 += 1 }
            if failFirst.withLock({ $0 }) { throw MovieServiceError.timedOut }
            return try await offline.search(query, page)
          },
          details: offline.details),
        clock: clock))
    store.exhaustivity = .off
    await type("batman", store)
    await clock.advance(by: MoviesFeature.debounce)
    await store.receive({ if case .movies(.searchResponse) = $0 { true } else { false } })
    #expect(store.state.movies.searchError == .timedOut)
    failFirst.withLock { $0 = false }
    await store.send(.key(.enter))  // a failure that asking again could mend: Return asks
    await store.receive({ if case .movies(.searchResponse) = $0 { true } else { false } })
    #expect(store.state.shownRows.first?.title == "Batman Begins")
    #expect(searches.withLock { $0 } == 2)
    await store.send(.key(.character("/")))
    await type("batman", store)
    await clock.advance(by: MoviesFeature.debounce)
    await store.receive({ if case .movies(.searchResponse) = $0 { true } else { false } })
    await store.send(.key(.enter)) {
      $0.isTyping = false
    }
    #expect(!store.state.movies.isLoading)
    await store.finish()
    #expect(searches.withLock { $0 } == 3)
  }

  @Test("a details failure that can mend is an alert in the terminal: r retries, Esc goes back")
  func detailsFailureAlert() async {
    let attempts = LockedState(0)
    var service = MovieService.offline
    service.details = { _ in
      attempts.withLock { $0 += 1 }
      throw MovieServiceError.timedOut
    }
    let store = TestStore(
      initialState: InteractiveFeature.State(), reducer: InteractiveFeature.reducer,
      environment: MoviesEnvironment(movies: service, clock: clock))
    store.exhaustivity = .off
    await type("batman", store)
    await store.send(.key(.enter))
    await store.skipReceivedActions()
    await store.send(.key(.character("1")))
    await store.send(.key(.enter))
    await store.skipReceivedActions()
    #expect(store.state.movies.details?.alert == MovieDetailsFeature.failureAlert(.timedOut))
    let screen = InteractiveScreen.render(store.state, sourceName: "offline catalog")
    #expect(
      screen.hasSuffix(
        """
        ┌ The details did not load
        │ the server did not answer in time
        └ [r] Retry  [b] Back

        Return: retry · Esc: back · q: quit
        """))
    await store.send(.key(.character("x")))  // no button starts with x: nothing happens
    #expect(store.state.movies.details?.alert != nil && attempts.withLock { $0 } == 1)
    await store.send(.key(.character("r")))
    await store.skipReceivedActions()
    #expect(attempts.withLock { $0 } == 2)
    #expect(store.state.movies.details?.alert != nil)
    await store.send(.key(.escape))
    await store.skipReceivedActions()
    #expect(store.state.movies.details == nil)
    #expect(attempts.withLock { $0 } == 2)
  }

  @Test("r retries only what asking again could mend")
  func retryOnlyWhatCanMend() async {
    let store = await storeShowingBatman()
    await store.send(.key(.character("3")))  // Batman (1989): the catalog holds no details
    await store.receive({
      if case .movies(.details(.presented(.response))) = $0 { true } else { false }
    })
    let failed = store.state
    #expect(failed.movies.details?.error?.isRetryable == false)
    await store.send(.key(.character("r")))
    #expect(store.state == failed)
    let screen = InteractiveScreen.render(failed, sourceName: "offline catalog")
    #expect(screen.hasSuffix("\nReturn or Esc: back · q: quit"))
    await store.send(.key(.enter))
    await store.send(.key(.character("1")))
    await store.send(.key(.enter))
    await store.receive({
      if case .movies(.details(.presented(.response))) = $0 { true } else { false }
    })
    let loaded = store.state
    await store.send(.key(.character("r")))  // the details loaded: nothing to retry
    #expect(store.state == loaded)
    #expect(
      InteractiveScreen.render(loaded, sourceName: "offline catalog")
        .hasSuffix("\nReturn or Esc: back · q: quit"))
    var timedOut = loaded
    timedOut.movies.details?.movie = nil
    timedOut.movies.details?.error = .timedOut
    #expect(
      InteractiveScreen.render(timedOut, sourceName: "offline catalog")
        .hasSuffix("\nReturn or Esc: back · r: retry · q: quit"))
  }

  @Test("on a 60×12 terminal, six rows to a screen, every line fits, paging loads what it shows")
  func smallTerminal() async {
    let store = await storeShowingBatman()
    await store.send(.resized(TerminalSize(columns: 60, rows: 12)))
    #expect(store.state.rowsPerScreen == 6)
    func checkFits(_ label: String) {
      let lines = InteractiveScreen.render(store.state, sourceName: "offline catalog")
        .split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count <= 12, "\(label)")
      #expect(lines.allSatisfy { $0.count <= 60 }, "\(label)")
      #expect(lines.first == "movies · offline catalog · Data: OMDb API (omdbapi.com)")
    }
    checkFits("first screen")
    #expect(store.state.shownRows.map(\.title).first == "Batman Begins")
    await store.send(.key(.character("n")))
    checkFits("second screen")
    // Rows 7–10 are the first page's; 11–12 need the second, which the screen loads.
    await store.receive({ if case .movies(.searchResponse) = $0 { true } else { false } })
    #expect(store.state.shownRows.count == 6)
    #expect(store.state.shownRows.last?.title == "Batman: The Dark Knight Returns, Part 2")
    await store.send(.key(.character("9")))  // a row number larger than the screen's
    #expect(store.state.notice == "There is no row 9 on this page.")
    checkFits("a notice")
    await store.send(.key(.character("1")))
    await store.receive({
      if case .movies(.details(.presented(.response))) = $0 { true } else { false }
    })
    #expect(store.state.movies.details?.imdbID == "tt4116284")  // row 7: The Lego Batman Movie
    checkFits("details")
    await store.send(.key(.escape))
    await store.send(.resized(TerminalSize(columns: 120, rows: 40)))
    #expect(store.state.rowsPerScreen == 10)
    #expect(store.state.shownPage == 1)  // row 7, first on screen before, is still on screen
    #expect(store.state.shownRows.map(\.id).contains("tt4116284"))
  }

  @Test("on a 120-column terminal, details wrap at 120 columns, not 80")
  func wideTerminal() async {
    let store = await storeShowingBatman()
    await store.send(.resized(TerminalSize(columns: 120, rows: 40)))
    await store.send(.key(.character("1")))
    await store.send(.key(.enter))
    await store.receive({
      if case .movies(.details(.presented(.response))) = $0 { true } else { false }
    })
    let lines = InteractiveScreen.render(store.state, sourceName: "offline catalog")
      .split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 120 })
    #expect(lines.contains { $0.count > 100 })
    #expect(lines.count <= 40)
  }

  @Test("/ or a letter starts a new search; q and Control-C quit")
  func newSearchAndQuit() async {
    let store = await storeShowingBatman()
    await store.send(.key(.character("/")))
    #expect(store.state.isTyping)
    #expect(store.state.movies.query == "")
    #expect(store.state.movies.results.isEmpty)
    await store.send(.key(.character("q")))
    #expect(store.state.movies.query == "q")
    #expect(!store.state.isFinished)
    await store.send(.key(.interrupt))
    #expect(store.state.isFinished)
    await store.skipInFlightEffects()
  }
}
