import MovieSearch

/// One title's details as plain text, wrapped to a width.
enum DetailsView {
  static func render(_ details: MovieDetails, width: Int = 80) -> String {
    var lines: [String] = []
    let year = details.year.map { " (\($0))" } ?? ""
    lines.append("\(details.title)\(year)")
    var facts = [details.kind.rawValue]
    if let rated = details.rated { facts.append(rated) }
    if let runtime = details.runtime { facts.append(format(runtime)) }
    if !details.genres.isEmpty { facts.append(details.genres.joined(separator: ", ")) }
    lines.append(facts.joined(separator: " · "))
    lines.append("")
    func add(_ label: String, _ value: String?) {
      guard let value, !value.isEmpty else { return }
      lines += wrap("\(label): \(value)", width: width)
    }
    func add(_ label: String, _ values: [String]) {
      add(label, values.isEmpty ? nil : values.joined(separator: ", "))
    }
    add(details.directors.count > 1 ? "Directors" : "Director", details.directors)
    add(details.writers.count > 1 ? "Writers" : "Writer", details.writers)
    add("Actors", details.actors)
    add("Released", details.released)
    add("Seasons", details.totalSeasons.map { "\($0)" })
    if let rating = details.imdbRating {
      let votes = details.imdbVotes.map { " from \(grouped($0)) votes" } ?? ""
      add("IMDb rating", "\(rating)/10\(votes)")
    }
    add("Ratings", details.ratings.map { "\($0.source) \($0.value)" }.joined(separator: " · "))
    add("Metascore", details.metascore.map { "\($0)/100" })
    add("Languages", details.languages)
    add("Countries", details.countries)
    add("Awards", details.awards)
    add("Box office", details.boxOffice)
    add("DVD", details.dvd)
    add("Production", details.production)
    add("Website", details.website)
    if let plot = details.plot {
      lines.append("")
      lines += wrap(plot, width: width)
    }
    lines.append("")
    lines.append("IMDb ID: \(details.id)")
    return lines.joined(separator: "\n")
  }

  /// "2 h 20 min", "45 min".
  static func format(_ runtime: Duration) -> String {
    let minutes = Int(runtime.components.seconds / 60)
    if minutes < 60 { return "\(minutes) min" }
    return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
  }

  /// 1392519 as "1,392,519".
  static func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return result
  }

  /// `text` broken into lines of at most `width` characters, at spaces.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
