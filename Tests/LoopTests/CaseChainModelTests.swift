import Loop
import LoopTesting
import Testing

// NB: A model-based test of case chains (`CasePath.then(_:)`, `[id:]`) against the plain
// computation: a hand-written `switch` for each link kind, over thousands of seeded chains of
// 1–6 links and values built to match them, to miss them at one link, or at random. Every link
// kind appears at every depth: a case, an element by id (rows and stack screens), `.presented`
// entered explicitly and on its own, `Result.success`, a hand-written `CasePath`, and as the
// last link a case with no payload, a case with a payload, or `Result.failure`.

private struct Failure: Error, Equatable { var code: Int }

private indirect enum Node: Equatable, Sendable {
  case child(Node)
  case rows(id: Int, action: Node)
  case sheet(PresentationAction<Node>)
  case path(StackAction<Int, Node>)
  case result(Result<Node, Failure>)
  case custom(Node)
  case leaf(Int)
  case done
  case other
}

/// A link from a `Node` to a `Node`.
private enum Link: CustomStringConvertible {
  case child
  case row(Int)
  case presented  // .sheet, then .presented
  case sheetChild  // .sheet, then .child with .presented left out
  case screen(Int)
  case success
  case custom

  var description: String {
    switch self {
    case .child: ".child"
    case let .row(id): ".rows[id: \(id)]"
    case .presented: ".sheet.presented"
    case .sheetChild: ".sheet.child"
    case let .screen(id): ".path[id: \(id)]"
    case .success: ".result.success"
    case .custom: ".custom (a CasePath)"
    }
  }
}

/// The last link: where the chain's value ends.
private enum End: CustomStringConvertible {
  case node  // the chain's value is a Node
  case leaf  // .leaf, an Int
  case done  // .done, no payload
  case sheetDone  // .sheet.done, .presented left out
  case failure  // .result.failure

  var description: String {
    switch self {
    case .node: "(Node)"
    case .leaf: ".leaf"
    case .done: ".done"
    case .sheetDone: ".sheet.done"
    case .failure: ".result.failure"
    }
  }
}

/// The hand-written case path of `.custom`: what a `CasePath` link stands for.
private let customPath = CasePath<Node, Node>(
  embed: Node.custom,
  extract: { if case let .custom(node) = $0 { node } else { nil } })

/// The chain, built with `then` and `[id:]`, as a user writes it.
private func chain(_ links: [Link]) -> CasePath<Node, Node> {
  var path = CasePath<Node, Node>.identity
  for link in links {
    switch link {
    case .child: path = path.then(Node.child)
    case let .row(id): path = path.then(Node.rows)[id: id]
    case .presented: path = path.then(Node.sheet).then(PresentationAction.presented)
    case .sheetChild: path = path.then(Node.sheet).then(Node.child)
    case let .screen(id): path = path.then(Node.path)[id: StackElementID(integerLiteral: id)]
    case .success: path = path.then(Node.result).then(Result.success)
    case .custom: path = path.then(customPath)
    }
  }
  return path
}

/// The model: one link taken by hand, with pattern matching.
private func extract(_ link: Link, from node: Node) -> Node? {
  switch (link, node) {
  case let (.child, .child(inner)): inner
  case let (.row(id), .rows(id: rowID, action: inner)): rowID == id ? inner : nil
  case let (.presented, .sheet(.presented(inner))): inner
  case let (.sheetChild, .sheet(.presented(.child(inner)))): inner
  case let (.screen(id), .path(.element(id: screenID, action: inner))):
    screenID.rawValue == id ? inner : nil
  case let (.success, .result(.success(inner))): inner
  case let (.custom, .custom(inner)): inner
  default: nil
  }
}

/// The model: one link wrapped by hand.
private func embed(_ link: Link, _ node: Node) -> Node {
  switch link {
  case .child: .child(node)
  case let .row(id): .rows(id: id, action: node)
  case .presented: .sheet(.presented(node))
  case .sheetChild: .sheet(.presented(.child(node)))
  case let .screen(id): .path(.element(id: StackElementID(integerLiteral: id), action: node))
  case .success: .result(.success(node))
  case .custom: .custom(node)
  }
}

