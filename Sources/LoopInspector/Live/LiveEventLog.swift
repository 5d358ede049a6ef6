/// The events a live inspector sends its pages, numbered from 1, the newest kept within a
/// count and a size: what every page reads from, at its own pace. A pure value — no lock, no
/// thread; ``LiveSession`` holds it.
///
/// ```swift
/// var log = LiveEventLog(maximumCount: 2, maximumBytes: 1 << 20)
/// _ = log.append(name: "step", data: "[1]")   // 1
/// _ = log.append(name: "step", data: "[2]")   // 2
/// _ = log.append(name: "step", data: "[3]")   // 3; event 1 is gone
/// log.events(after: 0)                        // .missed(1)
/// log.events(after: 1)                        // .events([2, 3])
/// ```
///
/// A page that falls behind by more than the log keeps is told how many events it missed
/// (``Read/missed(_:)``), never waited for: the app appends whether or not anyone reads.
struct LiveEventLog {
  /// One event: its number, its SSE name, its JSON.
  struct Event: Equatable {
    var id: Int
    var name: String
    var data: String
  }

  /// What a page reads after the last event it has.
  enum Read: Equatable {
    /// The events after it, oldest first (none when it has every event).
    case events([Event])
    /// The events after it are no longer kept: this many were dropped before it read them.
    case missed(Int)
  }

  let maximumCount: Int
  let maximumBytes: Int
  /// The kept events are `storage[head...]`; the slots before `head` are evicted, and
  /// compacted away once they are half the storage.
  private var storage: [Event] = []
  private var head = 0
  private var bytes = 0
  /// The number of the newest event (0 before the first).
  private(set) var lastID = 0

  init(maximumCount: Int, maximumBytes: Int) {
    self.maximumCount = max(1, maximumCount)
    self.maximumBytes = max(1, maximumBytes)
  }

  /// The number of events kept.
  var count: Int { storage.count - head }

  /// The size of the events kept, in UTF-8 bytes of their data.
  var byteCount: Int { bytes }

  /// Appends an event, evicting the oldest beyond the bounds (the newest is always kept);
  /// returns its number.
  mutating func append(name: String, data: String) -> Int {
    lastID += 1
    storage.append(Event(id: lastID, name: name, data: data))
    bytes += data.utf8.count
    while count > 1, count > maximumCount || bytes > maximumBytes {
      bytes -= storage[head].data.utf8.count
      head += 1
    }
    if head > 64, head * 2 > storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return lastID
  }

  /// The events after event `id`, or how many of them are gone.
  func events(after id: Int) -> Read {
    let first = lastID - count + 1
    if id >= lastID { return .events([]) }
    if id + 1 < first { return .missed(first - id - 1) }
    return .events(Array(storage[(head + (id + 1 - first))...]))
  }
}
