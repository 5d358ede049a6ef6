import Observation

/// A view as SwiftUI runs one: its body observed; a change marks it, and the next frame
/// re-renders it once if marked. What the observation tests count re-renders with.
@MainActor
final class FrameView {
  private(set) var rendered = 0
  private var isMarked = false
  let body: @MainActor () -> Void

  init(_ body: @escaping @MainActor () -> Void) {
    self.body = body
    render()
    rendered = 0
  }

  /// Renders a frame; returns how many times the view re-rendered so far.
  func frame() -> Int {
    if isMarked { render() }
    return rendered
  }

  private func render() {
    isMarked = false
    rendered += 1
    withObservationTracking(body) { [weak self] in
      MainActor.assumeIsolated { self?.isMarked = true }
    }
  }
}
