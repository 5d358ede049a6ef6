/// The changes between two states, and applying them: the test store's diff semantics (only
/// what changed, each with its path) over JSON, for any app's recorded states.
///
/// - Objects: a member in both is compared within; one only before is removed, one only after
///   is added.
/// - Arrays of identified elements (objects whose `id`s are unique scalars, as an
///   `IdentifiedArray` encodes) whose common elements kept their order: compared by id — an
///   element removed or inserted is one change at its index, and the rest are compared within.
///   Removals come first, from the last index back (indices before), then insertions, from the
///   first (indices after), then the changes within (indices after).
/// - Other arrays: the elements both have are compared by index; the longer one's tail is
///   added or removed — removed from the end backwards.
/// - At an array index, a change with no old value inserts there, one with no new value
///   removes what is there (and undone, the other way round).
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
      // NB: A member is looked for in the other object by its key: one by one in small
      // objects, through an index in large ones (compared one by one, two states holding a
      // dictionary of 16,000 entries took 256 million comparisons a diff). Either way the
      // first member with an equal key is the one compared.
      let isLarge = before.count + after.count > indexedMemberCount
      let afterIndex =
        isLarge
        ? Dictionary(
          after.indices.map { (after[$0].key, $0) }, uniquingKeysWith: { first, _ in first })
        : nil
      let beforeKeys = isLarge ? Set(before.map(\.key)) : nil
      for member in before {
        path.append(.member(member.key))
        let now =
          if let afterIndex { afterIndex[member.key].map { after[$0] } } else {
            after.first { $0.key == member.key }
          }
        if let now {
          collect(member.value, now.value, &path, &changes)
        } else {
          changes.append(StateChange(path: path, old: member.value, new: nil))
        }
        path.removeLast()
      }
      for member in after
      where !(beforeKeys?.contains(member.key) ?? before.contains { $0.key == member.key }) {
        changes.append(StateChange(path: path + [.member(member.key)], old: nil, new: member.value))
      }
    case let (.array(before), .array(after)):
      if let beforeIDs = ids(of: before), let afterIDs = ids(of: after), beforeIDs != afterIDs {
        let kept = Set(afterIDs)
        let had = Set(beforeIDs)
        // NB: By id only when the elements both have are in the same order; a move would need
        // a change of its own.
        if beforeIDs.filter(kept.contains) == afterIDs.filter(had.contains) {
          for index in before.indices.reversed() where !kept.contains(beforeIDs[index]) {
            changes.append(StateChange(path: path + [.index(index)], old: before[index], new: nil))
          }
          for index in after.indices where !had.contains(afterIDs[index]) {
            changes.append(StateChange(path: path + [.index(index)], old: nil, new: after[index]))
          }
          var previous: [String: JSONValue] = [:]
          for (id, element) in zip(beforeIDs, before) { previous[id] = element }
          for (index, id) in afterIDs.enumerated() {
            guard let element = previous[id] else { continue }
            path.append(.index(index))
            collect(element, after[index], &path, &changes)
            path.removeLast()
          }
          return
        }
      }
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

  /// How many members two objects have together before each is looked for in the other
  /// through an index: fewer are compared one by one, which costs less than hashing the keys.
  static let indexedMemberCount = 32

  /// The ids of `elements`, as text, when each is an object with a unique scalar `id`.
  private static func ids(of elements: [JSONValue]) -> [String]? {
    guard !elements.isEmpty else { return [] }
    var ids: [String] = []
    ids.reserveCapacity(elements.count)
    for element in elements {
      switch element["id"] {
      case .string(let text)?: ids.append("s" + text)
      case .number(let text)?: ids.append("n" + text)
      default: return nil
      }
    }
    return Set(ids).count == ids.count ? ids : nil
  }

  /// `value` with `changes` applied in order (each `new` set at its path).
  static func apply(_ changes: [StateChange], to value: JSONValue) -> JSONValue {
    var value = value
    for change in changes {
      set(change.new, at: change.path[...], inserting: change.old == nil, in: &value)
    }
    return value
  }

  /// `value` with `changes` undone: each `old` set back, in reverse order.
  static func revert(_ changes: [StateChange], from value: JSONValue) -> JSONValue {
    var value = value
    for change in changes.reversed() {
      set(change.old, at: change.path[...], inserting: change.new == nil, in: &value)
    }
    return value
  }

  /// Sets `new` at `path` in `value`; `nil` removes what is there. At an array index,
  /// `inserting` inserts `new` there rather than replacing what is there.
  private static func set(
    _ new: JSONValue?, at path: ArraySlice<StateChange.Key>, inserting: Bool,
    in value: inout JSONValue
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
          set(new, at: rest, inserting: inserting, in: &members[index].value)
        }
      } else if let new {
        var added = JSONValue.null
        set(new, at: rest, inserting: inserting, in: &added)
        members.append((name, added))
      }
      value = .object(members)
    case (let .index(index), .array(var elements)):
      if rest.isEmpty, let new, inserting, index <= elements.count {
        elements.insert(new, at: index)
      } else if index < elements.count {
        if rest.isEmpty, new == nil {
          elements.remove(at: index)
        } else {
          set(new, at: rest, inserting: inserting, in: &elements[index])
        }
      } else if let new, index == elements.count {
        var added = JSONValue.null
        set(new, at: rest, inserting: inserting, in: &added)
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
