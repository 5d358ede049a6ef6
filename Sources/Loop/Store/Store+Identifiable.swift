extension Store: @MainActor Identifiable where State: Identifiable {
  /// The `id` of the store's state, so that a store is what SwiftUI's `.sheet(item:)` and
  /// `ForEach` take, as in TCA: a presented child's store keeps its `id` while the same child
  /// is shown.
  ///
  /// ```swift
  /// ForEach(store.scope(forEach: \.rows, action: Action.row)) { row in RowView(store: row) }
  /// ```
  ///
  /// Read as any field is, `store.id` observes the `id` alone.
  public var id: State.ID { self[dynamicMember: StoreKeyPaths.keyPath(.id) { \State.id }] }
}
