import Foundation

extension SearchPage {
  /// Reads an OMDb search body (`?s=…&page=…`) as page `page`.
  ///
  /// ```swift
  /// let page = try SearchPage(omdbBody: recordedBody, page: 1)
  /// ```
  ///
  /// - Throws: OMDb's own error when the body says `"Response":"False"` (such as
  ///   ``MovieServiceError/notFound``), or ``MovieServiceError/decoding(_:)`` saying what is
  ///   wrong with a body that is not OMDb's shape.
  public init(omdbBody body: Data, page: Int = 1) throws(MovieServiceError) {
    self = try OMDbDecoding.searchPage(from: body, page: page)
  }
}
