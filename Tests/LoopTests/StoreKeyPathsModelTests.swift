import LoopTesting
import Testing

@testable import Loop

/// Wrappers that make a new type of any type, so a seeded walk reaches types of every shape:
/// structs, enums, classes, optionals, tuples, functions, collections, nested generics.
private enum Shapes {
  struct Box<Value>: Identifiable {
    var id: Int
    var value: Value
  }
  enum Either<Left, Right>: Identifiable {
    case left(Left), right(Right)
    var id: String { "either" }
  }
  final class Reference<Value>: Identifiable {
    let value: Value
    init(_ value: Value) { self.value = value }
  }
}

/// `StoreKeyPaths` keeps one key path per literal and type: checked against the literal made
/// anew, over the types a seeded walk of wrappers reaches.
@MainActor
@Suite("StoreKeyPaths agrees with the key path literals it stands for")
struct StoreKeyPathsModelTests {
  /// What the walk saw: each type's key paths, by the type, to check no two types share one.
  final class Seen {
    var states: [ObjectIdentifier: AnyKeyPath] = [:]
    var ids: [ObjectIdentifier: AnyKeyPath] = [:]
    var checks = 0
  }

  @Test("3,000 seeded types: each literal's key path is the one made anew, kept per type")
  func seededTypes() async {
    let seen = Seen()
    for await seed in SeededRandom.seeds(3_000) {
      var random = SeededRandom(seed: seed)
      let depth = Int.random(in: 0...5, using: &random)
      // NB: From `Bool` too: `\Store<Bool, Int>.state` and `.shownCase` have one type, and
      // only their literals tell them apart.
      if Bool.random(using: &random) {
        walk(Int.self, depth: depth, &random, seen)
      } else {
        walk(Bool.self, depth: depth, &random, seen)
      }
    }
    // Types repeat across seeds: the cache holds one key path per type, however often asked.
    let states = Set(seen.states.values.map(ObjectIdentifier.init))
    #expect(states.count == seen.states.count)
    #expect(Set(seen.ids.values.map(ObjectIdentifier.init)).count == seen.ids.count)
    // NB: A tenth of the seeds (CI's other runs) reaches over 400 types; all of them, more.
    #expect(seen.states.count > 100)
    #expect(seen.checks > 0)
  }

  /// Wraps `Value` in `depth` random wrappers, checking each type reached.
  private func walk<Value>(
    _ type: Value.Type, depth: Int, _ random: inout SeededRandom, _ seen: Seen
  ) {
    check(type, seen)
    guard depth > 0 else { return }
    switch Int.random(in: 0..<9, using: &random) {
    case 0: walk(Value?.self, depth: depth - 1, &random, seen)
    case 1: walk([Value].self, depth: depth - 1, &random, seen)
    case 2: walk((Value, Int).self, depth: depth - 1, &random, seen)
    case 3: walk(((Value) -> Int).self, depth: depth - 1, &random, seen)
    case 4: walk(Shapes.Box<Value>.self, depth: depth - 1, &random, seen)
    case 5: walk(Shapes.Either<Value, Int>.self, depth: depth - 1, &random, seen)
    case 6: walk(Shapes.Either<Int, Value>.self, depth: depth - 1, &random, seen)
    case 7: walk(Shapes.Reference<Value>.self, depth: depth - 1, &random, seen)
    default: walk([String: Value].self, depth: depth - 1, &random, seen)
    }
  }

  /// `Value`'s store key path and its `Box`'s and `Reference`'s ids: equal to the literal, and
  /// the same object every time it is asked for.
  private func check<Value>(_: Value.Type, _ seen: Seen) {
    let state = StoreKeyPaths.keyPath(.state) { \Store<Value, Int>.state }
    #expect(state == \Store<Value, Int>.state)
    #expect(state === StoreKeyPaths.keyPath(.state) { \Store<Value, Int>.state })
    record(state, for: Value.self, in: &seen.states)
    // NB: The same root and value types under another literal is another key path.
    let shown = StoreKeyPaths.keyPath(.shownCase) { \Store<Value, Int>.shownCase }
    #expect(shown == \Store<Value, Int>.shownCase)
    #expect(shown != state as AnyKeyPath)

    // NB: A literal with an argument: one key path per argument.
    for tag in [nil, 0, 1] as [UInt32?] {
      let presence = CasePresenceKey(tag: tag, payload: Value.self, action: Int.self)
      let tracked = StoreKeyPaths.keyPath(.casePresence(presence)) {
        \Store<Value, Int>.[casePresence: presence]
      }
      #expect(tracked == \Store<Value, Int>.[casePresence: presence])
      #expect(tracked != shown)
    }

    let boxID = StoreKeyPaths.keyPath(.id) { \Shapes.Box<Value>.id }
    #expect(boxID == \Shapes.Box<Value>.id)
    record(boxID, for: Shapes.Box<Value>.self, in: &seen.ids)
    let referenceID = StoreKeyPaths.keyPath(.id) { \Shapes.Reference<Value>.id }
    #expect(referenceID == \Shapes.Reference<Value>.id)
    record(referenceID, for: Shapes.Reference<Value>.self, in: &seen.ids)
    seen.checks += 1
  }

  /// Records `keyPath` as `type`'s, checking it is the one recorded before for that type.
  private func record<Type>(
    _ keyPath: AnyKeyPath, for type: Type.Type, in table: inout [ObjectIdentifier: AnyKeyPath]
  ) {
    let key = ObjectIdentifier(type)
    if let known = table[key] { #expect(known === keyPath) } else { table[key] = keyPath }
  }

  @Test("a store's id and an enum store's case are read and observed as before")
  func idAndCaseObserved() {
    struct Row: Identifiable, Equatable { var id: Int; var count = 0 }
    enum Screen: Equatable { case list, detail(Int) }
    let rows = Store(
      initialState: Row(id: 7),
      reducer: Reducer<Row, Int, Void> { state, id, _ in
        state.id = id
        return .none
      }, environment: ())
    let told = Tally()
    observeAsView({ _ = rows.id }, into: told)
    #expect(rows.id == 7)
    rows.send(7)
    #expect(told.value == 0)
    rows.send(8)
    #expect(told.value == 1)
    #expect(rows.id == 8)

    let screen = Store(
      initialState: Screen.list,
      reducer: Reducer<Screen, Screen, Void> { state, next, _ in
        state = next
        return .none
      }, environment: ())
    let shown = Tally()
    observeAsView({ _ = screen.case }, into: shown)
    screen.send(.list)
    #expect(shown.value == 0)
    screen.send(.detail(1))
    #expect(shown.value == 1)
  }
}
