#if !LOOP_OUTSIDE_PACKAGE
  import Foundation
  import Loop
  import LoopInspector
  import LoopTesting

  /// `loop-benchmarks --serve-random-session`: a store of seeded random edits, watched by a
  /// live inspector, for `scripts/inspector-check`'s model test of the live page. It reads
  /// commands on standard input — `send N` (N random edits, each state after it printed as one
  /// JSON line, then `ok`) and `quit` — and prints the inspector's address on standard error.
  /// The check jumps the app itself, through the page's server, between commands.
  @MainActor
  enum RandomLiveSession {
    struct Row: Codable, Equatable, Sendable {
      var id: Int
      var title: String?
    }

    struct State: Codable, Equatable, Sendable {
      var count = 0
      var next = 1
      var rows: [Row] = []
      var tags: [String?] = []
      var byKey: [String: Int] = [:]
      var extra: [String: [String?]]?
    }

    /// One edit, fully described, so the reducer is a plain function of it.
    enum Action: Codable, Equatable, Sendable {
      case insert(at: Int, title: String?)
      case remove(at: Int)
      case retitle(at: Int, title: String?)
      case swap(Int, Int)
      case tags([String?])
      case key(String, Int?)
      case extra([String?]?)
      case count
    }

    static let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case let .insert(at, title):
        state.rows.insert(Row(id: state.next, title: title), at: min(at, state.rows.count))
        state.next += 1
      case let .remove(at) where at < state.rows.count:
        state.rows.remove(at: at)
      case let .retitle(at, title) where at < state.rows.count:
        state.rows[at].title = title
      case let .swap(i, j) where i < state.rows.count && j < state.rows.count:
        state.rows.swapAt(i, j)
      case let .tags(tags):
        state.tags = tags
      case let .key(key, value):
        state.byKey[key] = value
      case let .extra(extra):
        state.extra = extra.map { ["nested": $0] }
      case .count, .remove, .retitle, .swap:
        state.count += 1
      }
      return .none
    }

    /// Text the page must keep as text, keys JavaScript objects treat specially among them.
    static let texts: [String?] = [
      nil, "x", "", "é", "<b>", "</script>", "__proto__", "constructor", "line\u{2028}sep",
      "\"quoted\"", #"<img src=x onerror="window.__ran=1">"#,
      "</script><script>window.__ran=2</script>",
    ]

    static func randomAction(_ random: inout SeededRandom, rows: Int) -> Action {
      func text() -> String? { texts.randomElement(using: &random) ?? nil }
      func index() -> Int { Int.random(in: 0...max(0, rows), using: &random) }
      switch Int.random(in: 0..<8, using: &random) {
      case 0: return .insert(at: index(), title: text())
      case 1: return .remove(at: index())
      case 2: return .retitle(at: index(), title: text())
      case 3: return .swap(index(), index())
      case 4: return .tags((0..<Int.random(in: 0...3, using: &random)).map { _ in text() })
      case 5:
        let key = text() ?? "nil"
        return .key(key, Bool.random(using: &random) ? nil : Int.random(in: -9...9, using: &random))
      case 6: return .extra(Bool.random(using: &random) ? nil : [text(), text()])
      default: return .count
      }
    }

    static func run(keeping: Int) async -> Bool {
      let store = Store(initialState: State(), reducer: reducer, environment: ())
      let inspector: LiveInspector<State, Action>
      do {
        inspector = try store.inspect(name: "random", keepingSteps: keeping)
      } catch {
        FileHandle.standardError.write(Data("loop-benchmarks: \(error)\n".utf8))
        return false
      }
      defer { inspector.stop() }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      // NB: What a command prints is written whole, once, when it is done.
      var output = ""
      func addState() {
        let json = (try? encoder.encode(store.state)).map { String(decoding: $0, as: UTF8.self) }
        output += (json ?? "null") + "\n"
      }
      func flush() {
        FileHandle.standardOutput.write(Data((output + "ok\n").utf8))
        output = ""
      }
      addState()
      flush()
      var random = SeededRandom(seed: 7)
      for await line in standardInputLines() {
        if line == "quit" { break }
        guard line.hasPrefix("send "), let count = Int(line.dropFirst(5)) else { continue }
        for _ in 0..<count {
          store.send(randomAction(&random, rows: store.state.rows.count))
          addState()
        }
        flush()
      }
      return true
    }

    /// Standard input's lines, read on a thread of their own: the main actor stays free for
    /// the inspector's commands.
    private static func standardInputLines() -> AsyncStream<String> {
      let (stream, continuation) = AsyncStream<String>.makeStream()
      Thread {
        while let line = readLine() { continuation.yield(line) }
        continuation.finish()
      }.start()
      return stream
    }
  }
#endif
