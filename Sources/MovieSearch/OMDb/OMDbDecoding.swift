import Foundation

/// Reads OMDb's bodies into MovieSearch's models.
enum OMDbDecoding {
  /// A search body (`?s=…&page=…`) as the page `page`.
  static func searchPage(from body: Data, page: Int) throws(MovieServiceError) -> SearchPage {
    let object = try OMDbObject(body: body)
    try object.checkResponse()
    return try searchPage(from: object, page: page)
  }

  static func searchPage(from object: OMDbObject, page: Int) throws(MovieServiceError)
    -> SearchPage
  {
    guard object.fields["Search"] != nil else {
      throw .decoding("the body has no \"Search\" list and no \"Error\"")
    }
    var movies: [Movie] = []
    for item in try object.objects("Search") {
      movies.append(try movie(from: item))
    }
    guard let total = try object.integer("totalResults") else {
      throw .decoding("\(object.context): \"totalResults\" is missing")
    }
    return SearchPage(movies: movies, totalResults: total, page: page)
  }

  /// A details body (`?i=…&plot=full`).
  static func details(from body: Data) throws(MovieServiceError) -> MovieDetails {
    let object = try OMDbObject(body: body)
    try object.checkResponse()
    return try details(from: object)
  }

  static func movie(from object: OMDbObject) throws(MovieServiceError) -> Movie {
    Movie(
      id: try object.requiredString("imdbID"),
      title: try object.requiredString("Title"),
      year: try object.year("Year"),
      kind: try object.kind("Type"),
      poster: try object.url("Poster"))
  }

  static func details(from object: OMDbObject) throws(MovieServiceError) -> MovieDetails {
    var ratings: [Rating] = []
    for rating in try object.objects("Ratings") {
      ratings.append(
        Rating(
          source: try rating.requiredString("Source"), value: try rating.requiredString("Value")))
    }
    return MovieDetails(
      id: try object.requiredString("imdbID"),
      title: try object.requiredString("Title"),
      year: try object.year("Year"),
      kind: try object.kind("Type"),
      rated: try object.string("Rated"),
      released: try object.string("Released"),
      runtime: try object.runtime("Runtime"),
      genres: try object.list("Genre"),
      directors: try object.list("Director"),
      writers: try object.list("Writer"),
      actors: try object.list("Actors"),
      plot: try object.string("Plot"),
      languages: try object.list("Language"),
      countries: try object.list("Country"),
      awards: try object.string("Awards"),
      poster: try object.url("Poster"),
      ratings: ratings,
      metascore: try object.integer("Metascore"),
      imdbRating: try object.decimal("imdbRating"),
      imdbVotes: try object.integer("imdbVotes"),
      totalSeasons: try object.integer("totalSeasons"),
      dvd: try object.string("DVD"),
      boxOffice: try object.string("BoxOffice"),
      production: try object.string("Production"),
      website: try object.string("Website"))
  }
}
