// The ways to declare a shared value a TCA port reaches for (Sources/Loop/Sharing/): a key that
// carries its default, a value of its own under no key, and `withLock`.
import Foundation
import LoopTesting
import Observation
import Testing

@testable import Loop

extension DefaultedSharedKey<Int> {
  static var launchCount: Self { .inMemory("launchCount", default: 0) }
}

private struct Launches {
  @Shared(.launchCount) var launchCount
}

private struct SignUpData: Equatable, Sendable, Codable {
  var email = ""
  var topics: [String] = []
}

private enum SignUp {
  struct State: Equatable {
    var data: Shared<SignUpData>
  }
  enum Action: Equatable, Sendable { case picked(String) }
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case let .picked(topic):
      state.data.withLock { $0.topics.append(topic) }
      return .none
    }
  }
}

private enum Topics {
  struct State: Equatable {
    var topics: Shared<[String]>
  }
  enum Action: Equatable, Sendable { case add(String) }
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case let .add(topic):
      state.topics.wrappedValue.append(topic)
      return .none
    }
  }
}

@MainActor
@Suite("Declaring shared values")
struct SharedDeclarationGuideExamples {
  @Test("a key that carries its default: declared with the key alone, one value for all")
  func defaultedKey() {
    let first = Launches()
    let second = Launches()
    #expect(first.launchCount == 0)
    first.$launchCount.withLock { $0 += 1 }
    #expect(second.launchCount == 1)
  }

  @Test("a default on the declaration wins over the key's")
  func declarationDefaultWins() {
    @Shared(DefaultedSharedKey.inMemory("banner", default: "key's")) var banner = "declared"
    #expect(banner == "declared")
  }

  @Test("file and user-defaults keys carry defaults too; in a test they start from them")
  func persistedDefaults() {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("never-\(UUID()).json")
    @Shared(.file(url, default: ["a"])) var favorites: [String]
    @Shared(.userDefaults("theme-\(UUID())", default: "dark")) var theme: String
    #expect(favorites == ["a"])
    #expect(theme == "dark")
  }

  @Test("a value of its own: shared by whoever is handed it, found by nobody else")
  func ownValue() {
    let signUp = Shared(value: SignUpData())
    let handedOn = signUp
    let other = Shared(value: SignUpData())
    handedOn.withLock { $0.email = "blob@example.com" }
    #expect(signUp.wrappedValue.email == "blob@example.com")
    #expect(other.wrappedValue.email == "")
  }

  @Test("a test store asserts a value of its own like any shared value")
  func ownValueInATestStore() async {
    let store = TestStore(
      initialState: SignUp.State(data: Shared(value: SignUpData())), reducer: SignUp.reducer,
      environment: ())
    await store.send(.picked("Swift")) { $0.data.topics = ["Swift"] }
    await withKnownIssue {
      await store.send(.picked("Elm"))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix("The shared value of its own #") == true
    }
  }

  @Test("a member of a shared value, handed on as a Shared of its own, reads and writes through")
  func derivedMember() async {
    let signUp = Shared(value: SignUpData())
    let store = TestStore(
      initialState: Topics.State(topics: signUp.topics), reducer: Topics.reducer,
      environment: ())
    await store.send(.add("Swift")) { $0.topics.wrappedValue = ["Swift"] }
    #expect(signUp.wrappedValue.topics == ["Swift"])
    signUp.withLock { $0.topics.append("Elm") }
    #expect(store.state.topics.wrappedValue == ["Swift", "Elm"])
    store.assert { $0.topics.wrappedValue = ["Swift", "Elm"] }
    // With no Shared asked for, the member's value, as before.
    let topics = signUp.topics
    #expect(topics == ["Swift", "Elm"])
  }

  @Test("a view of the derived member is told when the member changes, not its siblings")
  func derivedMemberObservation() {
    let signUp = Shared(value: SignUpData())
    let topics: Shared<[String]> = signUp.topics
    let told = LockIsolated(0)
    func watch() {
      withObservationTracking {
        _ = topics.wrappedValue
      } onChange: {
        told.withValue { $0 += 1 }
      }
    }
    watch()
    signUp.withLock { $0.email = "blob@example.com" }
    SharedChecks.run()
    #expect(told.value == 0)
    signUp.withLock { $0.topics = ["Swift"] }
    SharedChecks.run()
    #expect(told.value == 1)
  }
}
