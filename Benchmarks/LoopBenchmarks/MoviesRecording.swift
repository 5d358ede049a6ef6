#if !LOOP_OUTSIDE_PACKAGE
  // NB: The movies app is not a product an app's package builds: no (r) there.
  import Loop
  import LoopTesting
  import MovieSearch

  /// (r): the movies feature holding a page of ten results, sent that page's answer again and
  /// again (its state and action as a user's search makes them), with the store recording each
  /// action and state to a sink that drops the line, or not recording (the floor: what
  /// recording costs is the difference).
  @MainActor
  enum MoviesRecording {
    static func send(_ count: Int, recording: Bool) async -> Int {
      let store = Store(
        initialState: MoviesFeature.State(), reducer: MoviesFeature.reducer,
        environment: MoviesEnvironment(movies: .offline, clock: ImmediateClock()))
      let request = MoviesFeature.SearchRequest(query: "batman", page: 1)
      guard let page = try? await MovieService.offline.search("batman", 1) else { return 0 }
      let recorder = SessionRecorder<MoviesFeature.State, MoviesFeature.Action>(
        to: SessionLogSink { _ in })
      if recording { store.record(to: recorder) }
      for _ in 0..<count { store.send(.searchResponse(request, .success(page))) }
      return recording ? recorder.entryCount : count
    }
  }
#endif
