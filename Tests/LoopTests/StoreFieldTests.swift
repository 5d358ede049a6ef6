// Nested field reads (Sources/Loop/Observation/StoreField.swift): through a field whose type is
// `ObservableState`, `store.profile.name` and `store.child?.title` observe what was read alone;
// checked against the plain computation (an observer is told at the first send after which
// the value it read differs) on seeded random sequences.
import Loop
import LoopTesting
import Observation
import Testing

private struct Page: Sendable {
  var profile = Person()
  var child: Person? = nil
  var profiles: IdentifiedArrayOf<Person> = [Person(id: 1), Person(id: 2)]
}

private struct Person: Equatable, Identifiable, ObservableState, Sendable {
  var id = 0
  var name = ""
  var followers = 0
  var address = Address()
  var friend: Friend? = nil

  func greeting() -> String { "Hello, \(name)" }
}

private struct Address: Equatable, ObservableState, Sendable {
  var city = ""
  var zip = ""
}

private struct Friend: Equatable, ObservableState, Sendable { var name = "" }

private enum PageAction: Equatable, Sendable {
  case profile(PersonAction)
  case child(PersonAction)
  case setChild(Person?)
  case row(Int, PersonAction)
  case nothing
}

private enum PersonAction: Equatable, Sendable {
  case rename(String)
  case follow
  case move(String)
  case rezip(String)
  case befriend(String?)
}

private let personReducer = Reducer<Person, PersonAction, Void> { state, action, _ in
  switch action {
  case let .rename(name): state.name = name
  case .follow: state.followers += 1
  case let .move(city): state.address.city = city
  case let .rezip(zip): state.address.zip = zip
  case let .befriend(name): state.friend = name.map { Friend(name: $0) }
  }
  return .none
}

private let pageReducer = Reducer.combine(
  personReducer.pullback(state: \Page.profile, action: PageAction.profile, environment: {}),
  personReducer.optional().pullback(
    state: \Page.child, action: PageAction.child, environment: {}),
  personReducer.forEach(state: \Page.profiles, action: PageAction.row, environment: {}),
  Reducer<Page, PageAction, Void> { state, action, _ in
    if case let .setChild(child) = action { state.child = child }
    return .none
  })

/// Counts how often its observations were told.
@MainActor
private final class Told {
  var count = 0

  /// Observes `read`, as a view's body does.
  func observe(_ read: @escaping @MainActor () -> Void) {
    withObservationTracking {
      read()
    } onChange: { [self] in
      MainActor.assumeIsolated { count += 1 }
    }
  }
}

@MainActor
private func makeStore(_ page: Page = Page()) -> Store<Page, PageAction> {
  Store(initialState: page, reducer: pageReducer, environment: ())
}

@MainActor
@Suite("A read through an ObservableState field observes what was read")
struct StoreFieldTests {
  @Test("store.profile.name is told when name changes, not followers or the address")
  func nestedField() {
    let store = makeStore()
    let (name, city) = (Told(), Told())
    name.observe { _ = store.profile.name }
    city.observe { _ = store.profile.address.city }
    store.send(.profile(.follow))
    #expect(name.count == 0 && city.count == 0)
    store.send(.profile(.rename("Ada")))
    #expect(name.count == 1 && city.count == 0)
    // One level: the city is read from `profile.address`, which the zip is part of.
    store.send(.profile(.rezip("75001")))
    #expect(city.count == 1)
  }

  @Test("store.child?.name is told when the child comes, goes, or its name changes")
  func optionalField() {
    let store = makeStore()
    let (name, presence) = (Told(), Told())
    name.observe { _ = store.child?.name }
    presence.observe { _ = store.child != nil }
    store.send(.profile(.rename("not the child")))
    #expect(name.count == 0 && presence.count == 0)
    store.send(.setChild(Person(name: "Kid")))
    #expect(name.count == 1 && presence.count == 1)
    name.observe { _ = store.child?.name }
    presence.observe { _ = store.child != nil }
    store.send(.child(.follow))
    #expect(name.count == 1 && presence.count == 1)
    store.send(.child(.rename("Kiddo")))
    #expect(name.count == 2 && presence.count == 1)
    name.observe { _ = store.child?.name }
    store.send(.setChild(nil))
    #expect(name.count == 3 && presence.count == 2)
  }

  @Test("an optional inside an optional: store.child?.friend?.name observes child?.friend")
  func optionalInsideOptional() {
    let store = makeStore(Page(child: Person()))
    let friend = Told()
    friend.observe { _ = store.child?.friend?.name }
    store.send(.child(.follow))
    #expect(friend.count == 0)
    store.send(.child(.befriend("Bo")))
    #expect(friend.count == 1)
    friend.observe { _ = store.child?.friend?.name }
    store.send(.child(.befriend("Bo")))
    #expect(friend.count == 1)
    store.send(.child(.befriend(nil)))
    #expect(friend.count == 2)
  }

