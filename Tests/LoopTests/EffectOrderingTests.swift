import Loop
import LoopTesting
import Testing

/// The order in which a store reduces the actions of nested effects: what TCA's users expect.
@MainActor
@Suite("Effect ordering")
struct EffectOrderingTests {
  enum Action: Equatable, Sendable {
    case start(Shape)
    case step(String)
  }

  /// How each step's follow-ups are wrapped.
  enum Shape: Equatable, Sendable { case plain, mapped, cancellable, merged }

  struct State: Equatable { var log: [String] = [] }

  static func follow(_ step: String, _ shape: Shape) -> Effect<Action> {
    let effect: Effect<Action> = .concatenate(.send(.step(step + "2")), .send(.step(step + "3")))
    switch shape {
    case .plain: return effect
    case .mapped:
      return Effect<String>.concatenate(.send(step + "2"), .send(step + "3")).map { .step($0) }
    case .cancellable: return effect.cancellable(id: step, cancelInFlight: true)
    case .merged: return .merge(.send(.step(step + "2")), .send(.step(step + "3")))
    }
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case let .start(shape):
      return .run { send in
        await send(.step("b1"))
        await send(.step("c1"))
      }
      .map { action in
        // Carries the shape to the reducer of b1 and c1.
        if case let .step(name) = action { .step("\(name)/\(shape)") } else { action }
      }
    case let .step(name):
      let parts = name.split(separator: "/")
      state.log.append(String(parts[0]))
      guard parts.count == 2, let shape = Shape(String(parts[1])) else { return .none }
      return follow(String(parts[0].prefix(1)), shape)
    }
  }

  @Test(
    "an effect's actions and the synchronous concatenations they return run in order: b1 b2 b3 c1 c2 c3",
    arguments: [Shape.plain, .mapped, .cancellable, .merged])
  func synchronousConcatenation(shape: Shape) async {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    await store.send(.start(shape)).finish()
    #expect(store.state.log == ["b1", "b2", "b3", "c1", "c2", "c3"])
  }

  @Test("a concatenation's leading sends are reduced before send returns; the rest follow in order")
  func leadingSendsAreSynchronous() async {
    let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case .start:
        return .concatenate(
          .send(.step("a")), .cancel(id: "none"), .run { send in await send(.step("b")) },
          .send(.step("c")))
      case let .step(name):
        state.log.append(name)
        return .none
      }
    }
    let store = Store(initialState: State(), reducer: reducer, environment: ())
    let task = store.send(.start(.plain))
    #expect(store.state.log == ["a"])
    await task.finish()
    #expect(store.state.log == ["a", "b", "c"])
  }

  @Test("a concatenation of sends alone needs no task")
  func sendsOnlyNeedNoTask() {
    let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case .start: return .concatenate(.send(.step("a")), .send(.step("b")), .send(.step("c")))
      case let .step(name):
        state.log.append(name)
        return .none
      }
    }
    let store = Store(initialState: State(), reducer: reducer, environment: ())
    let task = store.send(.start(.plain))
    #expect(store.state.log == ["a", "b", "c"])
    #expect(store.inFlightEffectCount == 0)
    #expect(task.isCancelled)  // a send that started nothing has nothing left to run
  }

  @Test("the same order through a TestStore")
  func testStoreOrder() async {
    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    await store.send(.start(.plain))
    for (index, step) in ["b1", "b2", "b3", "c1", "c2", "c3"].enumerated() {
      await store.receive({ if case let .step(name) = $0 { name.hasPrefix(step) } else { false } })
      {
        $0.log = Array(["b1", "b2", "b3", "c1", "c2", "c3"].prefix(index + 1))
      }
    }
    await store.finish()
  }
}

extension EffectOrderingTests.Shape {
  init?(_ name: String) {
    switch name {
    case "plain": self = .plain
    case "mapped": self = .mapped
    case "cancellable": self = .cancellable
    case "merged": self = .merged
    default: return nil
    }
  }
}
