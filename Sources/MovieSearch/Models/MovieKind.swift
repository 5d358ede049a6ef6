/// What kind of title a search result or a details record is.
///
/// OMDb documents `movie`, `series` and `episode`; real responses also carry `game`, and any
/// other value is kept as ``other(_:)`` rather than rejected.
///
/// ```swift
/// MovieKind(rawValue: "series")   // .series
/// MovieKind(rawValue: "podcast")  // .other("podcast")
/// ```
public enum MovieKind: Hashable, Sendable, CustomStringConvertible {
  /// A film.
  case movie
  /// A television series.
  case series
  /// One episode of a series.
  case episode
  /// A video game.
  case game
  /// A kind OMDb added that this version does not know.
  case other(String)

  /// The kinds OMDb's `type=` search parameter accepts.
  public static let searchable: [MovieKind] = [.movie, .series, .episode]

  /// Reads OMDb's `Type` value, case-insensitively.
  public init(rawValue: String) {
    switch rawValue.lowercased() {
    case "movie": self = .movie
    case "series": self = .series
    case "episode": self = .episode
    case "game": self = .game
    default: self = .other(rawValue)
    }
  }

  /// OMDb's spelling: `movie`, `series`, `episode`, `game`, or the unknown value as received.
  public var rawValue: String {
    switch self {
    case .movie: "movie"
    case .series: "series"
    case .episode: "episode"
    case .game: "game"
    case let .other(value): value
    }
  }

  /// The same as ``rawValue``.
  public var description: String { rawValue }
}

/// A kind encodes as OMDb's spelling (``MovieKind/rawValue``): `"movie"`, `"series"`, ….
extension MovieKind: Codable {
  /// Decodes OMDb's spelling, as ``init(rawValue:)`` reads it.
  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes ``rawValue``: `"movie"`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
