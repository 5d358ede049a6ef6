import Loop
import LoopTesting
import Testing

/// A feature that closes itself, tested on its own: the test store stands in for its parent
/// (`isDismissed`), as TCA's does. And `withExhaustivity`.
@MainActor
@Suite("TestStore: isDismissed and withExhaustivity", .hangBackstop)
struct TestStoreDismissalTests {
  enum Editor {
    struct State: Equatable {
      var title = ""
      var ticks = 0
    }
    enum Action: Equatable, Sendable {
      case startTimer, tick, titleChanged(String), cancelTapped, saveTapped
    }

    static let reducer = Reducer<State, Action, any Clock<Duration>> { state, action, clock in
      switch action {
      case .startTimer:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      case .tick:
        state.ticks += 1
        return .none
      case let .titleChanged(title):
        state.title = title
        return .none
      case .cancelTapped:
        return .dismiss
      case .saveTapped:
        return .run { _ in
          try await clock.sleep(for: .milliseconds(100))  // the save
          await dismiss()
        }
      }
    }
  }

  func makeStore(_ clock: TestClock) -> TestStore<Editor.State, Editor.Action, any Clock<Duration>>
  {
    TestStore(initialState: Editor.State(), reducer: Editor.reducer, environment: clock)
  }

  @Test("return .dismiss dismisses the feature and ends its running timer; the test ends clean")
  func dismissEffect() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    #expect(!store.isDismissed)
    await store.send(.cancelTapped)
    #expect(store.isDismissed)
  }

  @Test("dismiss() from an effect dismisses it once the effect gets there")
  func dismissFunction() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.saveTapped)
    #expect(!store.isDismissed)
    await clock.advance(by: .milliseconds(100))
    #expect(store.isDismissed)
  }

  @Test("sending to a dismissed feature fails, saying so, and sends nothing")
  func sendAfterDismissal() async {
    let store = makeStore(TestClock())
    await store.send(.cancelTapped)
    await withKnownIssue {
      await store.send(.titleChanged("x"))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        Sent TestStoreDismissalTests.Editor.Action.titleChanged("x") to a feature that dismissed \
        itself.

        Nothing was sent: a dismissed feature is gone, and its effects have ended. To fix, send \
        nothing after the action that dismisses it, or check `store.isDismissed` first.
        """
      ]
    }
    #expect(store.state.title == "")
  }

  @Test("withExhaustivity(.off) checks only what its block asserts, then exhaustivity is back")
  func withExhaustivity() async {
    let store = makeStore(TestClock())
    await store.withExhaustivity(.off) {
      await store.send(.titleChanged("draft"))  // not asserted: fine here
      #expect(store.exhaustivity == .off)
    }
    #expect(store.exhaustivity == .on)
    await withKnownIssue {
      await store.send(.titleChanged("final"))  // not asserted: a failure again
    }
    store.withExhaustivity(.off(showSkippedAssertions: false)) {
      #expect(store.exhaustivity == .off)
    }
    #expect(store.exhaustivity == .on)
  }
}
