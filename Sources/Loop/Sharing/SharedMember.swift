/// A member of a shared value, by key path.
final class SharedMember<Parent: Sendable, Member: Sendable>: SharedDerivation,
  @unchecked Sendable
{
  // NB: @unchecked: main thread only, as every shared value.
  let parent: Shared<Parent>
  let keyPath: WritableKeyPath<Parent, Member> & Sendable

  init(parent: Shared<Parent>, keyPath: WritableKeyPath<Parent, Member> & Sendable) {
    self.parent = parent
    self.keyPath = keyPath
  }

  var value: Member { parent.currentValue[keyPath: keyPath] }

  func observedValue() -> Member {
    let member = parent.currentValue[keyPath: keyPath]
    parent.observe(keyPath, seen: member)
    return member
  }

  func set(_ value: Member) {
    parent.wrappedValue[keyPath: keyPath] = value
  }

  func observe<Part>(_ part: KeyPath<Member, Part>, seen: Part) {
    parent.observe(keyPath.appending(path: part), seen: seen)
  }

  func registerInOwnTable(_ register: (ObservedValues<Member?>, Member?) -> Bool) -> Bool {
    false
  }

  var rootKeyID: String { parent.rootKeyID }
  func flushRoot() throws(SharedStorageError) { try parent.flush() }
}
