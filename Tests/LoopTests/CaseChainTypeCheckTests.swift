import Loop
import Testing

// NB: Fifty chains of six case links each, every link kind mixed: a file the compiler must
// type-check quickly (Performance.md, "Case chains"). Each chain round-trips a value. Ten chains
// to a test: the optimiser's time grows faster than a function's length, and fifty chains in
// one function took 28 s of an optimised build (ten to a function: 5 s for all fifty).

private struct ChainFailure: Error {}

private enum L0: Sendable {
  case next(L1)
  case rows(id: Int, action: L1)
  case sheet(PresentationAction<L1>)
  case result(Result<L1, ChainFailure>)
  case stop
}

private enum L1: Sendable {
  case next(L2)
  case rows(id: Int, action: L2)
  case sheet(PresentationAction<L2>)
  case result(Result<L2, ChainFailure>)
  case stop
}

private enum L2: Sendable {
  case next(L3)
  case rows(id: Int, action: L3)
  case sheet(PresentationAction<L3>)
  case result(Result<L3, ChainFailure>)
  case stop
}

private enum L3: Sendable {
  case next(L4)
  case rows(id: Int, action: L4)
  case sheet(PresentationAction<L4>)
  case result(Result<L4, ChainFailure>)
  case stop
}

private enum L4: Sendable {
  case next(L5)
  case rows(id: Int, action: L5)
  case sheet(PresentationAction<L5>)
  case result(Result<L5, ChainFailure>)
  case stop
}

private enum L5: Sendable {
  case next(L6)
  case rows(id: Int, action: L6)
  case sheet(PresentationAction<L6>)
  case result(Result<L6, ChainFailure>)
  case stop
}

private enum L6: Sendable {
  case end
  case other
}

@Suite("Fifty six-link chains type-check and round-trip")
struct CaseChainTypeCheckTests {
  @Test("chains 0 to 9 extract what they embed")
  func roundTrips0To9() {
    let chain0 = CasePath(L0.result).then(Result.success).then(L1.rows)[id: 8].then(L2.result).then(
      Result.success
    ).then(L3.result).then(Result.success).then(L4.sheet).then(L5.rows)[id: 7].then(L6.end)
    #expect(chain0.extract(from: chain0.embed(())) != nil)
    let chain1 = CasePath(L0.rows)[id: 3].then(L1.result).then(Result.success).then(L2.result).then(
      Result.success
    ).then(L3.sheet).then(L4.next).then(L5.sheet).then(L6.end)
    #expect(chain1.extract(from: chain1.embed(())) != nil)
    let chain2 = CasePath(L0.rows)[id: 7].then(L1.rows)[id: 2].then(L2.next).then(L3.sheet).then(
      PresentationAction.presented
    ).then(L4.sheet).then(PresentationAction.presented).then(L5.rows)[id: 4].then(L6.end)
    #expect(chain2.extract(from: chain2.embed(())) != nil)
    let chain3 = CasePath(L0.sheet).then(PresentationAction.presented).then(L1.result).then(
      Result.success
    ).then(L2.rows)[id: 5].then(L3.sheet).then(L4.rows)[id: 9].then(L5.sheet).then(
      PresentationAction.presented
    ).then(L6.end)
    #expect(chain3.extract(from: chain3.embed(())) != nil)
    let chain4 = CasePath(L0.sheet).then(PresentationAction.presented).then(L1.sheet).then(
      PresentationAction.presented
    ).then(L2.sheet).then(PresentationAction.presented).then(L3.sheet).then(L4.next).then(L5.rows)[
      id: 5
    ].then(L6.end)
    #expect(chain4.extract(from: chain4.embed(())) != nil)
    let chain5 = CasePath(L0.sheet).then(L1.sheet).then(PresentationAction.presented).then(L2.next)
      .then(L3.sheet).then(PresentationAction.presented).then(L4.sheet).then(L5.next).then(L6.end)
    #expect(chain5.extract(from: chain5.embed(())) != nil)
    let chain6 = CasePath(L0.sheet).then(L1.sheet).then(L2.sheet).then(PresentationAction.presented)
      .then(L3.sheet).then(PresentationAction.presented).then(L4.sheet).then(L5.rows)[id: 2].then(
        L6.end)
    #expect(chain6.extract(from: chain6.embed(())) != nil)
    let chain7 = CasePath(L0.rows)[id: 2].then(L1.rows)[id: 4].then(L2.result).then(Result.success)
      .then(L3.result).then(Result.success).then(L4.result).then(Result.success).then(L5.result)
      .then(Result.success).then(L6.end)
    #expect(chain7.extract(from: chain7.embed(())) != nil)
    let chain8 = CasePath(L0.next).then(L1.result).then(Result.success).then(L2.next).then(L3.next)
      .then(L4.next).then(L5.sheet).then(PresentationAction.presented).then(L6.end)
    #expect(chain8.extract(from: chain8.embed(())) != nil)
    let chain9 = CasePath(L0.result).then(Result.success).then(L1.result).then(Result.success).then(
      L2.next
    ).then(L3.result).then(Result.success).then(L4.sheet).then(L5.rows)[id: 9].then(L6.end)
    #expect(chain9.extract(from: chain9.embed(())) != nil)
  }

