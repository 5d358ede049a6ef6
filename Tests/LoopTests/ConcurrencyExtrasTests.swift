// What an app module ported from TCA needs with Loop alone (Sources/Loop/ConcurrencyExtras/):
// swift-concurrency-extras' LockIsolated, async Result(catching:), AnyHashableSendable.
import LoopTesting
import Testing

@testable import Loop

private struct Refused: Error, Equatable {}

private enum Fetch: Sendable {
  case load(Int)
  case loaded(Result<String, any Error>)
}

@MainActor
@Suite("Concurrency extras in Loop")
struct ConcurrencyExtrasTests {
  @Test("LockIsolated keeps every change made from many tasks at once")
  func lockIsolated() async {
    let count = LockIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<200 { group.addTask { count.withValue { $0 += 1 } } }
    }
    #expect(count.value == 200)
    count.setValue(7)
    #expect(count.withValue { $0 * 2 } == 14)
  }

  @Test("Result(catching:) awaits the work: its value, or the error it threw, typed or not")
  func resultCatching() async throws {
    let value = await Result { () async throws -> Int in
      await Task.yield()
      return 42
    }
    #expect(try value.get() == 42)
    let untyped = await Result { () async throws -> Int in throw Refused() }
    #expect(untyped.failureValue is Refused)
    let typed: Result<Int, Refused> = await Result { () async throws(Refused) -> Int in
      throw Refused()
    }
    #expect(typed == .failure(Refused()))
  }

  @Test("Result(catching:) inside an effect, around a service's async throwing call")
  func resultInAnEffect() async {
    let fetch: @Sendable (Int) async throws -> String = { id in
      guard id > 0 else { throw Refused() }
      return "item \(id)"
    }
    let store = TestStore(
      initialState: "",
      reducer: Reducer<String, Fetch, Void> { state, action, _ in
        switch action {
        case let .load(id):
          return .run { send in await send(.loaded(Result { try await fetch(id) })) }
        case let .loaded(.success(text)):
          state = text
          return .none
        case .loaded(.failure):
          state = "failed"
          return .none
        }
      }, environment: ())
    await store.send(.load(3))
    await store.receive({ if case .loaded(.success("item 3")) = $0 { true } else { false } }) {
      $0 = "item 3"
    }
    await store.send(.load(0))
    await store.receive({ if case .loaded(.failure) = $0 { true } else { false } }) {
      $0 = "failed"
    }
  }

  @Test("AnyHashableSendable compares and hashes as its base, once wrapped however often")
  func anyHashableSendable() {
    #expect(AnyHashableSendable(1) == AnyHashableSendable(1))
    #expect(AnyHashableSendable(1) != AnyHashableSendable("1"))
    #expect(AnyHashableSendable(AnyHashableSendable(1)) == AnyHashableSendable(1))
    #expect(AnyHashableSendable(AnyHashableSendable(1)).base is Int)
    #expect(Set<AnyHashableSendable>([1, 1, "search", true]).count == 3)
    #expect(AnyHashableSendable(1).hashValue == AnyHashable(1).hashValue)
    #expect("\(AnyHashableSendable("search"))" == "search")
  }

  @Test("an AnyHashableSendable made at run time cancels the effect another equal one named")
  func cancellationID() async {
    let store = TestStore(
      initialState: 0,
      reducer: Reducer<Int, Int, Void> { state, action, _ in
        switch action {
        case 1:
          return .run { _ in try await Task.never() }.cancellable(
            id: AnyHashableSendable("row-\(action)"))
        default:
          return .cancel(id: AnyHashableSendable("row-1"))
        }
      }, environment: ())
    await store.send(1)
    await store.send(2)
  }

  @Test("the identity case path routes a child whose actions are its parent's")
  func identity() {
    struct Screen { var count = 0 }
    let child = Reducer<Int, Int, Void> { state, action, _ in
      state += action
      return .none
    }
    let parent = child.pullback(state: \Screen.count, action: .identity, environment: { $0 })
    var screen = Screen()
    _ = parent.reduce(into: &screen, action: 3, environment: ())
    #expect(screen.count == 3)
    #expect(CasePath<Int, Int>.identity.extract(from: 5) == 5)
  }
}

extension Result {
  fileprivate var failureValue: Failure? {
    if case let .failure(error) = self { error } else { nil }
  }
}
