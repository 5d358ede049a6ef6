extension Effect {
  /// The actions of this effect, run on its own, without a store.
  ///
  /// The effect starts on the main actor as soon as the stream is made; the stream ends when
  /// every operation has ended. Cancelling the
  /// iterating task (or dropping the stream) cancels the effect. Ids are scoped to this run.
  ///
  /// ```swift
  /// for await action in Feature.reducer.reduce(into: &state, action: .load, environment: env).actions {
  ///   print(action)
  /// }
  /// ```
  public var actions: AsyncStream<Action> {
    let effect = self
    return AsyncStream { continuation in
      let task = Task { @MainActor in
        let storage = EffectStorage()
        let send = Send<Action> { continuation.yield($0) }
        do {
          try await EffectStorage.$current.withValue(storage) {
            try await effect.run(send: send)
          }
        } catch {
          reportUnhandledError(error, of: nil)
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