  @Test("asked for by type, or printed, the field is read whole")
  func wholeField() {
    let store = makeStore()
    let (typed, printed) = (Told(), Told())
    typed.observe {
      let profile: Person = store.profile
      _ = profile
    }
    printed.observe { _ = "\(store.profile)" }
    #expect("\(store.profile)" == "\(Person())")
    store.send(.profile(.follow))
    #expect(typed.count == 1 && printed.count == 1)
  }

  @Test("a method called on the field reads the value, and observes the whole field")
  func methodCall() {
    let store = makeStore()
    let greeting = Told()
    greeting.observe { _ = store.profile.greeting() }
    #expect(store.profile.greeting() == "Hello, ")
    store.send(.profile(.follow))
    #expect(greeting.count == 1)
  }

  @Test("on a scoped store and a row store, nested reads observe what was read")
  func scopedAndRowStores() {
    let store = makeStore()
    let profile = store.scope(state: \.profile, action: PageAction.profile)
    let rows = store.scope(forEach: \.profiles, action: PageAction.row)
    let (city, friend, rowCity) = (Told(), Told(), Told())
    city.observe { _ = profile.address.city }
    friend.observe { _ = profile.friend?.name }
    rowCity.observe { _ = rows[1].address.city }
    store.send(.profile(.rename("Ada")))
    store.send(.row(2, .follow))
    store.send(.row(1, .move("Lyon")))
    #expect(city.count == 0 && friend.count == 0 && rowCity.count == 0)
    store.send(.row(2, .move("Nice")))
    store.send(.profile(.befriend("Bo")))
    #expect(city.count == 0 && friend.count == 1 && rowCity.count == 1)
    withExtendedLifetime((profile, rows)) {}
  }

  @Test("a store whose nested fields were observed is released")
  func releases() {
    weak var weakStore: Store<Page, PageAction>?
    do {
      let store = makeStore(Page(child: Person()))
      Told().observe {
        _ = store.child?.friend?.name
        _ = store.profile.address.city
      }
      store.send(.child(.befriend("Bo")))
      weakStore = store
    }
    #expect(weakStore == nil)
  }

  @Test(
    "on 500 seeded random runs, nested and optional reads are told exactly when what they read moved"
  )
  func modelBased() async {
    // Each read: how a view reads it, and the plain computation of what it observes (a read
    // through an optional observes whether the value is there, and the field read).
    let reads: [(read: @MainActor (Store<Page, PageAction>) -> Void, value: (Page) -> String)] = [
      ({ _ = $0.profile.name }, { $0.profile.name }),
      ({ _ = $0.profile.followers }, { "\($0.profile.followers)" }),
      ({ _ = $0.profile.address.city }, { "\($0.profile.address)" }),
      ({ _ = $0.profile.friend?.name }, { "\(String(describing: $0.profile.friend))" }),
      ({ _ = $0.child?.name }, { "\(String(describing: $0.child?.name))" }),
      ({ _ = $0.child?.address.zip }, { "\(String(describing: $0.child?.address))" }),
      ({ _ = $0.child != nil }, { "\($0.child != nil)" }),
      // NB: Whether there is a child is observed too: nil, or a child with no friend.
      (
        { _ = $0.child?.friend?.name },
        { "\($0.child != nil) \(String(describing: $0.child?.friend))" }
      ),
      ({ _ = $0.child?.followers }, { "\(String(describing: $0.child?.followers))" }),
      (
        {
          let p: Person = $0.profile; _ = p
        }, { "\($0.profile)" }
      ),
    ]
    for await seed in SeededRandom.seeds(500) {
      var random = SeededRandom(seed: seed + 1)
      let store = makeStore()
      let observers = (0..<12).map { _ in Told() }
      var seen: [Int: (read: Int, value: String)] = [:]
      var told = [Int](repeating: 0, count: observers.count)
      for step in 0..<60 {
        let observer = Int(random.next() % UInt64(observers.count))
        if seen[observer] == nil, random.next() % 2 == 0 {
          let read = Int(random.next() % UInt64(reads.count))
          observers[observer].observe { reads[read].read(store) }
          seen[observer] = (read, reads[read].value(store.state))
        }
        let small = "\(random.next() % 2)"
        let change: PersonAction =
          switch random.next() % 5 {
          case 0: .rename(small)
          case 1: .follow
          case 2: .move(small)
          case 3: .rezip(small)
          default: .befriend(random.next() % 2 == 0 ? nil : small)
          }
        switch random.next() % 4 {
        case 0: store.send(.profile(change))
        case 1: store.send(.child(change))
        case 2: store.send(.setChild(random.next() % 2 == 0 ? nil : Person(name: small)))
        default: store.send(.nothing)
        }
        for (observer, reading) in seen
        where reads[reading.read].value(store.state) != reading.value {
          told[observer] += 1
          seen[observer] = nil
        }
        #expect(observers.map(\.count) == told, "seed \(seed), step \(step)")
      }
    }
  }
}
