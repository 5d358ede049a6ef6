import Dispatch

/// The slots whose observers must be checked: run by a store after every send (so a change a
/// send made is told before it returns), and by a main-queue job for a change made outside any
/// send — both through ``run()``, which checks each slot's `ObservedValues`.
@usableFromInline
enum SharedChecks {
  // NB: Main thread only. Plain values, initialised statically: the store reads `isPending`
  // after every send, and it must cost one load — so no dynamic exclusivity check either (a
  // global's is a call per access, as a class field's); no two accesses overlap on the one
  // thread.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) static var isPending = false
  @exclusivity(unchecked) nonisolated(unsafe) static var slots: [any AnySharedSlot] = []
  /// The list `run()` runs from, kept for its capacity.
  @exclusivity(unchecked) nonisolated(unsafe) static var spareSlots: [any AnySharedSlot] = []
  /// How many writes shared values have had, all together: a state holding a shared value
  /// compares `==` to its copy from before a write (both read the value now), so a `states`
  /// stream asks this whether some shared value changed in between.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) static var writes = 0
  /// Whether a main-queue job is queued to run the checks: one at a time, so a run of sends
  /// that each change a value (whose store runs the checks) queues one job, not one per send.
  @exclusivity(unchecked) nonisolated(unsafe) static var isJobQueued = false

  static func schedule(_ slot: any AnySharedSlot) {
    if !slots.contains(where: { $0 === slot }) { slots.append(slot) }
    isPending = true
    guard !isJobQueued else { return }
    isJobQueued = true
    // NB: A change made outside any send (an effect that writes directly) is told on the main
    // queue's next turn; inside a send, the store runs the checks first, and the job finds
    // nothing to do.
    MainQueue.queue.async {
      isJobQueued = false
      run()
    }
  }

  @usableFromInline
  static func run() {
    guard isPending else { return }
    isPending = false
    // NB: The lists trade places, so neither is copied nor reallocated per run; a slot changed
    // by an observer a check tells joins the other list, for the next run.
    var pending: [any AnySharedSlot] = []
    swap(&pending, &spareSlots)
    swap(&pending, &slots)
    for slot in pending { slot.checkObservers() }
    pending.removeAll(keepingCapacity: true)
    spareSlots = pending
  }
}
