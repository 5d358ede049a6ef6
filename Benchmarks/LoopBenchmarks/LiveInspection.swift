// NB: The page's reader uses LoopInspector's socket calls, which are package API: an app's
// package (Benchmarks/Outside) has no (s) or (t).
#if !LOOP_OUTSIDE_PACKAGE
  import Foundation
  import Loop
  import LoopInspector

  /// (s) and (t): a store watched by a live inspector (`store.inspect()`), with a page
  /// connected that reads every event, against the same store not inspected.
  ///
  /// (s) is an app sending 10,000 actions a second: each send waits for its 100 µs slot, so
  /// what the run takes is the app's pace, and the ratio says whether the inspector slows it.
  /// (t) sends as fast as it can: the ratio is what inspecting costs per send.
  @MainActor
  enum LiveInspection {
    struct Feature {
      struct State: Codable, Equatable, Sendable {
        var count = 0
        var title = "Batman Begins"
      }
      enum Action: Codable, Equatable, Sendable { case add(Int) }
      static let reducer = Reducer<State, Action, Void> { state, action, _ in
        switch action {
        case let .add(amount): state.count += amount
        }
        return .none
      }
    }

    static var workloads: [Workload] {
      [
        Workload(
          name: "(s) 10,000 actions a second to a store watched live by a page", operations: 10_000,
          quickOperations: 500,
          budget: 1.1,
          loop: { count in run(count, inspected: true, pace: .microseconds(100)) },
          floor: { count in run(count, inspected: false, pace: .microseconds(100)) }),
        Workload(
          name: "(t) send to a store watched live by a page, as fast as it goes",
          operations: 20_000,
          quickOperations: 500,
          budget: nil,
          loop: { count in run(count, inspected: true, pace: nil) },
          floor: { count in run(count, inspected: false, pace: nil) }),
      ]
    }

    /// Sends `count` actions, one per `pace` (`nil`: back to back), to a store inspected or
    /// not; returns the count the store reached.
    static func run(_ count: Int, inspected: Bool, pace: Duration?) -> Int {
      let store = Store(initialState: Feature.State(), reducer: Feature.reducer, environment: ())
      var inspector: LiveInspector<Feature.State, Feature.Action>?
      var reader: Thread?
      if inspected {
        inspector = try? store.inspect(announce: { _ in })
        if let inspector { reader = readEvents(port: inspector.port, url: inspector.url) }
      }
      let clock = ContinuousClock()
      var slot = clock.now
      for _ in 0..<count {
        store.send(.add(1))
        if let pace {
          slot = slot.advanced(by: pace)
          // NB: A spin, not a sleep: no sleep is as fine as 100 µs.
          while clock.now < slot {}
        }
      }
      inspector?.stop()
      _ = reader
      return store.state.count
    }

    /// A page on its own thread: opens the events and reads them until the server ends them.
    private static func readEvents(port: UInt16, url: String) -> Thread? {
      guard let token = url.split(separator: "token=").last,
        let fd = try? LoopbackSocket.connect(port: port)
      else { return nil }
      let request = "GET /events?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
      let thread = Thread {
        LoopbackSocket.write(fd, request.utf8)
        while LoopbackSocket.read(fd) != nil {}
        LoopbackSocket.close(fd)
      }
      thread.start()
      return thread
    }
  }
#else
  enum LiveInspection {
    static var workloads: [Workload] { [] }
  }
#endif
