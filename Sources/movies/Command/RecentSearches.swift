import Foundation
import Loop

/// The searches `movies` ran, newest first, kept between runs in a JSON file — a ``Shared``
/// value kept in a file (Loop's Sharing guide): `movies --recent` lists them, with or without
/// a network.
///
/// The file is `recent-searches.json` in `$MOVIES_STATE_DIR`, else in
/// `$XDG_STATE_HOME/movies`, else in `~/.local/state/movies`. In a test, Loop keeps it in
/// memory, per test.
enum RecentSearches {
  /// How many are kept.
  static let limit = 10

  /// The shared list, from the file named by `environment`.
  static func shared(environment: [String: String]) -> Shared<[String]> {
    // NB: The folder is made on the first save, not here: a test (whose values stay in
    // memory) never touches the disk.
    Shared(
      wrappedValue: [],
      .file(folder(environment: environment).appendingPathComponent("recent-searches.json")))
  }

  /// Puts `query` first, once, keeping the newest ``limit``.
  static func record(_ query: String, in recent: Shared<[String]>) {
    recent.wrappedValue = Array(
      ([query] + recent.wrappedValue.filter { $0 != query }).prefix(limit))
  }

  private static func folder(environment: [String: String]) -> URL {
    if let directory = environment["MOVIES_STATE_DIR"], !directory.isEmpty {
      return URL(fileURLWithPath: directory)
    }
    if let state = environment["XDG_STATE_HOME"], !state.isEmpty {
      return URL(fileURLWithPath: state).appendingPathComponent("movies")
    }
    let home =
      environment["HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    return home.appendingPathComponent(".local/state/movies")
  }
}
