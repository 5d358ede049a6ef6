import Loop
import LoopTesting
import Testing

// NB: A model-based test of case paths built from the case alone, against the plain
// computation: a hand-written `switch` (an `if case`) over thousands of seeded values, for
// every payload shape a Swift enum can have. Each case path is built afresh for each seed, so
// it learns its case from a different first value each time. The suite runs in debug and in
// release (CI runs both).

private struct Empty: Equatable, Sendable {}

private struct Failure: Error, Equatable { var code: Int }

private enum Child: Equatable, Sendable {
  case tap
  case set(Int)
}

private enum Wrapper<T: Sendable>: Sendable {
  case wrap(value: T)
  case other(T)
  case labeledPair(first: T, second: T)
  case nothing
}

/// Every payload shape: labeled and not, one value or several, overloaded names, optional,
/// existential, empty and uninhabited payloads, indirect cases, generic payloads, functions.
private indirect enum Shape: Sendable {
  case plain(Int)
  case labeled(action: Child)
  case payload(a: Int)
  case payload(b: Int)
  case pair(Int, String)
  case labeledPair(id: Int, action: Child)
  case mixedLabels(id: Int, String)
  case labeledTuple(point: (Int, Int))
  case optional(Int?)
  case labeledOptional(value: String?)
  case existential(any Sendable)
  case labeledExistential(error: any Error & Sendable)
  case void(Void)
  case empty(Empty)
  case labeledEmpty(nothing: Empty)
  case never(Never)
  case nested(Shape)
  case labeledNested(inner: Shape)
  case generic(Wrapper<Int>)
  case function(@Sendable (Int) -> Int)
  case metatype(Int.Type)
  case existentialMetatype(any Sendable.Type)
  case optionalFunction((@Sendable () -> Void)?)
  case withFunction(Int, @Sendable () -> Void)
  case none
  case also
}

private enum OneCase: Equatable, Sendable { case only }

/// Payloads that take no bytes, in an enum that is not `indirect`: the compiler tags such a
/// case among the cases without a payload (after the ones whose payload takes bytes), though
/// it has one. (`Shape` is `indirect`, so each of its payloads is a box.)
private enum Flat: Sendable {
  case value(Int)
  case unit(Void)
  case empty(Empty)
  case labeledEmpty(nothing: Empty)
  case one(OneCase)
  case labeledOne(action: OneCase)
  case pair(Int, OneCase)
  case zeroPair(Empty, OneCase)
  case optionalEmpty(Empty?)
  case existential(any Sendable)
  case none
  case also
}

/// One payload case whose payload takes no bytes, and cases without one.
private enum FlatSingle: Sendable {
  case one(action: OneCase)
  case none
  case also
}

/// More cases than one word of known tags holds.
private enum ManyCases: Equatable, Sendable {
  case p0(Int)
  case p1(Int)
  case p2(Int)
  case p3(Int)
  case p4(Int)
  case p5(Int)
  case p6(Int)
  case p7(Int)
  case p8(Int)
  case p9(Int)
  case p10(Int)
  case p11(Int)
  case p12(Int)
  case p13(Int)
  case p14(Int)
  case p15(Int)
  case p16(Int)
  case p17(Int)
  case p18(Int)
  case p19(Int)
  case p20(Int)
  case p21(Int)
  case p22(Int)
  case p23(Int)
  case p24(Int)
  case p25(Int)
  case p26(Int)
  case p27(Int)
  case p28(Int)
  case p29(Int)
  case p30(Int)
  case p31(Int)
  case p32(Int)
  case p33(Int)
  case p34(Int)
  case p35(Int)
  case p36(Int)
  case p37(Int)
  case p38(Int)
  case p39(Int)
  case p40(Int)
  case p41(Int)
  case p42(Int)
  case p43(Int)
  case p44(Int)
  case p45(Int)
  case p46(Int)
  case p47(Int)
  case p48(Int)
  case p49(Int)
  case p50(Int)
  case p51(Int)
  case p52(Int)
  case p53(Int)
  case p54(Int)
  case p55(Int)
  case p56(Int)
  case p57(Int)
  case p58(Int)
  case p59(Int)
  case p60(Int)
  case p61(Int)
  case p62(Int)
  case p63(Int)
  case p64(Int)
  case p65(Int)
  case p66(Int)
  case p67(Int)
  case p68(Int)
  case p69(Int)
  case e0
  case e1
  case e2
  case e3
  case e4
  case e5
  case e6
  case e7
  case e8
  case e9
  case e10
  case e11
  case e12
  case e13
  case e14
  case e15
  case e16
  case e17
  case e18
  case e19
  case e20
  case e21
  case e22
  case e23
  case e24
  case e25
  case e26
  case e27
  case e28
  case e29
  case e30
  case e31
  case e32
  case e33
  case e34
  case e35
  case e36
  case e37
  case e38
  case e39
  case e40
  case e41
  case e42
  case e43
  case e44
  case e45
  case e46
  case e47
  case e48
  case e49
  case e50
  case e51
  case e52
  case e53
  case e54
  case e55
  case e56
  case e57
  case e58
  case e59
}

