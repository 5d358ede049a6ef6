/// The bindings a SwiftUI view presents and stacks with: a sheet's `isPresented`, a
/// `NavigationStack`'s path. Each is a ``StoreBinding``, usable and tested anywhere; its
/// `swiftUI` is the `SwiftUI.Binding` where SwiftUI exists.
extension Store {
  /// Whether the child at `toChild` is presented, as a binding: reading it observes whether
  /// the child is there (not its fields); a view setting it to `false` — a sheet swiped down —
  /// sends `.dismiss` through `toPresentationAction`.
  ///
  /// ```swift
  /// .sheet(isPresented: store.binding(isPresented: \.editor, action: Action.editor).swiftUI) {
  ///   if let editor = store.scope(state: \.editor, action: Action.editor) {
  ///     EditorView(store: editor)
  ///   }
  /// }
  /// ```
  ///
  /// Setting `false` while nothing is presented (the reducer dismissed the child first) sends
  /// nothing; setting `true` sends nothing either, since only the reducer can make the child's
  /// state: send the action that presents it.
  ///
  /// - Complexity: O(1).
  public func binding<ChildState, ChildAction>(
    isPresented toChild: KeyPath<State, ChildState?>,
    action toPresentationAction: @escaping (PresentationAction<ChildAction>) -> Action
  ) -> StoreBinding<Bool> {
    let isPresented = toChild.appending(path: \.storeFieldIsPresent)
    return StoreBinding(
      get: { self[dynamicMember: isPresented] },
      set: { newValue in
        guard !newValue, self.untrackedState[keyPath: isPresented] else { return }
        self.send(toPresentationAction(.dismiss))
      })
  }

  /// `binding(isPresented:action:)`, routed by a ``CasePath`` to the child's
  /// ``PresentationAction``.
  public func binding<ChildState, ChildAction>(
    isPresented toChild: KeyPath<State, ChildState?>,
    action toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>
  ) -> StoreBinding<Bool> {
    binding(isPresented: toChild, action: { toPresentationAction.embed($0) })
  }

  /// The presented child's store, as a binding for `.sheet(item:)`, a popover or a cover:
  /// `nil` while nothing is presented. The same store object while the same child (the same
  /// `id`) is presented, so the sheet stays up through the child's edits and is shown anew
  /// when another child replaces it.
  ///
  /// ```swift
  /// .sheet(item: store.binding(item: \.editor, action: Action.editor).swiftUI) { editor in
  ///   EditorView(store: editor)
  /// }
  /// ```
  ///
  /// Reading it observes whether the child is there and its `id`, not its fields (see
  /// `scope(state:action:)`). A view setting it to `nil` — the sheet swiped down — sends
  /// `.dismiss` through `toPresentationAction`, unless the child is already gone; setting a
  /// store sends nothing, since only the reducer can make the child's state.
  ///
  /// - Complexity: O(1).
  public func binding<ChildState: Identifiable, ChildAction>(
    item toChild: KeyPath<State, ChildState?>,
    action toPresentationAction: @escaping (PresentationAction<ChildAction>) -> Action
  ) -> StoreBinding<Store<ChildState, ChildAction>?> {
    StoreBinding(
      get: { self.scope(state: toChild, action: { toPresentationAction(.presented($0)) }) },
      set: { newValue in
        guard newValue == nil, self.untrackedState[keyPath: toChild] != nil else { return }
        self.send(toPresentationAction(.dismiss))
      })
  }

  /// `binding(item:action:)`, routed by a ``CasePath`` to the child's ``PresentationAction``.
  public func binding<ChildState: Identifiable, ChildAction>(
    item toChild: KeyPath<State, ChildState?>,
    action toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>
  ) -> StoreBinding<Store<ChildState, ChildAction>?> {
    binding(item: toChild, action: { toPresentationAction.embed($0) })
  }

  /// The screens of the stack at `toStack`, as a binding for a `NavigationStack`'s path:
  /// reading it observes the stack; a view changing it sends the ``StackAction``s that make
  /// the stack the same.
  ///
  /// ```swift
  /// NavigationStack(path: store.binding(path: \.path, action: Action.path).swiftUI) {
  ///   RootView(store: store)
  ///     .navigationDestination(for: StackPath<Screen.State>.Element.self) { screen in
  ///       if let screenStore = store.scope(forEach: \.path, id: screen.id, action: Action.path) {
  ///         ScreenView(store: screenStore)
  ///       }
  ///     }
  /// }
  /// ```
  ///
  /// A new path is compared with the stack's ids, bottom first. Where they first differ, the
  /// stack's screen there and every one above it are popped, with one `.popFrom(id:)`; each
  /// screen of the new path from there on is pushed, with `.push(id:state:)`, in order. So
  /// the back button pops, a `NavigationLink(value: store.path.pushing(state))` pushes, and
  /// anything else is a pop followed by pushes. A push under an id the stack has is the
  /// stack's runtime warning, as for any `.push`.
  ///
  /// - Complexity: O(*n*) for *n* screens, to read or to set.
  public func binding<ScreenState: Sendable, ScreenAction: Sendable>(
    path toStack: KeyPath<State, StackState<ScreenState>>,
    action toStackAction: @escaping (StackAction<ScreenState, ScreenAction>) -> Action
  ) -> StoreBinding<StackPath<ScreenState>> {
    StoreBinding(
      get: { StackPath(self[dynamicMember: toStack]) },
      set: { newPath in
        let ids = self.untrackedState[keyPath: toStack].ids
        var kept = 0
        while kept < ids.count, kept < newPath.count, ids[kept] == newPath[kept].id { kept += 1 }
        if kept < ids.count { self.send(toStackAction(.popFrom(id: ids[kept]))) }
        for screen in newPath.dropFirst(kept) {
          self.send(toStackAction(.push(id: screen.id, state: screen.state)))
        }
      })
  }

  /// `binding(path:action:)`, routed by a ``CasePath`` to the stack's actions.
  public func binding<ScreenState: Sendable, ScreenAction: Sendable>(
    path toStack: KeyPath<State, StackState<ScreenState>>,
    action toStackAction: CasePath<Action, StackAction<ScreenState, ScreenAction>>
  ) -> StoreBinding<StackPath<ScreenState>> {
    binding(path: toStack, action: { toStackAction.embed($0) })
  }
}
