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
