import Foundation

/// The titles bundled with MovieSearch, searchable like OMDb: the recorded OMDb bodies in
/// `Resources/OMDb` (detail bodies, `catalog.json`'s `{"details":[…]}`, and search pages).
package struct OfflineCatalog: Sendable {
  /// Every title, search pages' results first in their recorded order, then the rest.
  let movies: [Movie]
  /// Details by IMDb id, for the titles that have them.
  let details: [String: MovieDetails]
  /// Each title's words, folded, in the order of ``movies``.
  private let titleWords: [Set<String>]

  /// The folder of recorded OMDb bodies bundled as a package resource (the tests' fixtures too).
  package static var resourceFolder: URL? {
    Bundle.module.url(forResource: "OMDb", withExtension: nil)
  }

  /// The catalog bundled as a package resource, read once.
  static let bundled: Result<OfflineCatalog, MovieServiceError> = {
    guard let folder = resourceFolder else {
      return .failure(.catalogUnavailable("the OMDb folder is missing from the resource bundle"))
    }
    return Result { () throws(MovieServiceError) in try OfflineCatalog(folder: folder) }
  }()

  /// Reads every `.json` body in `folder` and its subfolders.
  init(folder: URL) throws(MovieServiceError) {
    let files =
      FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }
      .filter { $0.pathExtension == "json" }
      .sorted { $0.path < $1.path } ?? []
    var bodies: [(name: String, data: Data)] = []
    for file in files {
      guard let data = try? Data(contentsOf: file) else {
        throw .catalogUnavailable("\(file.lastPathComponent) cannot be read")
      }
      bodies.append((file.lastPathComponent, data))
    }
    try self.init(bodies: bodies)
  }

  /// Builds the catalog from OMDb bodies: search pages (with `Search`), lists of details (with
  /// `details`), and single detail bodies.
  init(bodies: [(name: String, data: Data)]) throws(MovieServiceError) {
    var searched: [Movie] = []
    var details: [String: MovieDetails] = [:]
    var detailOrder: [String] = []
    for (name, data) in bodies {
      do {
        let object = try OMDbObject(body: data)
        if object.fields["Search"] != nil {
          searched += try OMDbDecoding.searchPage(from: object, page: 1).movies
        } else {
          let records =
            object.fields["details"] != nil ? try object.objects("details") : [object]
          for record in records {
            let item = try OMDbDecoding.details(from: record)
            if details.updateValue(item, forKey: item.id) == nil { detailOrder.append(item.id) }
          }
        }
      } catch {
        throw .catalogUnavailable("\(name): \(error)")
      }
    }
    var seen = Set<String>()
    var movies: [Movie] = []
    for movie in searched + detailOrder.compactMap({ details[$0]?.movie })
    where seen.insert(movie.id).inserted {
      movies.append(movie)
    }
    self.movies = movies
    self.details = details
    self.titleWords = movies.map { Set(Self.words(in: $0.title)) }
  }

  /// One page of the titles whose title holds every word of `query` (any case, any accents),
  /// ten to a page, as OMDb pages them.
  func search(_ query: String, kind: MovieKind?, page: Int) throws(MovieServiceError)
    -> SearchPage
  {
    let page = min(max(page, 1), SearchPage.lastServedPage)
    let wanted = Self.words(in: query)
    guard !wanted.isEmpty else { return SearchPage(movies: [], totalResults: 0, page: page) }
    let matches = movies.indices.filter { index in
      (kind == nil || movies[index].kind == kind) && wanted.allSatisfy(titleWords[index].contains)
    }
    let start = (page - 1) * SearchPage.size
    guard start < matches.count else { throw .notFound }
    let onPage = matches[start..<min(start + SearchPage.size, matches.count)]
    return SearchPage(movies: onPage.map { movies[$0] }, totalResults: matches.count, page: page)
  }

  /// The details of `imdbID`.
  func details(_ imdbID: String) throws(MovieServiceError) -> MovieDetails {
    let id = String(imdbID.trimmingCharacters(in: .whitespacesAndNewlines))
    if let found = details[id] { return found }
    if movies.contains(where: { $0.id == id }) { throw .detailsUnavailable(imdbID: id) }
    throw .incorrectID
  }

  /// The words of `text`, lowercased and without accents: "Batman: Year One" is batman, year,
  /// one.
  static func words(in text: String) -> [String] {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .split { !$0.isLetter && !$0.isNumber }
      .map(String.init)
  }
}
