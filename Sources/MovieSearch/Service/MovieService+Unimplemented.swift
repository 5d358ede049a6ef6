import Loop

extension MovieService {
  /// A service whose every endpoint fails the test that calls it: the value a test starts from
  /// and overrides the endpoints it expects, as TCA's `testValue`.
  ///
  /// ```swift
  /// var movies = MovieService.failing
  /// movies.search = { query, page in .fixture(query) }
  /// ```
  ///
  /// Shipped by this module, which imports Loop alone: Loop's `unimplemented` records the
  /// failure in the test when the test uses LoopTesting, and is a runtime warning elsewhere.
  public static var failing: Self {
    Self(
      search: unimplemented("MovieService.search"),
      details: unimplemented("MovieService.details"))
  }
}
