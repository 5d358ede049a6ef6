// Field-level observation (Sources/Loop/Observation/ObservedValues.swift): a read of `store.field`
// observes that field alone, on root, scoped and row stores; checked against the plain
// computation (an observer is told at the first send after which its field differs from what
// it read) on seeded random sequences.
import Loop
import LoopTesting
import Observation
import Testing

private struct Card: Sendable {
  var count = 0
  var name = ""
  var tags: [String] = []
  var note: Memo? = nil
  var untracked = OpaqueValue(value: 0)
}

/// A field that is not `Equatable`.
private struct OpaqueValue: Sendable { var value: Int }

private struct Memo: Equatable, Sendable { var text = "" }

private enum CardAction: Equatable, Sendable {
  case setCount(Int)
  case setName(String)
  case setTag(String)
  case touchOpaque
  case nothing
}

private let cardReducer = Reducer<Card, CardAction, Void> { state, action, _ in
  switch action {
  case let .setCount(count): state.count = count
  case let .setName(name): state.name = name
  case let .setTag(tag): state.tags = [tag]
  case .touchOpaque: state.untracked.value += 1
  case .nothing: break
  }
  return .none
}

private struct Board: Sendable {
  var profile = Card()
  var rows: IdentifiedArrayOf<Line> = [Line(id: 1), Line(id: 2)]
}

private struct Line: Equatable, Identifiable, Sendable {
  var id: Int
  var count = 0
  var title = ""
}

private enum BoardAction: Equatable, Sendable {
  case profile(CardAction)
  case row(Int, LineAction)
}

private enum LineAction: Equatable, Sendable { case increment, retitle(String) }

private let boardReducer = Reducer.combine(
  cardReducer.pullback(state: \Board.profile, action: BoardAction.profile, environment: {}),
  Reducer<Line, LineAction, Void> { row, action, _ in
    switch action {
    case .increment: row.count += 1
    case let .retitle(title): row.title = title
    }
    return .none
  }
  .forEach(state: \Board.rows, action: BoardAction.row, environment: {}))

private final class FieldTally: Sendable {
  private let count = LockedState(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}

/// Observes one read, as a view's body does; counts into `tally` when told.
@MainActor
private func observe(_ read: @escaping @MainActor () -> Void, into tally: FieldTally) {
  withObservationTracking {
    read()
  } onChange: {
    tally.increment()
  }
}

@MainActor
@Suite("A read of one field observes that field")
struct FieldObservationTests {
  @Test("a root store: changing name tells name's observer only")
  func rootStore() {
    let store = Store(initialState: Card(), reducer: cardReducer, environment: ())
    let (count, name) = (FieldTally(), FieldTally())
    observe({ _ = store.count }, into: count)
    observe({ _ = store.name }, into: name)
    store.send(.setName("Ada"))
    #expect(count.value == 0 && name.value == 1)
    store.send(.setCount(0))  // set to what it was: no change
    store.send(.nothing)
    #expect(count.value == 0)
    store.send(.setCount(1))
    #expect(count.value == 1)
    // Told once: until read again, a later change tells nobody.
    store.send(.setCount(2))
    #expect(count.value == 1)
    observe({ _ = store.count }, into: count)
    store.send(.setCount(3))
    #expect(count.value == 2 && name.value == 1)
  }

  @Test("a scoped store and a row store observe their own fields")
  func scopedAndRowStores() {
    let store = Store(initialState: Board(), reducer: boardReducer, environment: ())
    let profile = store.scope(state: \.profile, action: BoardAction.profile)
    let rows = store.scope(forEach: \.rows, action: BoardAction.row)
    let (count, name, rowCount, rowTitle) = (FieldTally(), FieldTally(), FieldTally(), FieldTally())
    observe({ _ = profile.count }, into: count)
    observe({ _ = profile.name }, into: name)
    observe({ _ = rows[0].count }, into: rowCount)
    observe({ _ = rows[0].title }, into: rowTitle)
    store.send(.profile(.setName("Ada")))
    store.send(.row(1, .retitle("first")))
    store.send(.row(2, .increment))
    #expect(count.value == 0 && name.value == 1 && rowCount.value == 0 && rowTitle.value == 1)
    rows[0].send(.increment)
    #expect(rowCount.value == 1)
    // NB: As a view holds its store: observing a store does not keep it alive.
    withExtendedLifetime(profile) {}
  }

  @Test("collections and optionals are fields like any other: told when they are !=")
  func collectionsAndOptionals() {
    let store = Store(initialState: Card(), reducer: cardReducer, environment: ())
    let (tags, note) = (FieldTally(), FieldTally())
    observe({ _ = store.tags }, into: tags)
    observe({ _ = store.note?.text }, into: note)
    store.send(.setTag("a"))
    #expect(tags.value == 1 && note.value == 0)
  }

