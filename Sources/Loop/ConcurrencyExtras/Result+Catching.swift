extension Result {
  /// The result of async throwing work: its value, or the error it threw. The async
  /// counterpart of the standard library's `Result(catching:)`, as swift-concurrency-extras
  /// gives TCA apps.
  ///
  /// ```swift
  /// return .run { send in
  ///   await send(.response(Result { try await environment.movies.search(query, 1) }))
  /// }
  /// ```
  ///
  /// With a typed `throws`, the failure is that type (`Result<SearchPage, MovieServiceError>`);
  /// with an untyped one, `any Error`.
  public nonisolated(nonsending) init(
    catching body: nonisolated(nonsending) () async throws(Failure) -> Success
  ) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
