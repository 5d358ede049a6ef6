import Foundation
import MovieSearch

/// What the command line asked for.
struct Arguments: Equatable {
  enum Mode: Equatable {
    /// `movies <query…>`: one page of results.
    case search(String)
    /// `movies --details <imdb id>`.
    case details(String)
    /// `movies` alone: search as you type.
    case interactive
    /// `movies --replay <file>`: replay a recorded session, step by step.
    case replay(String)
    /// `movies --recent`: the searches run before, newest first.
    case recent
    /// `movies --help`.
    case help
  }

  var mode: Mode = .interactive
  var page = 1
  var kind: MovieKind?
  var offline = false
  /// `--record <file>`: where to record the session.
  var record: String?
  /// `--inspect[=PORT]`: serve a live inspector of the interactive mode (0: any port).
  var inspect: UInt16?

  /// A command line that cannot be run, with what is wrong.
  struct UsageError: Error, Equatable, CustomStringConvertible {
    var description: String
  }

  /// Reads the arguments after the program's name.
  static func parse(_ arguments: some Sequence<String>) throws(UsageError) -> Arguments {
    var result = Arguments()
    var words: [String] = []
    var details: String?
    var replay: String?
    var iterator = arguments.makeIterator()
    func value(for option: String) throws(UsageError) -> String {
      guard let value = iterator.next(), !value.hasPrefix("--") else {
        throw UsageError(description: "\(option) needs a value")
      }
      return value
    }
    while let argument = iterator.next() {
      var name = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      func optionValue() throws(UsageError) -> String {
        if let inline { return inline }
        return try value(for: name)
      }
      switch name {
      case "-h", "--help":
        result.mode = .help
        return result
      case "--offline":
        result.offline = true
      case "--recent":
        result.mode = .recent
        return result
      case "--page":
        let text = try optionValue()
        guard let page = Int(text), (1...SearchPage.lastServedPage).contains(page) else {
          throw UsageError(description: "--page must be a number from 1 to 100, not \"\(text)\"")
        }
        result.page = page
      case "--type":
        let text = try optionValue()
        let kind = MovieKind(rawValue: text)
        guard MovieKind.searchable.contains(kind) else {
          throw UsageError(description: "--type must be movie, series or episode, not \"\(text)\"")
        }
        result.kind = kind
      case "--details":
        details = try optionValue()
      case "--record":
        result.record = try optionValue()
      case "--inspect":
        guard let inline else {
          result.inspect = 0
          continue
        }
        guard let port = UInt16(inline) else {
          throw UsageError(
            description: "--inspect=PORT needs a port from 0 to 65535, not \"\(inline)\"")
        }
        result.inspect = port
      case "--replay":
        replay = try optionValue()
      case "--":
        while let word = iterator.next() { words.append(word) }
      default:
        if argument.hasPrefix("-") && argument.count > 1 {
          throw UsageError(description: "unknown option \(argument)")
        }
        words.append(argument)
      }
    }
    if let replay {
      guard words.isEmpty, details == nil, result.record == nil else {
        throw UsageError(description: "--replay takes a session file and nothing else to do")
      }
      result.mode = .replay(replay)
    } else if let details {
      guard words.isEmpty else {
        throw UsageError(description: "--details takes an IMDb id and no search words")
      }
      result.mode = .details(details)
    } else if !words.isEmpty {
      let query = words.joined(separator: " ")
      guard !query.trimmingCharacters(in: .whitespaces).isEmpty else {
        throw UsageError(description: "the search is empty")
      }
      result.mode = .search(query)
    }
    if result.inspect != nil {
      guard result.mode == .interactive else {
        throw UsageError(
          description: "--inspect watches the interactive mode: give no search words")
      }
      guard result.record == nil else {
        throw UsageError(
          description: "--inspect records the session itself: use --record or --inspect")
      }
    }
    return result
  }

  /// `movies --help`.
  static let help = """
    movies: search movies and series on OMDb, or in the offline catalog.

    Usage:
      movies <title words> [--page N] [--type movie|series|episode]
      movies --details <IMDb id>
      movies                        search as you type (interactive)
      movies --replay FILE          replay a recorded session, step by step
      movies --recent               the searches run before, newest first
      movies --inspect[=PORT]       search as you type, watched live in a browser

    Options:
      --page N        the page of results, 1 to 100 (ten results a page)
      --type KIND     only movies, series or episodes
      --details ID    everything about one title, such as tt0372784
      --offline       use the offline catalog even when OMDB_API_KEY is set
      --record FILE   record the session (every action, and the state after it) to
                      FILE, as JSON Lines; the API key is never written
      --replay FILE   replay a recorded session without the network: each action,
                      who sent it and what it changed, then the result as shown
      --inspect[=PORT]  serve the live inspector on 127.0.0.1 (PORT, or one the system
                      picks) and print its address: watch each action, pause the app,
                      jump it back to any step, send it an action; the key never shows
      -h, --help      this help

    Interactive mode:
      type to search (it starts when you pause), Return to stop typing;
      then n / p (or → / ←) to page, a row number for details, / to search again,
      r to retry after an error, q to quit. In details, Return or Esc goes back.
      Before the first key, the recent searches are listed: a number picks one.

    Environment:
      OMDB_API_KEY    your OMDb key (omdbapi.com/apikey.aspx); without it, movies
                      searches the offline catalog bundled with it
      OMDB_BASE_URL   another endpoint for OMDb, such as a mirror or a test server

    Exit status: 0 on success, 1 when the search or the service fails (or a replay's
    log is bad, or its states differ from the recording), 2 for a bad command line.

    Data: OMDb API (omdbapi.com).
    """
}
