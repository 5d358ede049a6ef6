import Foundation
import Loop

/// A long recorded session, for `loop-inspect`'s scale check: (a)'s counter, every tenth
/// action an effect round trip as in (b).
enum SessionWorkload {
  /// Records `actions` actions (about one in eleven fed back by an effect) to `url`; returns
  /// whether every line was written.
  @MainActor
  static func record(actions: Int, to url: URL) async -> Bool {
    let sink: SessionLogSink
    do {
      sink = try .file(url)
    } catch {
      print("loop-benchmarks: \(url.path): \(error)")
      return false
    }
    let recorder = SessionRecorder<Counter.State, Counter.Action>(name: "counter", to: sink)
    let store = Store(initialState: Counter.State(), reducer: Counter.reducer, environment: ())
    store.record(to: recorder)
    var sent = 0
    while recorder.entryCount < actions {
      if sent % 10 == 9 {
        await store.send(.start).finish()
      } else {
        store.send(.increment)
      }
      sent += 1
    }
    store.stopRecording()
    print("Recorded \(recorder.entryCount) actions to \(url.path).")
    return recorder.failures.isEmpty
  }
}