  @Test("chains 10 to 19 extract what they embed")
  func roundTrips10To19() {
    let chain10 = CasePath(L0.rows)[id: 3].then(L1.sheet).then(PresentationAction.presented).then(
      L2.sheet
    ).then(L3.sheet).then(L4.sheet).then(PresentationAction.presented).then(L5.next).then(L6.end)
    #expect(chain10.extract(from: chain10.embed(())) != nil)
    let chain11 = CasePath(L0.sheet).then(L1.next).then(L2.sheet).then(L3.next).then(L4.next).then(
      L5.rows)[id: 3].then(L6.end)
    #expect(chain11.extract(from: chain11.embed(())) != nil)
    let chain12 = CasePath(L0.result).then(Result.success).then(L1.rows)[id: 3].then(L2.sheet).then(
      PresentationAction.presented
    ).then(L3.rows)[id: 2].then(L4.result).then(Result.success).then(L5.next).then(L6.end)
    #expect(chain12.extract(from: chain12.embed(())) != nil)
    let chain13 = CasePath(L0.result).then(Result.success).then(L1.next).then(L2.result).then(
      Result.success
    ).then(L3.sheet).then(PresentationAction.presented).then(L4.rows)[id: 1].then(L5.rows)[id: 1]
    .then(L6.end)
    #expect(chain13.extract(from: chain13.embed(())) != nil)
    let chain14 = CasePath(L0.next).then(L1.result).then(Result.success).then(L2.sheet).then(
      L3.sheet
    ).then(PresentationAction.presented).then(L4.sheet).then(L5.sheet).then(
      PresentationAction.presented
    ).then(L6.end)
    #expect(chain14.extract(from: chain14.embed(())) != nil)
    let chain15 = CasePath(L0.rows)[id: 2].then(L1.next).then(L2.sheet).then(L3.result).then(
      Result.success
    ).then(L4.next).then(L5.next).then(L6.end)
    #expect(chain15.extract(from: chain15.embed(())) != nil)
    let chain16 = CasePath(L0.sheet).then(L1.sheet).then(PresentationAction.presented).then(L2.next)
      .then(L3.result).then(Result.success).then(L4.rows)[id: 3].then(L5.sheet).then(
        PresentationAction.presented
      ).then(L6.end)
    #expect(chain16.extract(from: chain16.embed(())) != nil)
    let chain17 = CasePath(L0.rows)[id: 8].then(L1.result).then(Result.success).then(L2.next).then(
      L3.sheet
    ).then(L4.result).then(Result.success).then(L5.sheet).then(PresentationAction.presented).then(
      L6.end)
    #expect(chain17.extract(from: chain17.embed(())) != nil)
    let chain18 = CasePath(L0.next).then(L1.next).then(L2.next).then(L3.rows)[id: 6].then(L4.next)
      .then(L5.sheet).then(L6.end)
    #expect(chain18.extract(from: chain18.embed(())) != nil)
    let chain19 = CasePath(L0.rows)[id: 1].then(L1.next).then(L2.next).then(L3.rows)[id: 6].then(
      L4.sheet
    ).then(PresentationAction.presented).then(L5.next).then(L6.end)
    #expect(chain19.extract(from: chain19.embed(())) != nil)
  }

