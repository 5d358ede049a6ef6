import Foundation

/// One critic's rating of a title, as OMDb lists it under `Ratings`.
///
/// ```swift
/// let rating = Rating(source: "Rotten Tomatoes", value: "84%")
/// rating.score  // 0.84
/// ```
public struct Rating: Hashable, Sendable, Codable {
  /// Who rated it: `Internet Movie Database`, `Rotten Tomatoes`, `Metacritic`.
  public var source: String
  /// The rating as the source writes it: `8.2/10`, `84%`, `70/100`.
  public var value: String

  /// Creates a rating.
  public init(source: String, value: String) {
    self.source = source
    self.value = value
  }

  /// The rating as a fraction from 0 to 1, when ``value`` is a percentage or `x/y`; `nil`
  /// otherwise.
  public var score: Double? {
    let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.hasSuffix("%"), let percent = Double(text.dropLast()) {
      return percent / 100
    }
    let parts = text.split(separator: "/")
    guard parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]),
      denominator > 0
    else { return nil }
    return numerator / denominator
  }
}
