/// A key path that a reducer or a store applies on every action, applied at the cost of the
/// stored property it names when it names one.
///
/// Applying a `KeyPath` goes through the runtime: it walks the path's components and looks up
/// generic metadata for each projection, some hundreds of nanoseconds where reading a stored
/// property costs a load. When the path is a chain of stored properties of structs and tuples,
/// `MemoryLayout<Root>.offset(of:)` gives where its value lies in `Root`, and reading or
/// editing it through a pointer at that offset is the same access (that is the documented use
/// of the offset). Any other path — a computed property, a property wrapper's, a class's
/// property, an optional chain, a subscript — has no offset and is applied as a key path.
///
/// The offset is found once, when the reducer or the scope is built.
///
/// ```swift
/// let toChild = StoredPath(\Parent.child)      // WritableKeyPath<Parent, Child?>
/// let child = toChild.read(parent)             // parent.child
/// toChild.modify(&parent) { $0?.count += 1 }   // parent.child?.count += 1
/// ```
@usableFromInline
struct StoredPath<Root, Value> {
  @usableFromInline let keyPath: KeyPath<Root, Value>
  /// The path, when it was given as writable: what ``modify(_:_:)`` applies when there is no
  /// offset (kept as given, so no action casts it).
  @usableFromInline let writable: WritableKeyPath<Root, Value>?
  /// The value's offset in `Root`, or -1 when the path is not a chain of stored properties.
  @usableFromInline let offset: Int

  /// A path that is only read.
  @inlinable
  init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.writable = nil
    self.offset = MemoryLayout<Root>.offset(of: keyPath) ?? -1
  }

  /// A path that is read and edited.
  @inlinable
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.writable = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath) ?? -1
  }

  /// `root[keyPath: keyPath]`.
  @inlinable
  @inline(__always)
  func read(_ root: Root) -> Value {
    guard offset >= 0 else { return root[keyPath: keyPath] }
    return withUnsafePointer(to: root) {
      UnsafeRawPointer($0).load(fromByteOffset: offset, as: Value.self)
    }
  }

  /// Reads the value at this path in `root` where it is, without copying `root` first (which
  /// ``read(_:)`` does: a copy retains every reference the root holds, and releases them
  /// after). For a root that lives in a class's stored property, read after every send.
  @inlinable
  @inline(__always)
  func read(in root: inout Root) -> Value {
    guard offset >= 0 else { return root[keyPath: keyPath] }
    return withUnsafeMutablePointer(to: &root) {
      UnsafeRawPointer($0).load(fromByteOffset: offset, as: Value.self)
    }
  }

  /// Runs `body` on `root[keyPath: keyPath]` in place; the path must have been given as a
  /// `WritableKeyPath`.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard offset >= 0 else {
      guard let writable else {
        preconditionFailure("StoredPath.modify on a path made read-only: \(keyPath)")
      }
      return body(&root[keyPath: writable])
    }
    return withUnsafeMutablePointer(to: &root) {
      body(
        &UnsafeMutableRawPointer($0).advanced(by: offset).assumingMemoryBound(to: Value.self)
          .pointee)
    }
  }
}
