/// The changes between two states, and applying them: the test store's diff semantics (only
/// what changed, each with its path) over JSON, for any app's recorded states.
///
/// - Objects: a member in both is compared within; one only before is removed, one only after
///   is added.
/// - Arrays: the elements both have are compared by index; the longer one's tail is added or
///   removed — removed from the end backwards, so each removal is of the last element.
/// - Anything else that differs (a scalar, or a value that changed kind) is replaced whole.
///
/// `apply(diff(a, b), to: a) == b` and `revert(diff(a, b), from: b) == a`, for every pair of
/// values: `StateDiffTests` checks it against random values.
enum StateDiff {
  /// The changes that turn `old` into `new`; none when they are equal.
  static func changes(from old: JSONValue, to new: JSONValue) -> [StateChange] {
    var changes: [StateChange] = []
    var path: [StateChange.Key] = []
    collect(old, new, &path, &changes)
    return changes
  }

  private static func collect(
    _ old: JSONValue, _ new: JSONValue, _ path: inout [StateChange.Key],
    _ changes: inout [StateChange]
  ) {
    switch (old, new) {
    case let (.object(before), .object(after)):
      for member in before {
        path.append(.member(member.key))
        if let now = after.first(where: { $0.key == member.key }) {
          collect(member.value, now.value, &path, &changes)
        } else {
          changes.append(StateChange(path: path, old: member.value, new: nil))
        }
        path.removeLast()
      }
      for member in after where !before.contains(where: { $0.key == member.key }) {
        changes.append(StateChange(path: path + [.member(member.key)], old: nil, new: member.value))
      }
    case let (.array(before), .array(after)):
      for index in 0..<min(before.count, after.count) {
        path.append(.index(index))
        collect(before[index], after[index], &path, &changes)
        path.removeLast()
      }
      for index in (after.count..<max(before.count, after.count)).reversed() {
        changes.append(StateChange(path: path + [.index(index)], old: before[index], new: nil))
      }
      for index in before.count..<max(before.count, after.count) {
        changes.append(StateChange(path: path + [.index(index)], old: nil, new: after[index]))
      }
    default:
      if old != new { changes.append(StateChange(path: path, old: old, new: new)) }
    }
  }

  /// `value` with `changes` applied in order (each `new` set at its path).
  static func apply(_ changes: [StateChange], to value: JSONValue) -> JSONValue {
    var value = value
    for change in changes { set(change.new, at: change.path[...], in: &value) }
    return value
  }

  /// `value` with `changes` undone: each `old` set back, in reverse order.
  static func revert(_ changes: [StateChange], from value: JSONValue) -> JSONValue {
    var value = value
    for change in changes.reversed() { set(change.old, at: change.path[...], in: &value) }
    return value
  }

  /// Sets `new` at `path` in `value`; `nil` removes what is there.
  private static func set(
    _ new: JSONValue?, at path: ArraySlice<StateChange.Key>, in value: inout JSONValue
  ) {
    guard let key = path.first else {
      value = new ?? .null
      return
    }
    let rest = path.dropFirst()
    switch (key, value) {
    case (let .member(name), .object(var members)):
      if let index = members.firstIndex(where: { $0.key == name }) {
        if rest.isEmpty, new == nil {
          members.remove(at: index)
        } else {
          set(new, at: rest, in: &members[index].value)
        }
      } else if let new {
        var added = JSONValue.null
        set(new, at: rest, in: &added)
        members.append((name, added))
      }
      value = .object(members)
    case (let .index(index), .array(var elements)):
      if index < elements.count {
        if rest.isEmpty, new == nil {
          elements.remove(at: index)
        } else {
          set(new, at: rest, in: &elements[index])
        }
      } else if let new, index == elements.count {
        var added = JSONValue.null
        set(new, at: rest, in: &added)
        elements.append(added)
      }
      value = .array(elements)
    default:
      // NB: A path through a value of another kind: only a change made by another diff can
      // ask for it; the value is left as it is.
      break
    }
  }
}
