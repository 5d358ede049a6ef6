import LoopTesting
import Testing

@testable import Loop

/// Child states of every shape the language allows, for `ChildIdentity`.
private enum Shapes {
  struct Plain: Equatable { var value: Int }
  struct Keyed: Identifiable { var id: Int; var value: Int }
  enum Tab: Identifiable, Hashable {
    case list
    case item(Int)
    var id: Self { self }
  }
  final class Node: Identifiable {
    let value: Int
    init(value: Int) { self.value = value }
  }
  struct Wrapper<Value> { var value: Value }
  /// An `id` whose type is a class with mutable state: not `Sendable`.
  final class Tag: Hashable {
    var name: String
    init(name: String) { self.name = name }
    static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
  }
  struct Tagged: Identifiable { var id: Tag }
}

extension Shapes.Wrapper: Identifiable where Value: Hashable {
  var id: Value { value }
}

/// A feature generic over its child, as a library of reusable screens writes one: nothing
/// tells the compiler the child is `Identifiable`.
private enum Host<Child: Equatable & Sendable> {
  struct State: Equatable { var child: Child? }

  enum Action: Equatable, Sendable {
    case show(Child)
    case child(ChildAction)
  }

  enum ChildAction: Equatable, Sendable {
    case load
    case loaded
  }

  static func reducer() -> Reducer<State, Action, TestClock> {
    let child = Reducer<Child, ChildAction, TestClock> { _, action, clock in
      guard action == .load else { return .none }
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.loaded)
      }
    }
    return Reducer<State, Action, TestClock> { state, action, _ in
      if case let .show(child) = action { state.child = child }
      return .none
    }
    .ifLet(state: \.child, action: Action.child, environment: { $0 }, then: child)
  }
}

private struct IdentityProfile: Equatable, Identifiable, Sendable {
  var id: Int
  var name = ""
}

private struct IdentityDraft: Equatable, Sendable {
  var text: String
}

@MainActor
@Suite("Which child a state is: its id when Identifiable, else one identity")
struct ChildIdentityTests {
  /// The plain computation: the `id` where the compiler knows the type is `Identifiable`.
  private func expected<Child: Identifiable>(_ child: Child) -> ChildKey {
    ChildKey(child.id)
  }

  @Test(
    "the identity is the id of an Identifiable type and one value for any other, on every shape")
  func agreesWithThePlainComputation() async {
    let present = ChildKey.shared
    for await seed in SeededRandom.seeds(2_000) {
      var random = SeededRandom(seed: seed)
      let n = Int.random(in: -1_000...1_000, using: &random)
      let m = Int.random(in: -1_000...1_000, using: &random)

      let keyed = Shapes.Keyed(id: n, value: m)
      #expect(ChildIdentity<Shapes.Keyed>().of(keyed) == expected(keyed))
      #expect(
        (ChildIdentity<Shapes.Keyed>().of(keyed)
          == ChildIdentity<Shapes.Keyed>().of(
            Shapes.Keyed(id: m, value: n))) == (n == m))

      let tab = Bool.random(using: &random) ? Shapes.Tab.list : .item(n)
      #expect(ChildIdentity<Shapes.Tab>().of(tab) == expected(tab))

      let node = Shapes.Node(value: n)
      #expect(ChildIdentity<Shapes.Node>().of(node) == expected(node))
      #expect(
        ChildIdentity<Shapes.Node>().of(node) != ChildIdentity<Shapes.Node>().of(.init(value: n)))

