extension MovieService {
  /// The catalog bundled with MovieSearch: 296 titles from real OMDb responses (242 with
  /// details), searchable without a network or a key.
  ///
  /// ```swift
  /// let page = try await MovieService.offline.search("batman", 1)
  /// page.movies.first?.title  // "Batman Begins"
  /// ```
  ///
  /// A search matches titles holding every word of the query, in any case and with or without
  /// accents, and pages them ten at a time with OMDb's `totalResults`. It answers with OMDb's
  /// errors: ``MovieServiceError/notFound`` for no match or a page past the end,
  /// ``MovieServiceError/incorrectID`` for an unknown id, and
  /// ``MovieServiceError/detailsUnavailable(imdbID:)`` for a title seen only in search results.
  /// The data is OMDb's (omdbapi.com); credit it where you show it.
  public static var offline: Self {
    Self(
      search: { query, page in try OfflineCatalog.bundled.get().search(query, kind: nil, page: page)
      },
      details: { id in try OfflineCatalog.bundled.get().details(id) },
      searchKind: { query, kind, page in
        try OfflineCatalog.bundled.get().search(query, kind: kind, page: page)
      }
    )
  }
}
