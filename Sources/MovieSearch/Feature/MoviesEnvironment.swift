/// What ``MoviesFeature`` needs from the world: a ``MovieService`` and a clock to debounce
/// typing on.
///
/// ```swift
/// let environment = MoviesEnvironment(movies: .offline, clock: ContinuousClock())
/// let store = Store(
///   initialState: MoviesFeature.State(), reducer: MoviesFeature.reducer, environment: environment)
/// ```
///
/// In tests, pass a test double and a `TestClock` from LoopTesting.
public struct MoviesEnvironment: Sendable {
  /// Where titles come from.
  public var movies: MovieService
  /// The clock that times the search debounce.
  public var clock: any Clock<Duration>

  /// Creates an environment.
  public init(movies: MovieService, clock: any Clock<Duration>) {
    self.movies = movies
    self.clock = clock
  }
}
