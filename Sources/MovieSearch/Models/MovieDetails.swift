import Foundation

/// Everything OMDb knows about one title (`?i=…&plot=full`).
///
/// Fields OMDb leaves out or writes as `N/A` are `nil` (or empty, for lists). Series have
/// ``totalSeasons`` and usually no ``dvd``, ``boxOffice``, ``production`` or ``website``.
///
/// ```swift
/// let details = try await movies.details("tt0372784")
/// print(details.title, details.directors.joined(separator: ", "))  // Batman Begins Christopher Nolan
/// ```
public struct MovieDetails: Identifiable, Hashable, Sendable, Codable {
  /// The IMDb id, such as `tt0372784`.
  public var id: String
  /// The title.
  public var title: String
  /// The year or years.
  public var year: Year?
  /// Movie, series, episode, game, or another kind.
  public var kind: MovieKind
  /// The certificate, such as `PG-13`.
  public var rated: String?
  /// The release date as OMDb writes it, such as `15 Jun 2005`.
  public var released: String?
  /// The running time (OMDb writes `140 min`, `2 h` or `1 h 15 min`).
  public var runtime: Duration?
  /// Genres, in OMDb's order.
  public var genres: [String]
  /// Directors.
  public var directors: [String]
  /// Writers, with OMDb's notes such as `(screenplay)` kept.
  public var writers: [String]
  /// The leading actors.
  public var actors: [String]
  /// The plot (the full one, since the live client asks for `plot=full`).
  public var plot: String?
  /// Spoken languages.
  public var languages: [String]
  /// Countries of production.
  public var countries: [String]
  /// Awards, as one sentence.
  public var awards: String?
  /// The poster's address.
  public var poster: URL?
  /// Critics' ratings; empty when there are none.
  public var ratings: [Rating]
  /// Metacritic's score, 0–100.
  public var metascore: Int?
  /// IMDb's rating, 0–10.
  public var imdbRating: Double?
  /// How many IMDb users voted (OMDb writes `1,369,540`).
  public var imdbVotes: Int?
  /// The number of seasons, for a series.
  public var totalSeasons: Int?
  /// The DVD release date.
  public var dvd: String?
  /// The box office takings as OMDb writes them, such as `$206,852,432`.
  public var boxOffice: String?
  /// The production company.
  public var production: String?
  /// The official website.
  public var website: String?

  /// Creates details; every field but the id, title and kind is optional.
  public init(
    id: String, title: String, year: Year? = nil, kind: MovieKind = .movie,
    rated: String? = nil, released: String? = nil, runtime: Duration? = nil,
    genres: [String] = [], directors: [String] = [], writers: [String] = [],
    actors: [String] = [], plot: String? = nil, languages: [String] = [],
    countries: [String] = [], awards: String? = nil, poster: URL? = nil,
    ratings: [Rating] = [], metascore: Int? = nil, imdbRating: Double? = nil,
    imdbVotes: Int? = nil, totalSeasons: Int? = nil, dvd: String? = nil,
    boxOffice: String? = nil, production: String? = nil, website: String? = nil
  ) {
    self.id = id
    self.title = title
    self.year = year
    self.kind = kind
    self.rated = rated
    self.released = released
    self.runtime = runtime
    self.genres = genres
    self.directors = directors
    self.writers = writers
    self.actors = actors
    self.plot = plot
    self.languages = languages
    self.countries = countries
    self.awards = awards
    self.poster = poster
    self.ratings = ratings
    self.metascore = metascore
    self.imdbRating = imdbRating
    self.imdbVotes = imdbVotes
    self.totalSeasons = totalSeasons
    self.dvd = dvd
    self.boxOffice = boxOffice
    self.production = production
    self.website = website
  }

  /// The search result for this title.
  public var movie: Movie { Movie(id: id, title: title, year: year, kind: kind, poster: poster) }
}