@Suite("Case paths built from the case: every payload shape, model-tested")
struct CaseShapeModelTests {
  /// One case path, and the same extraction written as pattern matching, each giving a
  /// description of the payload (or `nil`), so that payloads of every type compare.
  struct Check<Root>: Sendable {
    var name: String
    var extract: @Sendable (Root) -> String?
    var plain: @Sendable (Root) -> String?
  }

  static func check<Root, Value>(
    _ name: String, _ make: @escaping @Sendable () -> CasePath<Root, Value>,
    _ plain: @escaping @Sendable (Root) -> Value?
  ) -> @Sendable () -> Check<Root> {
    {
      let path = make()
      return Check(
        name: name, extract: { path.extract(from: $0).map { String(describing: $0) } },
        plain: { plain($0).map { String(describing: $0) } })
    }
  }

  private static func shape(_ random: inout SeededRandom, depth: Int = 0) -> Shape {
    let n = Int(random.next() % 1_000)
    switch random.next() % 25 {
    case 0: return .plain(n)
    case 1: return .labeled(action: n.isMultiple(of: 2) ? .tap : .set(n))
    case 2: return .payload(a: n)
    case 3: return .payload(b: n)
    case 4: return .pair(n, "p\(n)")
    case 5: return .labeledPair(id: n, action: .set(-n))
    case 6: return .mixedLabels(id: n, "m\(n)")
    case 7: return .labeledTuple(point: (n, -n))
    case 8: return .optional(n.isMultiple(of: 3) ? nil : n)
    case 9: return .labeledOptional(value: n.isMultiple(of: 3) ? nil : "o\(n)")
    case 10: return .existential(n.isMultiple(of: 2) ? n : "e\(n)")
    case 11: return .labeledExistential(error: Failure(code: n))
    case 12: return .void(())
    case 13: return .empty(Empty())
    case 14: return .labeledEmpty(nothing: Empty())
    case 15: return depth > 1 ? .none : .nested(shape(&random, depth: depth + 1))
    case 16: return depth > 1 ? .also : .labeledNested(inner: shape(&random, depth: depth + 1))
    case 17:
      let wrappers: [Wrapper<Int>] = [
        .wrap(value: n), .other(n), .labeledPair(first: n, second: -n), .nothing,
      ]
      return .generic(wrappers[n % 4])
    case 18: return .function({ $0 + n })
    case 19: return .metatype(Int.self)
    case 20:
      let type: any Sendable.Type = n.isMultiple(of: 2) ? Int.self : String.self
      return .existentialMetatype(type)
    case 21:
      guard n.isMultiple(of: 2) else { return .optionalFunction(nil) }
      return .optionalFunction({})
    case 22: return .withFunction(n, {})
    case 23: return .none
    default: return .also
    }
  }

  /// The payload of `.payload(a:)` or `.payload(b:)`, whichever `label` names.
  private static func overloaded(_ shape: Shape, _ label: String) -> Int? {
    guard let field = Mirror(reflecting: shape).children.first, field.label == "payload",
      let element = Mirror(reflecting: field.value).children.first, element.label == label
    else { return nil }
    return element.value as? Int
  }

