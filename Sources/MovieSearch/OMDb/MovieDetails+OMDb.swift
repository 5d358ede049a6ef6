import Foundation

extension MovieDetails {
  /// Reads an OMDb details body (`?i=…`).
  ///
  /// ```swift
  /// let details = try MovieDetails(omdbBody: recordedBody)
  /// details.directors  // ["Christopher Nolan"]
  /// ```
  ///
  /// - Throws: OMDb's own error when the body says `"Response":"False"` (such as
  ///   ``MovieServiceError/incorrectID``), or ``MovieServiceError/decoding(_:)`` saying what is
  ///   wrong with a body that is not OMDb's shape.
  public init(omdbBody body: Data) throws(MovieServiceError) {
    self = try OMDbDecoding.details(from: body)
  }
}
