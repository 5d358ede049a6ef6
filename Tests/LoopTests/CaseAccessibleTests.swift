import Loop
import Testing

/// Reading and changing one case of an enum in place, named by the case: `CaseAccessible` and
/// the same on `Optional`, against pattern matching.
@Suite("CaseAccessible: one case in place")
struct CaseAccessibleTests {
  struct Draft: Equatable { var text = "" }

  enum Mode: Equatable, CaseAccessible {
    case browsing
    case editing(Draft)
    case renaming(from: String, to: String)
    case sharing(with: String)
  }

  @Test("the subscript reads a case's payload, and nil for any other case")
  func read() {
    let editing = Mode.editing(Draft(text: "a"))
    #expect(editing[case: Mode.editing] == Draft(text: "a"))
    #expect(editing[case: Mode.sharing(with:)] == nil)
    let renaming = Mode.renaming(from: "a", to: "b")
    #expect(renaming[case: Mode.renaming].map { [$0.0, $0.1] } == ["a", "b"])
    #expect(Mode.sharing(with: "Ann")[case: Mode.sharing(with:)] == "Ann")
  }

  @Test("writing through the subscript changes the payload in place, or makes the value that case")
  func write() {
    var mode = Mode.editing(Draft(text: "a"))
    mode[case: Mode.editing]?.text = "ab"
    #expect(mode == .editing(Draft(text: "ab")))
    mode[case: Mode.sharing(with:)]? += "!"  // another case: nothing
    #expect(mode == .editing(Draft(text: "ab")))
    mode[case: Mode.sharing(with:)] = "Ann"
    #expect(mode == .sharing(with: "Ann"))
    mode[case: Mode.sharing(with:)] = nil  // an enum is always some case: nothing
    #expect(mode == .sharing(with: "Ann"))
  }

  @Test("modify changes the case it names; another case is a runtime warning and no change")
  func modify() async {
    var mode = Mode.editing(Draft())
    mode.modify(Mode.editing) { $0.text = "x" }
    #expect(mode == .editing(Draft(text: "x")))
    let warnings = LockedState<[String]>([])
    RuntimeWarnings.withHandler({ message in warnings.withLock { $0.append(message) } }) {
      mode.modify(Mode.sharing(with:)) { $0 = "Ann" }
    }
    #expect(mode == .editing(Draft(text: "x")))
    #expect(warnings.withLock { $0.count } == 1)
    #expect(
      warnings.withLock { $0.first?.hasPrefix("modify(_:_:) named a case the value is not in") }
        == true)
  }

  @Test("on an optional: nil reads nil, setting nil dismisses only the case it names")
  func optional() {
    var destination: Mode? = nil
    #expect(destination[case: Mode.editing] == nil)
    destination[case: Mode.editing]?.text = "x"  // nothing there: nothing
    #expect(destination == nil)
    destination[case: Mode.editing] = Draft(text: "a")
    #expect(destination == .editing(Draft(text: "a")))
    destination.modify(Mode.editing) { $0.text = "b" }
    #expect(destination == .editing(Draft(text: "b")))
    destination[case: Mode.sharing(with:)] = nil  // another case: nothing
    #expect(destination == .editing(Draft(text: "b")))
    destination[case: Mode.editing] = nil
    #expect(destination == nil)
  }

  @Test("a stack screen's case, by id, in place: TCA's $0.path[id: 0, case: \\.detail]")
  func stackScreen() {
    var path = StackState<Mode>()
    path.append(.editing(Draft(text: "a")))
    path[id: 0][case: Mode.editing]?.text = "b"
    #expect(path[id: 0] == .editing(Draft(text: "b")))
    path[id: 0].modify(Mode.editing) { $0.text += "c" }
    #expect(path[id: 0][case: Mode.editing]?.text == "bc")
  }
}
