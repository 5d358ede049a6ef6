import Loop
import LoopTesting
import Testing

/// Runtime warnings raised by a test store's reducer or effects fail the test, at the line of
/// the send that led to them; outside a test store they go to the handler bound with
/// `RuntimeWarnings.withHandler`.
@MainActor
@Suite("Runtime warnings")
struct RuntimeWarningTests {
  struct Failure: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
  }

  struct State: Equatable {
    var child: Int?
    var rows: IdentifiedArray<Int, Row> = []
  }

  struct Row: Identifiable, Equatable { var id: Int }

  enum Action: Equatable, Sendable {
    case save
    case child
    case row(Int)
  }

  static let reducer = Reducer<State, Action, Void>.combine(
    Reducer { _, action, _ in
      guard case .save = action else { return .none }
      return .run { _ in
        await Task.yield()
        throw Failure()
      }
    },
    Reducer<Int, Void, Void> { _, _, _ in .none }.optional(line: 1)
      .pullback(
        state: \.child,
        action: CasePath(embed: { .child }, extract: { if case .child = $0 { () } else { nil } }),
        environment: { $0 }),
    Reducer<Row, Void, Void> { _, _, _ in .none }
      .forEach(
        state: \.rows,
        action: CasePath(
          embed: { .row($0.0) }, extract: { if case let .row(id) = $0 { (id, ()) } else { nil } }),
        environment: { $0 }, line: 2)
  )

  /// The text and line of every issue `body` records.
  func issues(_ body: @MainActor () async -> Void) async -> [(text: String, line: Int?)] {
    let issues = LockedState<[(text: String, line: Int?)]>([])
    await withKnownIssue {
      await body()
    } matching: { issue in
      issues.withLock {
        $0.append((issue.comments.map(\.rawValue).joined(), issue.sourceLocation?.line))
      }
      return true
    }
    return issues.withLock { $0 }
  }

  @Test("an effect's error with no catch: handler fails the test at the send that started it")
  func unhandledErrorFails() async {
    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    let line = #line + 2
    let issues = await issues {
      await store.send(.save).finish()
    }
    #expect(issues.map(\.line) == [line])
    #expect(
      issues.first?.text == """
        An effect threw an error that no "catch:" handler took: the disk is full

        The store carries on. To fix, pass "catch:" to ".run" to turn the error into an action, \
        or catch it inside the operation.
        """)
  }

  @Test("each warning is reported at the line of its own send, from a loop or not")
  func linePerSend() async {
    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    let first = #line + 3
    let second = #line + 3
    let issues = await issues {
      for _ in 0..<2 { await store.send(.child) }
      let task = await store.send(.save)
      await store.send(.child)
      await task.finish()
    }
    #expect(issues.compactMap(\.line).sorted() == [first, first, second, second + 1])
  }

  @Test("an action for a nil optional child fails the test")
  func optionalChildFails() async {
    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    let line = #line + 1
    let issues = await issues { await store.send(.child) }
    #expect(issues.map(\.line) == [line])
    #expect(
      issues.first?.text == """
        An optional reducer received an action when its state was nil: ()

        This is usually a sign that an effect outlived the state it was for. To fix, cancel the \
        child's effects when you set its state to nil. (reducer made at \
        LoopTestingTests/RuntimeWarningTests.swift:1)
        """)
  }

  @Test("an action for a forEach id that is not there fails the test")
  func missingElementFails() async {
    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    let issues = await issues { await store.send(.row(7)) }
    #expect(issues.count == 1)
    #expect(
      issues.first?.text.hasPrefix(
        "A forEach reducer received an action for an element that is not in the array: id 7")
        == true)
  }

  @Test(
    "finish() returns only after the effect's error was reported, every time", arguments: 0..<50)
  func reportedBeforeFinish(round: Int) async {
    let warnings = LockedState<[String]>([])
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    let task = RuntimeWarnings.withHandler({ message in
      warnings.withLock { $0.append(message) }
    }) {
      store.send(.save)
    }
    // NB: Waited for off the main actor, the waiter wakes on the pool the moment the effect
    // counts as ended, while the main actor goes on: the report must already be in.
    let reported = await Task.detached {
      await task.finish()
      return warnings.withLock { $0.count }
    }.value
    #expect(reported == 1)
  }

  @Test(
    "the handler in scope at each send gets that send's warnings, not the first send's")
  func handlerPerSend() async {
    let first = LockedState<[String]>([])
    let second = LockedState<[String]>([])
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    await RuntimeWarnings.withHandler({ message in first.withLock { $0.append(message) } }) {
      await store.send(.save).finish()
    }
    await RuntimeWarnings.withHandler({ message in second.withLock { $0.append(message) } }) {
      await store.send(.save).finish()
      store.send(.child)
    }
    #expect(first.withLock { $0.count } == 1)
    #expect(second.withLock { $0.count } == 2)
  }

  @Test("a TestStore's own handler wins over one bound around it")
  func testStoreHandlerWins() async {
    let outer = LockedState<[String]>([])
    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    let issues = await issues {
      await RuntimeWarnings.withHandler({ message in outer.withLock { $0.append(message) } }) {
        await store.send(.save).finish()
      }
    }
    #expect(issues.count == 1)
    #expect(outer.withLock { $0.isEmpty })
  }
}