  /// One check per case of `Shape`, each its own statement (as one array literal, it is too
  /// much for the type checker).
  private static var shapeChecks: [@Sendable () -> Check<Shape>] {
    var checks: [@Sendable () -> Check<Shape>] = []
    checks.append(
      check("plain", { CasePath(Shape.plain) }) { if case let .plain(v) = $0 { v } else { nil } })
    checks.append(
      check("labeled", { CasePath(Shape.labeled(action:)) }) {
        if case let .labeled(v) = $0 { v } else { nil }
      })
    // NB: Swift cannot pattern-match a case whose name is overloaded ("ambiguous use of
    // 'payload'"): the plain computation tells them apart by the label a `Mirror` shows.
    checks.append(check("payload(a:)", { CasePath(Shape.payload(a:)) }) { overloaded($0, "a") })
    checks.append(check("payload(b:)", { CasePath(Shape.payload(b:)) }) { overloaded($0, "b") })
    checks.append(
      check("pair", { CasePath(Shape.pair) }) {
        if case let .pair(a, b) = $0 { (a, b) } else { nil }
      })
    checks.append(
      check("labeledPair", { CasePath(Shape.labeledPair(id:action:)) }) {
        if case let .labeledPair(a, b) = $0 { (a, b) } else { nil }
      })
    checks.append(
      check("mixedLabels", { CasePath(Shape.mixedLabels) }) {
        if case let .mixedLabels(a, b) = $0 { (a, b) } else { nil }
      })
    checks.append(
      check("labeledTuple", { CasePath(Shape.labeledTuple(point:)) }) {
        if case let .labeledTuple(v) = $0 { v } else { nil }
      })
    checks.append(
      check("optional", { CasePath(Shape.optional) }) {
        if case let .optional(v) = $0 { v } else { nil }
      })
    checks.append(
      check("labeledOptional", { CasePath(Shape.labeledOptional(value:)) }) {
        if case let .labeledOptional(v) = $0 { v } else { nil }
      })
    checks.append(
      check("existential", { CasePath(Shape.existential) }) {
        if case let .existential(v) = $0 { v } else { nil }
      })
    checks.append(
      check("labeledExistential", { CasePath(Shape.labeledExistential(error:)) }) {
        if case let .labeledExistential(v) = $0 { v } else { nil }
      })
    checks.append(
      check("void", { CasePath(Shape.void) }) { if case .void = $0 { () } else { nil } })
    checks.append(
      check("empty", { CasePath(Shape.empty) }) { if case let .empty(v) = $0 { v } else { nil } })
    checks.append(
      check("labeledEmpty", { CasePath(Shape.labeledEmpty(nothing:)) }) {
        if case let .labeledEmpty(v) = $0 { v } else { nil }
      })
    checks.append(check("never", { CasePath(Shape.never) }) { _ in Never?.none })
    checks.append(
      check("nested", { CasePath(Shape.nested) }) {
        if case let .nested(v) = $0 { v } else { nil }
      })
    checks.append(
      check("labeledNested", { CasePath(Shape.labeledNested(inner:)) }) {
        if case let .labeledNested(v) = $0 { v } else { nil }
      })
    checks.append(
      check("generic", { CasePath(Shape.generic) }) {
        if case let .generic(v) = $0 { v } else { nil }
      })
    checks.append(
      check(
        "generic, then labeled",
        {
          CasePath(Shape.generic).then(CasePath(Wrapper<Int>.wrap(value:)))
        }
      ) {
        if case let .generic(.wrap(v)) = $0 { v } else { nil }
      })
    checks.append(
      check(
        "generic, then its other case",
        {
          CasePath(Shape.generic).then(CasePath(Wrapper<Int>.other))
        }
      ) {
        if case let .generic(.other(v)) = $0 { v } else { nil }
      })
    checks.append(
      check(
        "generic, then a labeled pair",
        {
          CasePath(Shape.generic).then(CasePath(Wrapper<Int>.labeledPair(first:second:)))
        }
      ) {
        if case let .generic(.labeledPair(a, b)) = $0 { (a, b) } else { nil }
      })
    checks.append(
      check("existentialMetatype", { CasePath(Shape.existentialMetatype) }) {
        if case let .existentialMetatype(v) = $0 { v } else { nil }
      })
    return checks
  }

  /// Runs every check on `count` seeded values of each of `seeds` seeds, a fresh path per seed.
  private func run<Root>(
    _ checks: [@Sendable () -> Check<Root>], seeds: Range<UInt64>, count: Int,
    values: (inout SeededRandom) -> Root
  ) {
    var compared = 0
    for seed in seeds {
      let checks = checks.map { $0() }
      var random = SeededRandom(seed: seed)
      for index in 0..<count {
        let root = values(&random)
        for check in checks {
          let extracted = check.extract(root)
          let expected = check.plain(root)
          compared += 1
          guard extracted == expected else {
            Issue.record(
              """
              \(check.name), seed \(seed), value \(index): \(root) extracted \
              \(extracted ?? "nil"), pattern matching \(expected ?? "nil")
              """)
            return
          }
        }
      }
    }
    #expect(compared == checks.count * seeds.count * count)
  }