      let wrapped = Shapes.Wrapper(value: "\(n)")
      #expect(ChildIdentity<Shapes.Wrapper<String>>().of(wrapped) == expected(wrapped))
      let optional: [Int]? = Bool.random(using: &random) ? nil : [n]
      #expect(
        ChildIdentity<Shapes.Wrapper<[Int]?>>().of(.init(value: optional))
          == expected(Shapes.Wrapper(value: optional)))
      // NB: Not `Identifiable`: the conformance needs a `Hashable` value.
      #expect(
        ChildIdentity<Shapes.Wrapper<Shapes.Plain>>().of(.init(value: .init(value: n))) == present)

      let tagged = Shapes.Tagged(id: Shapes.Tag(name: "\(n)"))
      #expect(ChildIdentity<Shapes.Tagged>().of(tagged) == expected(tagged))

      #expect(ChildIdentity<Shapes.Plain>().of(Shapes.Plain(value: n)) == present)
      #expect(ChildIdentity<Int>().of(n) == present)
      #expect(ChildIdentity<Shapes.Keyed?>().of(keyed) == present)
      #expect(ChildIdentity<(Int, Int)>().of((n, m)) == present)
      // NB: An existential does not conform to its own protocol.
      #expect(ChildIdentity<any Identifiable>().of(keyed) == present)

      // A generic context that knows nothing of the type gets the same identity.
      func opaque<Child>(_ child: Child) -> ChildKey { ChildIdentity<Child>().of(child) }
      #expect(opaque(keyed) == expected(keyed))
      #expect(opaque(Shapes.Plain(value: n)) == present)
    }
  }

  @Test("a key path through the identity names one field per child type")
  func keyPathsCompareByType() {
    let a: KeyPath<Shapes.Keyed?, ChildKey?> = \.[childIdentity: ChildIdentity()]
    let b: KeyPath<Shapes.Keyed?, ChildKey?> = \.[childIdentity: ChildIdentity()]
    let other: KeyPath<Shapes.Plain?, ChildKey?> = \.[childIdentity: ChildIdentity()]
    #expect(a == b)
    #expect(a as AnyKeyPath != other as AnyKeyPath)
    #expect(Shapes.Keyed(id: 3, value: 0)[keyPath: a] == ChildKey(3))
    #expect(Shapes.Keyed?.none[keyPath: a] == nil)
  }

  @Test("a generic feature's Identifiable child: replacing it ends the old child's effects")
  func genericIdentifiableChild() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Host<IdentityProfile>.State(), reducer: Host<IdentityProfile>.reducer(),
      environment: clock)
    await store.send(.show(IdentityProfile(id: 1))) { $0.child = IdentityProfile(id: 1) }
    await store.send(.child(.load))
    await store.send(.show(IdentityProfile(id: 2))) { $0.child = IdentityProfile(id: 2) }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test("a generic feature's child that is not Identifiable is the same child until it is nil")
  func genericPlainChild() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Host<IdentityDraft>.State(), reducer: Host<IdentityDraft>.reducer(),
      environment: clock)
    await store.send(.show(IdentityDraft(text: "a"))) { $0.child = IdentityDraft(text: "a") }
    await store.send(.child(.load))
    await store.send(.show(IdentityDraft(text: "b"))) { $0.child = IdentityDraft(text: "b") }
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.loaded))
    await store.finish()
  }

  @Test("a store scoped in generic code to an Identifiable child belongs to that child's id")
  func genericScopedStore() {
    func childStore<Child>(
      _ store: Store<Host<Child>.State, Host<Child>.Action>
    ) -> Store<Child, Host<Child>.ChildAction>? {
      store.scope(state: \.child, action: Host<Child>.Action.child)
    }
    let store = Store(
      initialState: Host<IdentityProfile>.State(child: IdentityProfile(id: 1)),
      reducer: Host<IdentityProfile>.reducer(),
      environment: TestClock())
    let first = childStore(store)
    #expect(first === childStore(store))
    store.send(.show(IdentityProfile(id: 2)))
    let second = childStore(store)
    #expect(second != nil)
    #expect(first !== second)
    #expect(second?.state == IdentityProfile(id: 2))

    let drafts = Store(
      initialState: Host<IdentityDraft>.State(child: IdentityDraft(text: "a")),
      reducer: Host<IdentityDraft>.reducer(),
      environment: TestClock())
    let draft = childStore(drafts)
    drafts.send(.show(IdentityDraft(text: "b")))
    #expect(draft === childStore(drafts))
  }
}