  @Test("chains 20 to 29 extract what they embed")
  func roundTrips20To29() {
    let chain20 = CasePath(L0.result).then(Result.success).then(L1.rows)[id: 3].then(L2.sheet).then(
      PresentationAction.presented
    ).then(L3.sheet).then(L4.result).then(Result.success).then(L5.sheet).then(
      PresentationAction.presented
    ).then(L6.end)
    #expect(chain20.extract(from: chain20.embed(())) != nil)
    let chain21 = CasePath(L0.sheet).then(PresentationAction.presented).then(L1.result).then(
      Result.success
    ).then(L2.sheet).then(L3.next).then(L4.result).then(Result.success).then(L5.sheet).then(
      PresentationAction.presented
    ).then(L6.end)
    #expect(chain21.extract(from: chain21.embed(())) != nil)
    let chain22 = CasePath(L0.next).then(L1.sheet).then(PresentationAction.presented).then(L2.sheet)
      .then(L3.result).then(Result.success).then(L4.sheet).then(L5.sheet).then(L6.end)
    #expect(chain22.extract(from: chain22.embed(())) != nil)
    let chain23 = CasePath(L0.sheet).then(PresentationAction.presented).then(L1.sheet).then(
      PresentationAction.presented
    ).then(L2.sheet).then(L3.sheet).then(L4.sheet).then(PresentationAction.presented).then(L5.rows)[
      id: 8
    ].then(L6.end)
    #expect(chain23.extract(from: chain23.embed(())) != nil)
    let chain24 = CasePath(L0.sheet).then(L1.next).then(L2.next).then(L3.sheet).then(
      PresentationAction.presented
    ).then(L4.result).then(Result.success).then(L5.rows)[id: 4].then(L6.end)
    #expect(chain24.extract(from: chain24.embed(())) != nil)
    let chain25 = CasePath(L0.sheet).then(PresentationAction.presented).then(L1.rows)[id: 4].then(
      L2.rows)[id: 5].then(L3.sheet).then(PresentationAction.presented).then(L4.next).then(L5.next)
      .then(L6.end)
    #expect(chain25.extract(from: chain25.embed(())) != nil)
    let chain26 = CasePath(L0.rows)[id: 8].then(L1.next).then(L2.sheet).then(
      PresentationAction.presented
    ).then(L3.result).then(Result.success).then(L4.sheet).then(PresentationAction.presented).then(
      L5.sheet
    ).then(PresentationAction.presented).then(L6.end)
    #expect(chain26.extract(from: chain26.embed(())) != nil)
    let chain27 = CasePath(L0.rows)[id: 8].then(L1.next).then(L2.sheet).then(L3.rows)[id: 1].then(
      L4.next
    ).then(L5.rows)[id: 4].then(L6.end)
    #expect(chain27.extract(from: chain27.embed(())) != nil)
    let chain28 = CasePath(L0.rows)[id: 3].then(L1.next).then(L2.sheet).then(
      PresentationAction.presented
    ).then(L3.next).then(L4.result).then(Result.success).then(L5.sheet).then(
      PresentationAction.presented
    ).then(L6.end)
    #expect(chain28.extract(from: chain28.embed(())) != nil)
    let chain29 = CasePath(L0.rows)[id: 2].then(L1.sheet).then(L2.result).then(Result.success).then(
      L3.sheet
    ).then(PresentationAction.presented).then(L4.result).then(Result.success).then(L5.sheet).then(
      L6.end)
    #expect(chain29.extract(from: chain29.embed(())) != nil)
  }

  @Test("chains 30 to 39 extract what they embed")
  func roundTrips30To39() {
    let chain30 = CasePath(L0.sheet).then(L1.next).then(L2.sheet).then(L3.rows)[id: 8].then(L4.next)
      .then(L5.sheet).then(L6.end)
    #expect(chain30.extract(from: chain30.embed(())) != nil)
    let chain31 = CasePath(L0.result).then(Result.success).then(L1.next).then(L2.next).then(
      L3.rows)[id: 5].then(L4.sheet).then(L5.next).then(L6.end)
    #expect(chain31.extract(from: chain31.embed(())) != nil)
    let chain32 = CasePath(L0.next).then(L1.result).then(Result.success).then(L2.sheet).then(
      PresentationAction.presented
    ).then(L3.result).then(Result.success).then(L4.result).then(Result.success).then(L5.next).then(
      L6.end)
    #expect(chain32.extract(from: chain32.embed(())) != nil)
    let chain33 = CasePath(L0.rows)[id: 4].then(L1.sheet).then(PresentationAction.presented).then(
      L2.result
    ).then(Result.success).then(L3.sheet).then(PresentationAction.presented).then(L4.sheet).then(
      L5.next
    ).then(L6.end)
    #expect(chain33.extract(from: chain33.embed(())) != nil)
    let chain34 = CasePath(L0.next).then(L1.next).then(L2.result).then(Result.success).then(
      L3.sheet
    ).then(PresentationAction.presented).then(L4.result).then(Result.success).then(L5.next).then(
      L6.end)
    #expect(chain34.extract(from: chain34.embed(())) != nil)
    let chain35 = CasePath(L0.next).then(L1.sheet).then(PresentationAction.presented).then(L2.rows)[
      id: 0
    ].then(L3.next).then(L4.next).then(L5.result).then(Result.success).then(L6.end)
    #expect(chain35.extract(from: chain35.embed(())) != nil)
    let chain36 = CasePath(L0.sheet).then(L1.rows)[id: 7].then(L2.rows)[id: 1].then(L3.next).then(
      L4.result
    ).then(Result.success).then(L5.rows)[id: 7].then(L6.end)
    #expect(chain36.extract(from: chain36.embed(())) != nil)
    let chain37 = CasePath(L0.result).then(Result.success).then(L1.result).then(Result.success)
      .then(L2.rows)[id: 6].then(L3.sheet).then(PresentationAction.presented).then(L4.result).then(
        Result.success
      ).then(L5.result).then(Result.success).then(L6.end)
    #expect(chain37.extract(from: chain37.embed(())) != nil)
    let chain38 = CasePath(L0.result).then(Result.success).then(L1.next).then(L2.result).then(
      Result.success
    ).then(L3.sheet).then(PresentationAction.presented).then(L4.result).then(Result.success).then(
      L5.sheet
    ).then(PresentationAction.presented).then(L6.end)
    #expect(chain38.extract(from: chain38.embed(())) != nil)
    let chain39 = CasePath(L0.rows)[id: 6].then(L1.sheet).then(PresentationAction.presented).then(
      L2.next
    ).then(L3.sheet).then(L4.result).then(Result.success).then(L5.sheet).then(L6.end)
    #expect(chain39.extract(from: chain39.embed(())) != nil)
  }

