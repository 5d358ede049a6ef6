import Foundation
import Loop
import LoopTesting

#if !LOOP_OUTSIDE_PACKAGE
  import MovieSearch
#endif

/// A long recorded session, for `loop-inspect`'s scale check: (a)'s counter, every tenth
/// action an effect round trip as in (b).
enum SessionWorkload {
  /// A sink writing to the file at `url`; `nil`, said on standard output, if it cannot.
  @MainActor
  private static func fileSink(_ url: URL) -> SessionLogSink? {
    do {
      return try .file(url)
    } catch {
      print("loop-benchmarks: \(url.path): \(error)")
      return nil
    }
  }

  /// Records `actions` actions (about one in eleven fed back by an effect) to `url`; returns
  /// whether every line was written.
  @MainActor
  static func record(actions: Int, to url: URL) async -> Bool {
    guard let sink = fileSink(url) else { return false }
    let recorder = SessionRecorder<Counter.State, Counter.Action>(name: "counter", to: sink)
    let store = Store(initialState: Counter.State(), reducer: Counter.reducer, environment: ())
    store.record(to: recorder)
    var sent = 0
    while recorder.entryCount < actions {
      if sent % 10 == 9 {
        await store.send(.start).finish()
      } else {
        store.send(.increment)
      }
      sent += 1
    }
    store.stopRecording()
    return recorder.failures.isEmpty
  }

  #if !LOOP_OUTSIDE_PACKAGE
    /// Records a movies session of `actions` actions to `url`: the movies app's own feature over
    /// its offline catalog, searches typed a key at a time (each key's search answered, as a
    /// user who pauses), now and then a second page — the session a user of `movies --record`
    /// makes, only longer. Returns whether every line was written.
    @MainActor
    static func recordMovies(actions: Int, to url: URL) async -> Bool {
      guard let sink = fileSink(url) else { return false }
      let recorder = SessionRecorder<MoviesFeature.State, MoviesFeature.Action>(
        name: "movies", to: sink)
      let store = Store(
        initialState: MoviesFeature.State(), reducer: MoviesFeature.reducer,
        environment: MoviesEnvironment(movies: .offline, clock: ImmediateClock()))
      store.record(to: recorder)
      let words = ["batman", "star", "love", "the dark", "zork", "matrix", "quiet", "alien"]
      var search = 0
      while recorder.entryCount < actions {
        let word = words[search % words.count]
        for end in word.indices where recorder.entryCount < actions {
          await store.send(.queryChanged(String(word[...end]))).finish()
        }
        if search % 3 == 0, recorder.entryCount < actions {
          await store.send(.loadNextPage).finish()
        }
        search += 1
      }
      store.stopRecording()
      return recorder.failures.isEmpty
    }
  #else
    /// The movies app is not a product an app's package builds: no movies session here.
    @MainActor
    static func recordMovies(actions: Int, to url: URL) async -> Bool {
      print("loop-benchmarks: --movies is not in the build of an app's package")
      return false
    }
  #endif
}