/// A value of the end's payload, as the model writes it: the node it ends in.
private func endNode(_ end: End, _ random: inout SeededRandom) -> Node {
  switch end {
  case .node: randomNode(depth: 2, &random)
  case .leaf: .leaf(Int.random(in: 0..<3, using: &random))
  case .done: .done
  case .sheetDone: .sheet(.presented(.done))
  case .failure: .result(.failure(Failure(code: Int.random(in: 0..<3, using: &random))))
  }
}

private func randomLink(_ random: inout SeededRandom) -> Link {
  switch Int.random(in: 0..<7, using: &random) {
  case 0: .child
  case 1: .row(Int.random(in: 0..<3, using: &random))
  case 2: .presented
  case 3: .sheetChild
  case 4: .screen(Int.random(in: 0..<3, using: &random))
  case 5: .success
  default: .custom
  }
}

private func randomNode(depth: Int, _ random: inout SeededRandom) -> Node {
  let pick = Int.random(in: 0..<(depth == 0 ? 3 : 14), using: &random)
  switch pick {
  case 0: return .leaf(Int.random(in: 0..<3, using: &random))
  case 1: return .done
  case 2: return .other
  case 3: return .sheet(.dismiss)
  case 4: return .path(.popFrom(id: 0))
  case 5: return .result(.failure(Failure(code: Int.random(in: 0..<3, using: &random))))
  default:
    return embed(randomLink(&random), randomNode(depth: depth - 1, &random))
  }
}

/// The value the chain should match, changed at one random level: another case, id, or
/// `Result` case there.
private func nearMiss(
  _ links: [Link], _ end: Node, _ random: inout SeededRandom
) -> Node {
  let level = Int.random(in: 0...links.count, using: &random)
  var node = level == links.count ? randomNode(depth: 1, &random) : end
  if level < links.count {
    // Replace the link at `level` with another (often a near one: same kind, other id).
    let link: Link =
      switch links[level] {
      case let .row(id): .row((id + 1) % 3)
      case let .screen(id): .screen((id + 1) % 3)
      default: randomLink(&random)
      }
    node = embed(link, node)
  }
  for link in links[..<min(level, links.count)].reversed() { node = embed(link, node) }
  return node
}

@Suite("Case chains against pattern matching (model-based)")
struct CaseChainModelTests {
  @Test("extract and embed agree with a hand-written switch for chains of 1–6 links")
  func chains() async {
    var checked = 0
    var matched = 0
    let seeds = SeededRandom.seeds(3_000)
    for await seed in seeds {
      var random = SeededRandom(seed: seed)
      let links = (0..<Int.random(in: 0...5, using: &random)).map { _ in randomLink(&random) }
      let ends: [End] = [.node, .leaf, .done, .sheetDone, .failure]
      let end = ends[Int.random(in: 0..<ends.count, using: &random)]
      // A chain of `links` plus its end: 1–6 links in all.
      let base = chain(links)
      let payload = endNode(end, &random)
      let exact = links.reversed().reduce(payload) { embed($1, $0) }
      let values = [
        exact, nearMiss(links, payload, &random), randomNode(depth: 6, &random),
      ]
      let context = "seed \(seed): \(links.map(\.description).joined())\(end)"
      for value in values {
        // The model: take each link by hand, then the end.
        var model: Node? = value
        for link in links { model = model.flatMap { extract(link, from: $0) } }
        switch end {
        case .node:
          #expect(base.extract(from: value) == model, "\(context)")
          #expect(base.embed(payload) == exact, "\(context)")
        case .leaf:
          let path = base.then(Node.leaf)
          let expected: Int? = if case let .leaf(n)? = model { n } else { nil }
          #expect(path.extract(from: value) == expected, "\(context)")
          if case let .leaf(n) = payload { #expect(path.embed(n) == exact, "\(context)") }
        case .done:
          let path = base.then(Node.done)
          #expect((path.extract(from: value) != nil) == (model == .done), "\(context)")
          #expect(path.embed(()) == exact, "\(context)")
        case .sheetDone:
          let path = base.then(Node.sheet).then(Node.done)
          #expect(
            (path.extract(from: value) != nil) == (model == .sheet(.presented(.done))),
            "\(context)")
          #expect(path.embed(()) == exact, "\(context)")
        case .failure:
          let path = base.then(Node.result).then(Result.failure)
          let expected: Failure? = if case let .result(.failure(f))? = model { f } else { nil }
          #expect(path.extract(from: value) == expected, "\(context)")
          if case let .result(.failure(f)) = payload {
            #expect(path.embed(f) == exact, "\(context)")
          }
        }
        checked += 1
        if value == exact { matched += 1 }
      }
    }
    #expect(checked == 3 * seeds.count)
    #expect(matched >= seeds.count)
  }