  @Test("every payload shape extracts as pattern matching does, on 10,000 seeded values each")
  func everyShape() {
    run(Self.shapeChecks, seeds: 0..<20, count: 500, values: { Self.shape(&$0) })
  }

  @Test("functions and labeled tuples round-trip: embed, then extract, gives the payload back")
  func roundTrips() {
    let labeled = CasePath(Shape.labeled(action:))
    #expect(labeled.extract(from: labeled.embed(.set(3))) == .set(3))
    let pair = CasePath(Shape.labeledPair(id:action:))
    let extracted = pair.extract(from: pair.embed((4, .tap)))
    #expect(extracted?.0 == 4 && extracted?.1 == .tap)
    let existential = CasePath(Shape.labeledExistential(error:))
    #expect(
      existential.extract(from: .labeledExistential(error: Failure(code: 7))) as? Failure
        == Failure(code: 7))
  }

  @Test("a function or metatype payload cannot be read: the first extraction says so, once")
  func unreadablePayloads() {
    let warnings = WarningLog()
    RuntimeWarnings.withHandler({ warnings.append($0) }) {
      let function = CasePath(Shape.function)
      let metatype = CasePath(Shape.metatype)
      let optional = CasePath(Shape.optionalFunction)
      let tuple = CasePath(Shape.withFunction)
      #expect(warnings.all.isEmpty)
      for _ in 0..<3 {
        #expect(function.extract(from: .function({ $0 })) == nil)
        #expect(metatype.extract(from: .metatype(Int.self)) == nil)
        #expect(optional.extract(from: .optionalFunction(nil)) == nil)
        #expect(tuple.extract(from: .none) == nil)
      }
    }
    #expect(
      warnings.all == [
        """
        CasePath(_:) cannot read a payload of type @Sendable (Int) -> Int from Shape: an enum \
        stores a function or a metatype (or a tuple or optional holding one) in a form that \
        generic code reads wrongly, so its extract finds nothing. To fix, use \
        CasePath(embed:extract:) with pattern matching.
        """,
        """
        CasePath(_:) cannot read a payload of type Int.Type from Shape: an enum stores a \
        function or a metatype (or a tuple or optional holding one) in a form that generic \
        code reads wrongly, so its extract finds nothing. To fix, use CasePath(embed:extract:) \
        with pattern matching.
        """,
        """
        CasePath(_:) cannot read a payload of type Optional<@Sendable () -> ()> from Shape: an enum \
        stores a function or a metatype (or a tuple or optional holding one) in a form that \
        generic code reads wrongly, so its extract finds nothing. To fix, use \
        CasePath(embed:extract:) with pattern matching.
        """,
        """
        CasePath(_:) cannot read a payload of type (Int, @Sendable () -> ()) from Shape: an \
        enum stores a function or a metatype (or a tuple or optional holding one) in a form \
        that generic code reads wrongly, so its extract finds nothing. To fix, use \
        CasePath(embed:extract:) with pattern matching.
        """,
      ])
  }

  private static func manyCases(_ random: inout SeededRandom) -> ManyCases {
    let n = Int(random.next() % 1_000)
    switch Int(random.next() % 130) {
    case 0: return .p0(n)
    case 1: return .p1(n)
    case 2: return .p2(n)
    case 3: return .p3(n)
    case 4: return .p4(n)
    case 5: return .p5(n)
    case 6: return .p6(n)
    case 7: return .p7(n)
    case 8: return .p8(n)
    case 9: return .p9(n)
    case 10: return .p10(n)
    case 11: return .p11(n)
    case 12: return .p12(n)
    case 13: return .p13(n)
    case 14: return .p14(n)
    case 15: return .p15(n)
    case 16: return .p16(n)
    case 17: return .p17(n)
    case 18: return .p18(n)
    case 19: return .p19(n)
    case 20: return .p20(n)
    case 21: return .p21(n)
    case 22: return .p22(n)
    case 23: return .p23(n)
    case 24: return .p24(n)
    case 25: return .p25(n)
    case 26: return .p26(n)
    case 27: return .p27(n)
    case 28: return .p28(n)
    case 29: return .p29(n)
    case 30: return .p30(n)
    case 31: return .p31(n)
    case 32: return .p32(n)
    case 33: return .p33(n)
    case 34: return .p34(n)
    case 35: return .p35(n)
    case 36: return .p36(n)
    case 37: return .p37(n)
    case 38: return .p38(n)
    case 39: return .p39(n)
    case 40: return .p40(n)
    case 41: return .p41(n)
    case 42: return .p42(n)
    case 43: return .p43(n)
    case 44: return .p44(n)
    case 45: return .p45(n)
    case 46: return .p46(n)
    case 47: return .p47(n)
    case 48: return .p48(n)
    case 49: return .p49(n)
    case 50: return .p50(n)
    case 51: return .p51(n)
    case 52: return .p52(n)
    case 53: return .p53(n)
    case 54: return .p54(n)
    case 55: return .p55(n)
    case 56: return .p56(n)
    case 57: return .p57(n)
    case 58: return .p58(n)
    case 59: return .p59(n)
    case 60: return .p60(n)
    case 61: return .p61(n)
    case 62: return .p62(n)
    case 63: return .p63(n)
    case 64: return .p64(n)
    case 65: return .p65(n)
    case 66: return .p66(n)
    case 67: return .p67(n)
    case 68: return .p68(n)
    case 69: return .p69(n)
    case 70: return .e0
    case 71: return .e1
    case 72: return .e2
    case 73: return .e3
    case 74: return .e4
    case 75: return .e5
    case 76: return .e6
    case 77: return .e7
    case 78: return .e8
    case 79: return .e9
    case 80: return .e10
    case 81: return .e11
    case 82: return .e12
    case 83: return .e13
    case 84: return .e14
    case 85: return .e15
    case 86: return .e16
    case 87: return .e17
    case 88: return .e18
    case 89: return .e19
    case 90: return .e20
    case 91: return .e21
    case 92: return .e22
    case 93: return .e23
    case 94: return .e24
    case 95: return .e25
    case 96: return .e26
    case 97: return .e27
    case 98: return .e28
    case 99: return .e29
    case 100: return .e30
    case 101: return .e31
    case 102: return .e32
    case 103: return .e33
    case 104: return .e34
    case 105: return .e35
    case 106: return .e36
    case 107: return .e37
    case 108: return .e38
    case 109: return .e39
    case 110: return .e40
    case 111: return .e41
    case 112: return .e42
    case 113: return .e43
    case 114: return .e44
    case 115: return .e45
    case 116: return .e46
    case 117: return .e47
    case 118: return .e48
    case 119: return .e49
    case 120: return .e50
    case 121: return .e51
    case 122: return .e52
    case 123: return .e53
    case 124: return .e54
    case 125: return .e55
    case 126: return .e56
    case 127: return .e57
    case 128: return .e58
    case 129: return .e59
    default: return .e0
    }
  }

  private static func flat(_ random: inout SeededRandom) -> Flat {
    let n = Int(random.next() % 1_000)
    switch random.next() % 12 {
    case 0: return .value(n)
    case 1: return .unit(())
    case 2: return .empty(Empty())
    case 3: return .labeledEmpty(nothing: Empty())
    case 4: return .one(.only)
    case 5: return .labeledOne(action: .only)
    case 6: return .pair(n, .only)
    case 7: return .zeroPair(Empty(), .only)
    case 8: return .optionalEmpty(n.isMultiple(of: 2) ? Empty() : nil)
    case 9: return .existential(n.isMultiple(of: 2) ? n : Empty())
    case 10: return .none
    default: return .also
    }
  }

  @Test("payloads that take no bytes, tagged among the cases without one, extract as matching")
  func zeroSizedPayloads() {
    var checks: [@Sendable () -> Check<Flat>] = []
    checks.append(
      Self.check("value", { CasePath(Flat.value) }) {
        if case let .value(v) = $0 { v } else { nil }
      })
    checks.append(
      Self.check("unit", { CasePath(Flat.unit) }) { if case .unit = $0 { () } else { nil } })
    checks.append(
      Self.check("empty", { CasePath(Flat.empty) }) {
        if case let .empty(v) = $0 { v } else { nil }
      })
    checks.append(
      Self.check("labeledEmpty", { CasePath(Flat.labeledEmpty(nothing:)) }) {
        if case let .labeledEmpty(v) = $0 { v } else { nil }
      })
    checks.append(
      Self.check("one", { CasePath(Flat.one) }) { if case let .one(v) = $0 { v } else { nil } })
    checks.append(
      Self.check("labeledOne", { CasePath(Flat.labeledOne(action:)) }) {
        if case let .labeledOne(v) = $0 { v } else { nil }
      })
    checks.append(
      Self.check("pair", { CasePath(Flat.pair) }) {
        if case let .pair(a, b) = $0 { (a, b) } else { nil }
      })
    checks.append(
      Self.check("zeroPair", { CasePath(Flat.zeroPair) }) {
        if case let .zeroPair(a, b) = $0 { (a, b) } else { nil }
      })
    checks.append(
      Self.check("optionalEmpty", { CasePath(Flat.optionalEmpty) }) {
        if case let .optionalEmpty(v) = $0 { v } else { nil }
      })
    checks.append(
      Self.check("existential", { CasePath(Flat.existential) }) {
        if case let .existential(v) = $0 { v } else { nil }
      })
    run(checks, seeds: 0..<40, count: 250, values: { Self.flat(&$0) })
    let single: [@Sendable () -> Check<FlatSingle>] = [
      Self.check("one", { CasePath(FlatSingle.one(action:)) }) {
        if case let .one(v) = $0 { v } else { nil }
      }
    ]
    run(single, seeds: 0..<40, count: 250) { random in
      switch random.next() % 3 {
      case 0: .one(action: .only)
      case 1: .none
      default: .also
      }
    }
  }

  @Test("an enum of 130 cases: tags past the first 64 are learned and remembered too")
  func manyCaseEnum() {
    let checks: [@Sendable () -> Check<ManyCases>] = [
      Self.check("p0", { CasePath(ManyCases.p0) }) { if case let .p0(v) = $0 { v } else { nil } },
      Self.check("p33", { CasePath(ManyCases.p33) }) {
        if case let .p33(v) = $0 { v } else { nil }
      },
      Self.check("p64", { CasePath(ManyCases.p64) }) {
        if case let .p64(v) = $0 { v } else { nil }
      },
      Self.check("p69", { CasePath(ManyCases.p69) }) {
        if case let .p69(v) = $0 { v } else { nil }
      },
    ]
    run(checks, seeds: 0..<10, count: 1_000, values: { Self.manyCases(&$0) })
  }

  @Test("isSameCase agrees with a hand-written switch on 10,000 seeded pairs of every shape")
  func sameCase() {
    for seed in 0..<10 {
      var random = SeededRandom(seed: UInt64(seed))
      for _ in 0..<1_000 {
        let a = Self.shape(&random)
        let b = Self.shape(&random)
        #expect(isSameCase(a, a))
        guard isSameCase(a, b) == (Self.caseName(a) == Self.caseName(b)) else {
          Issue.record("seed \(seed): \(Self.caseName(a)) against \(Self.caseName(b))")
          return
        }
      }
    }
    var random = SeededRandom(seed: 99)
    for _ in 0..<1_000 {
      let a = Self.manyCases(&random)
      let b = Self.manyCases(&random)
      #expect(
        isSameCase(a, b)
          == (String(describing: a).prefix { $0 != "(" }
            == String(describing: b).prefix { $0 != "(" }))
    }
  }

  /// The case of `shape`, by a `switch`: the plain computation `isSameCase` must agree with.
  private static func caseName(_ shape: Shape) -> String {
    switch shape {
    case .plain: "plain"
    case .labeled: "labeled"
    case .pair: "pair"
    case .labeledPair: "labeledPair"
    case .mixedLabels: "mixedLabels"
    case .labeledTuple: "labeledTuple"
    case .optional: "optional"
    case .labeledOptional: "labeledOptional"
    case .existential: "existential"
    case .labeledExistential: "labeledExistential"
    case .void: "void"
    case .empty: "empty"
    case .labeledEmpty: "labeledEmpty"
    case .never: "never"
    case .nested: "nested"
    case .labeledNested: "labeledNested"
    case .generic: "generic"
    case .function: "function"
    case .metatype: "metatype"
    case .existentialMetatype: "existentialMetatype"
    case .optionalFunction: "optionalFunction"
    case .withFunction: "withFunction"
    case .none: "none"
    case .also: "also"
    // NB: The overloaded `.payload(a:)` and `.payload(b:)` cannot be told apart in a pattern;
    // their labels can (see `overloaded`).
    default: overloaded(shape, "a") != nil ? "payload(a:)" : "payload(b:)"
    }
  }
}
