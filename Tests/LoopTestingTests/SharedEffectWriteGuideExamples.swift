// A shared value an effect writes itself, after the reduce (Sources/LoopTesting/TestStore/
// TestStore+Shared.swift): exhaustive tests assert it, as TCA's do, or fail naming its key.
import Loop
import LoopTesting
import Testing

/// A feature whose effect bumps a shared count on its own, sending nothing back, or sending one
/// action and then bumping it.
private enum Bump {
  struct State: Equatable, Sendable {
    var count: Shared<Int>
    var pings = 0
  }
  enum Action: Equatable, Sendable { case bumpLater, pingThenBump, ping, noop }
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    let count = state.count
    switch action {
    case .bumpLater:
      return .run { _ in await MainActor.run { count.wrappedValue += 1 } }
    case .pingThenBump:
      return .run { send in
        await send(.ping)
        await MainActor.run { count.wrappedValue += 1 }
      }
    case .ping:
      state.pings += 1
      return .none
    case .noop:
      return .none
    }
  }

  @MainActor static func store() -> TestStore<State, Action, Void> {
    TestStore(
      initialState: State(count: Shared(wrappedValue: 0, .inMemory("bumps"))), reducer: reducer,
      environment: ())
  }
}

@MainActor
@Suite("A shared value an effect writes")
struct SharedEffectWriteTests {
  @Test("asserted after the effect, as in TCA, it passes")
  func assertedAfterFinish() async {
    let store = Bump.store()
    await store.send(.bumpLater).finish()  // its effect writes state.count itself
    store.assert { $0.count.wrappedValue = 1 }
  }

  @Test("never asserted, it fails when the test ends, naming the key, with a diff")
  func unassertedFailsAtTheEnd() async {
    await withKnownIssue {
      let store = Bump.store()
      await store.send(.bumpLater).finish()
    } matching: { issue in
      issue.comments.first?.rawValue
        == """
        The shared value in memory "bumps" changed before the test ended, where no step \
        describes the change: an effect wrote it after the last action it sent, or code \
        outside any send did.

        − 0
        + 1

        (Expected: −, Actual: +)

        To fix, assert it once the write is done: `store.assert { $0.count = 2 }` through the \
        state's Shared field (after `await store.finish()`, for an effect), as in TCA.
        """
    }
  }

  @Test("written after the effect's last action was received, it fails at the next send")
  func unassertedFailsAtTheNextSend() async {
    let store = Bump.store()
    await store.send(.pingThenBump)
    await store.receive(.ping) { $0.pings = 1 }
    await withKnownIssue {
      await store.send(.noop)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #"The shared value in memory "bumps" changed before sending Bump.Action.noop"#) == true
    }
    // Once reported, the change is taken as it is: the end of the test does not fail again.
    await store.finish()
  }

  @Test("with exhaustivity off, it passes")
  func nonExhaustive() async {
    let store = Bump.store()
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.bumpLater).finish()
    await store.send(.noop)
  }
}