  @Test("a chain describes the action it matches, case by case")
  func descriptions() {
    // `.child` and `.custom` both hold a Node: named once a value of its case went through.
    let child = CasePath(Node.child)
    #expect(child.description == ".<child or custom>(…)")
    _ = child.extract(from: .child(.done))
    #expect(
      CasePath(Node.rows)[id: 1].then(child).then(Node.done).description
        == ".rows(id: 1, action: .child(.done))")
    #expect(
      CasePath(Node.sheet).then(Node.leaf).description == ".sheet(.presented(.leaf(…)))")
    #expect(
      CasePath(Node.path)[id: 2].then(Node.result).then(Result.failure).description
        == ".path(.element(id: 2, action: .result(.failure(…))))")
    #expect(
      CasePath(Node.sheet).then(customPath).description
        == ".sheet(.presented(CasePath<Node, Node>(…)))")
  }

  @Test("[case:] and modify take a chain, of an enum and of an optional enum")
  func caseAccess() {
    var node = Node.rows(id: 1, action: .child(.leaf(1)))
    let leaf = CasePath(Node.rows)[id: 1].then(Node.child).then(Node.leaf)
    #expect(node[case: leaf] == 1)
    node.modify(leaf) { $0 += 1 }
    #expect(node == .rows(id: 1, action: .child(.leaf(2))))
    #expect(node[case: CasePath(Node.rows)[id: 2].then(Node.child)] == nil)
    var optional: Node? = .sheet(.presented(.leaf(3)))
    optional[case: CasePath(Node.sheet).then(Node.leaf)]? += 1
    #expect(optional == .sheet(.presented(.leaf(4))))
    optional.modify(CasePath(Node.sheet).then(Node.leaf)) { $0 = 0 }
    #expect(optional == .sheet(.presented(.leaf(0))))
    optional[case: CasePath(Node.sheet).then(Node.leaf)] = nil
    #expect(optional == nil)
  }
}

extension Node: CaseAccessible {}

/// A store scoped, and a reducer pulled back, through a chain of three cases.
@MainActor
@Suite("Case chains route stores and reducers")
struct CaseChainRoutingTests {
  struct Counter: Equatable { var count = 0 }

  @Test("scope and pullback route through a chain of cases")
  func routing() {
    let leaf = CasePath(Node.sheet).then(Node.child).then(Node.leaf)
    let counter = Reducer<Counter, Int, Void> { state, amount, _ in
      state.count += amount
      return .none
    }
    let reducer = counter.pullback(state: \.self, action: leaf, environment: { $0 })
    let store = Store(initialState: Counter(), reducer: reducer, environment: ())
    store.send(.sheet(.presented(.child(.leaf(2)))))
    store.send(.sheet(.presented(.leaf(5))))  // not the chain: no .child
    #expect(store.state.count == 2)
    let child = store.scope(state: \.count, action: leaf)
    child.send(3)
    #expect(store.state.count == 5)
  }
}
