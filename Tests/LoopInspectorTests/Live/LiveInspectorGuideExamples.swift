// The code Docs/Loop.docc/RecordAndReplay.md shows for the live inspector, compiled and run.
import Foundation
import Loop
import LoopInspector
import Testing

private enum Cart {
  struct State: Codable, Equatable, Sendable {
    var items: [String] = []
    var password = ""
  }
  enum Action: Codable, Equatable, Sendable {
    case add(String)
  }
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case let .add(item): state.items.append(item)
    }
    return .none
  }
}

@MainActor
@Suite struct LiveInspectorGuideExamples {
  @Test func inspectARunningStore() throws {
    let store = Store(initialState: Cart.State(), reducer: Cart.reducer, environment: ())
    var printed: [String] = []
    let print = { (line: String) in printed.append(line) }

    let hidingPassword = SessionRedaction<Cart.State, Cart.Action>(
      action: { $0 },
      state: { state in
        var state = state
        state.password = ""
        return state
      })

    let inspector = try store.inspect(
      name: "cart", redacting: hidingPassword, announce: { print($0) })
    // Loop inspector: http://127.0.0.1:41327/?token=6f0c…
    store.send(.add("apple"))  // on the page as it is reduced
    inspector.stop()

    #expect(printed.last == "Loop inspector: \(inspector.url)")
    #if DEBUG
      #expect(printed.count == 1)
    #else
      // A release build says, first, that it serves an inspector.
      #expect(
        printed.first
          == "warning: a live inspector is serving this store in a release build; call inspect() in debug builds only."
      )
    #endif
    #expect(store.state.items == ["apple"])
  }
}