  @Test(
    "an observer that reads again while told, as a view re-rendering does, is told of each change once"
  )
  func readsAgainWhileTold() {
    let store = Store(initialState: Card(), reducer: cardReducer, environment: ())
    let told = FieldTally()
    watchAgainWhenTold(store, told)
    for count in 1...5 {
      store.send(.setCount(count))
      store.send(.setName("\(count)"))  // not the observed field
    }
    #expect(told.value == 5)
  }

  @Test("an observer that sends while told: the nested send is reduced, and each change told once")
  func sendsWhileTold() {
    let store = Store(initialState: Card(), reducer: cardReducer, environment: ())
    let (count, name) = (FieldTally(), FieldTally())
    watchAgainWhenTold(store, count, sending: .setName("told"))
    observe({ _ = store.name }, into: name)
    store.send(.setCount(1))
    #expect(store.state.name == "told" && count.value == 1 && name.value == 1)
    store.send(.setCount(2))
    #expect(count.value == 2 && name.value == 1)
  }

  @Test("a row's observer that sends to the profile: the profile's observer is told in that send")
  func nestedSendAcrossStores() {
    let store = Store(initialState: Board(), reducer: boardReducer, environment: ())
    let profile = store.scope(state: \.profile, action: BoardAction.profile)
    let rows = store.scope(forEach: \.rows, action: BoardAction.row)
    let name = FieldTally()
    withObservationTracking {
      _ = rows[0].state
    } onChange: {
      MainActor.assumeIsolated { _ = store.send(.profile(.setName("row changed"))) }
    }
    observe({ _ = profile.name }, into: name)
    store.send(.row(1, .increment))
    #expect(store.state.profile.name == "row changed")
    #expect(name.value == 1)
    withExtendedLifetime((profile, rows)) {}
  }

  @Test("a field that is not Equatable is told after every send while observed")
  func notEquatable() {
    let store = Store(initialState: Card(), reducer: cardReducer, environment: ())
    let opaque = FieldTally()
    observe({ _ = store.untracked }, into: opaque)
    store.send(.nothing)
    #expect(opaque.value == 1)
  }

  @Test("reading state still observes the whole state")
  func wholeState() {
    let store = Store(initialState: Card(), reducer: cardReducer, environment: ())
    let whole = FieldTally()
    observe({ _ = store.state.count }, into: whole)
    store.send(.setName("Ada"))
    #expect(whole.value == 1)
  }

  @Test("a store whose fields were observed is released, and its field entries with it")
  func releases() {
    weak var weakStore: Store<Board, BoardAction>?
    weak var weakProfile: Store<Card, CardAction>?
    do {
      let store = Store(initialState: Board(), reducer: boardReducer, environment: ())
      let profile = store.scope(state: \.profile, action: BoardAction.profile)
      observe({ _ = profile.name }, into: FieldTally())
      observe({ _ = store.rows }, into: FieldTally())
      store.send(.profile(.setCount(1)))
      weakStore = store
      weakProfile = profile
    }
    #expect(weakStore == nil && weakProfile == nil)
  }

  @Test(
    "on 500 seeded random runs, observers are told exactly when their field moved off what they read"
  )
  func modelBased() async {
    for await seed in SeededRandom.seeds(500) {
      var random = SeededRandom(seed: seed + 1)
      let store = Store(initialState: Card(), reducer: cardReducer, environment: ())
      // Observers: field 0 count, 1 name, 2 tags; each with what it read, while waiting.
      var seen: [Int: (field: Int, value: String)] = [:]
      let tallies = (0..<6).map { _ in FieldTally() }
      var told = [Int](repeating: 0, count: 6)
      func value(_ field: Int) -> String {
        switch field {
        case 0: "\(store.state.count)"
        case 1: store.state.name
        default: store.state.tags.joined()
        }
      }
      for step in 0..<60 {
        let observer = Int(random.next() % 6)
        if seen[observer] == nil, random.next() % 2 == 0 {
          let field = observer % 3
          switch field {
          case 0: observe({ _ = store.count }, into: tallies[observer])
          case 1: observe({ _ = store.name }, into: tallies[observer])
          default: observe({ _ = store.tags }, into: tallies[observer])
          }
          seen[observer] = (field, value(field))
        }
        let small = "\(random.next() % 3)"
        switch random.next() % 4 {
        case 0: store.send(.setCount(Int(small) ?? 0))
        case 1: store.send(.setName(small))
        case 2: store.send(.setTag(small))
        default: store.send(.nothing)
        }
        for (observer, reading) in seen where value(reading.field) != reading.value {
          told[observer] += 1
          seen[observer] = nil
        }
        #expect(
          tallies.map(\.value) == told, "seed \(seed), step \(step)")
      }
    }
  }
}

/// Observes `store.count`; when told, counts and observes again at once, inside the
/// notification.
@MainActor
private func watchAgainWhenTold(
  _ store: Store<Card, CardAction>, _ told: FieldTally, sending action: CardAction? = nil
) {
  withObservationTracking {
    _ = store.count
  } onChange: {
    told.increment()
    MainActor.assumeIsolated {
      if let action { store.send(action) }
      watchAgainWhenTold(store, told, sending: action)
    }
  }
}