  @Test("chains 40 to 49 extract what they embed")
  func roundTrips40To49() {
    let chain40 = CasePath(L0.rows)[id: 4].then(L1.rows)[id: 4].then(L2.sheet).then(
      PresentationAction.presented
    ).then(L3.sheet).then(L4.next).then(L5.sheet).then(PresentationAction.presented).then(L6.end)
    #expect(chain40.extract(from: chain40.embed(())) != nil)
    let chain41 = CasePath(L0.next).then(L1.rows)[id: 6].then(L2.sheet).then(L3.rows)[id: 2].then(
      L4.sheet
    ).then(PresentationAction.presented).then(L5.result).then(Result.success).then(L6.end)
    #expect(chain41.extract(from: chain41.embed(())) != nil)
    let chain42 = CasePath(L0.sheet).then(PresentationAction.presented).then(L1.next).then(L2.next)
      .then(L3.result).then(Result.success).then(L4.next).then(L5.rows)[id: 6].then(L6.end)
    #expect(chain42.extract(from: chain42.embed(())) != nil)
    let chain43 = CasePath(L0.rows)[id: 2].then(L1.next).then(L2.rows)[id: 0].then(L3.sheet).then(
      L4.rows)[id: 0].then(L5.result).then(Result.success).then(L6.end)
    #expect(chain43.extract(from: chain43.embed(())) != nil)
    let chain44 = CasePath(L0.result).then(Result.success).then(L1.result).then(Result.success)
      .then(L2.next).then(L3.next).then(L4.result).then(Result.success).then(L5.sheet).then(
        PresentationAction.presented
      ).then(L6.end)
    #expect(chain44.extract(from: chain44.embed(())) != nil)
    let chain45 = CasePath(L0.sheet).then(L1.rows)[id: 2].then(L2.rows)[id: 8].then(L3.sheet).then(
      PresentationAction.presented
    ).then(L4.result).then(Result.success).then(L5.sheet).then(L6.end)
    #expect(chain45.extract(from: chain45.embed(())) != nil)
    let chain46 = CasePath(L0.sheet).then(PresentationAction.presented).then(L1.next).then(L2.sheet)
      .then(L3.sheet).then(L4.sheet).then(L5.sheet).then(L6.end)
    #expect(chain46.extract(from: chain46.embed(())) != nil)
    let chain47 = CasePath(L0.rows)[id: 9].then(L1.sheet).then(L2.result).then(Result.success).then(
      L3.sheet
    ).then(L4.rows)[id: 1].then(L5.next).then(L6.end)
    #expect(chain47.extract(from: chain47.embed(())) != nil)
    let chain48 = CasePath(L0.next).then(L1.rows)[id: 8].then(L2.rows)[id: 3].then(L3.rows)[id: 0]
      .then(L4.sheet).then(L5.sheet).then(PresentationAction.presented).then(L6.end)
    #expect(chain48.extract(from: chain48.embed(())) != nil)
    let chain49 = CasePath(L0.sheet).then(L1.sheet).then(PresentationAction.presented).then(
      L2.sheet
    ).then(L3.rows)[id: 5].then(L4.rows)[id: 7].then(L5.rows)[id: 1].then(L6.end)
    #expect(chain49.extract(from: chain49.embed(())) != nil)
  }
}
