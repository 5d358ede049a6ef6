/// The JSON values of one line as ``SessionLineEncoder`` builds them before writing it: nodes
/// and the links between them, in two flat arrays that the encoder keeps, with their capacity,
/// from line to line.
///
/// ```swift
/// let arena = NodeArena()
/// let root = arena.makeNode(parent: nil, key: nil)
/// try NodeEncoder(arena: arena, node: root).encode(value)   // then written from `root`
/// arena.removeAll()
/// ```
///
/// A node is an index into ``nodes``. An object's members and an array's items are links (an
/// object's with their key), chained from the container's node in the order they were added;
/// a container keeps adding to them after it is handed out, as `Encoder` containers do. A
/// line's tree is a few entries of two arrays, not an object per container: encoding a line
/// allocates only what `Codable` itself does (a box per keyed container).
final class NodeArena {
  enum Kind: UInt8 {
    /// Nothing encoded yet: written as `{}` inside a container, refused at the top.
    case nothing
    case null, `true`, `false`
    /// A number, already written as JSON in ``Node/text``.
    case number
    /// A string, ``Node/text``.
    case string
    case array, object
  }

  struct Node {
    var kind = Kind.nothing
    var text = ""
    /// An object's or array's first and last link (`-1`: none), and how many it has.
    var first = -1
    var last = -1
    var count = 0
    /// Where the value is, for its coding path: the node of its container (`-1`: the top) and
    /// its key there (`nil`: the container's own path, as a super encoder's).
    let parent: Int
    let key: (any CodingKey)?
    /// Whether an object's members are in ``memberLinks``: once it has
    /// ``indexedMemberCount`` of them.
    var isIndexed = false
  }

  struct Link {
    /// An object member's key (an array's items have none).
    let key: String
    var node: Int
    var next = -1
  }

  // NB: Unchecked: the arena belongs to one encoder, used on one thread a line at a time (see
  // `SessionLineEncoder.line`), and its arrays are touched a few times per encoded value.
  @exclusivity(unchecked) private(set) var nodes: [Node] = []
  @exclusivity(unchecked) private(set) var links: [Link] = []
  /// The link of each member of a large object, by the object and the member's key: a key
  /// looked for among an object's members in one lookup, not one comparison per member (a
  /// state holding a dictionary of 16,000 entries took 3.8 s a line, debug, compared member by
  /// member).
  @exclusivity(unchecked) private var memberLinks: [MemberKey: Int] = [:]

  /// How many members an object has before its members are looked for in ``memberLinks``:
  /// fewer are compared one by one, which costs less than hashing the key.
  static let indexedMemberCount = 16

  struct MemberKey: Hashable {
    let object: Int
    let key: String
  }

  init() {}

  /// Forgets every node and link, keeping the arrays' capacity.
  func removeAll() {
    nodes.removeAll(keepingCapacity: true)
    links.removeAll(keepingCapacity: true)
    if !memberLinks.isEmpty { memberLinks.removeAll(keepingCapacity: true) }
  }

  /// A new node that has encoded nothing, at `key` of the container `parent`.
  func makeNode(parent: Int?, key: (any CodingKey)?, kind: Kind = .nothing, text: String = "")
    -> Int
  {
    nodes.append(Node(kind: kind, text: text, parent: parent ?? -1, key: key))
    return nodes.count - 1
  }

  /// Sets `node` to a value that is not a container.
  func set(_ node: Int, _ kind: Kind, text: String = "") {
    nodes[node].kind = kind
    nodes[node].text = text
  }

  /// Makes `node` a container of `kind`: the one it already is, or a new, empty one.
  func makeContainer(_ node: Int, _ kind: Kind) {
    guard nodes[node].kind != kind else { return }
    if nodes[node].isIndexed {
      // NB: The object's members are gone with it; a new object under the same node starts
      // with none.
      nodes[node].isIndexed = false
      var link = nodes[node].first
      while link >= 0 {
        memberLinks[MemberKey(object: node, key: links[link].key)] = nil
        link = links[link].next
      }
    }
    nodes[node].kind = kind
    nodes[node].text = ""
    nodes[node].first = -1
    nodes[node].last = -1
    nodes[node].count = 0
  }

  /// Sets member `key` of the object `object` to `value`: a key set twice keeps its first
  /// place and its last value, and keys are compared as `String`s (canonically), as
  /// `JSONEncoder` compares them.
  func setMember(of object: Int, key: String, to value: Int) {
    guard nodes[object].count >= Self.indexedMemberCount else {
      var link = nodes[object].first
      while link >= 0 {
        if links[link].key == key {
          links[link].node = value
          return
        }
        link = links[link].next
      }
      append(Link(key: key, node: value), to: object)
      return
    }
    if !nodes[object].isIndexed {
      // NB: Its members so far: each key once, as a key set twice keeps its first link.
      nodes[object].isIndexed = true
      var link = nodes[object].first
      while link >= 0 {
        memberLinks[MemberKey(object: object, key: links[link].key)] = link
        link = links[link].next
      }
    }
    let memberKey = MemberKey(object: object, key: key)
    if let link = memberLinks[memberKey] {
      links[link].node = value
    } else {
      append(Link(key: key, node: value), to: object)
      memberLinks[memberKey] = links.count - 1
    }
  }

  /// Adds `value` as the next item of the array `array`.
  func appendItem(to array: Int, _ value: Int) {
    append(Link(key: "", node: value), to: array)
  }

  /// How many items the array `array` has.
  func count(of array: Int) -> Int { nodes[array].count }

  private func append(_ link: Link, to container: Int) {
    links.append(link)
    let index = links.count - 1
    if nodes[container].last >= 0 {
      links[nodes[container].last].next = index
    } else {
      nodes[container].first = index
    }
    nodes[container].last = index
    nodes[container].count += 1
  }

  /// The coding path of `node`: its containers' keys from the top, made only when asked for
  /// (an error's context, a container's `codingPath`).
  func codingPath(of node: Int) -> [any CodingKey] {
    var path: [any CodingKey] = []
    var node = node
    while node >= 0 {
      if let key = nodes[node].key { path.append(key) }
      node = nodes[node].parent
    }
    return path.reversed()
  }
}
