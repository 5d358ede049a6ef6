// A case with no payload received by its value, in an action that is not Equatable
// (Sources/LoopTesting/TestStore/TestStore+Receive.swift): TCA's `receive(\.done)`.
import LoopTesting
import Testing

private enum Job {
  struct State: Equatable { var progress = 0 }
  /// Not Equatable: neither is the payload of one case.
  struct Amount: Sendable { var value: Int }
  enum Action: Sendable {
    case start, step(Amount), done
  }
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .start:
      return .merge(.send(.step(Amount(value: 50))), .send(.done))
    case let .step(amount):
      state.progress += amount.value
      return .none
    case .done:
      state.progress = 100
      return .none
    }
  }
}

@MainActor
@Suite("Receiving a case with no payload by its value")
struct ReceiveCaseValueTests {
  @Test("a payload-less case of a non-Equatable action is received by its case")
  func receivedByCase() async {
    let store = TestStore(initialState: Job.State(), reducer: Job.reducer, environment: ())
    await store.send(.start)
    await store.receive(Job.Action.step) { $0.progress = 50 }
    await store.receive(.done) { $0.progress = 100 }
  }

  @Test("another case arriving instead fails, naming both")
  func wrongCase() async {
    await withKnownIssue {
      let store = TestStore(initialState: Job.State(), reducer: Job.reducer, environment: ())
      await store.send(.start)
      await store.receive(.done)
      await store.skipReceivedActions()
    } matching: { issue in
      issue.comments.first?.rawValue.contains("Job.Action.done") == true
    }
  }

  @Test("a case with a payload cannot be compared, and the failure says how to receive it")
  func payloadCase() async {
    await withKnownIssue {
      let store = TestStore(initialState: Job.State(), reducer: Job.reducer, environment: ())
      await store.send(.start)
      await store.receive(.step(Job.Amount(value: 50)))
      await store.skipReceivedActions()
    } matching: { issue in
      issue.comments.first?.rawValue
        == """
        receive(Job.Action.step(Job.Amount(value: 50))) cannot compare that action: Job.Action is \
        not Equatable, so only a case with no payload is received by its value, and this one has \
        a payload.

        To fix, receive the case itself (`receive(Job.Action.name)`) and assert the payload in \
        the state, or make Job.Action Equatable.
        """
    }
  }
}
