// The enum state the child-store tests scope into: a sheet in one of two cases of one payload
// type, an idle case, and a case nesting another enum (ChildStoreIdentityTests,
// ScopePresenceTests).
import Loop

enum CaseFixture {
  struct Sheet: Equatable, Identifiable {
    var id: Int
    var text = ""
  }
  enum SheetAction: Equatable, Sendable { case type(String) }

  enum Mode: Equatable {
    case adding(Sheet)
    case editing(Sheet)
    case idle
    case other(Wrapped)
  }
  enum Wrapped: Equatable { case a(Sheet), b(Sheet) }
  enum ModeAction: Equatable, Sendable {
    case add(Int), edit(Int), stop, wrapA(Int), wrapB(Int)
    case adding(SheetAction), editing(SheetAction)
  }
  static let reducer = Reducer<Mode, ModeAction, Void> { state, action, _ in
    switch action {
    case let .add(id): state = .adding(Sheet(id: id))
    case let .edit(id): state = .editing(Sheet(id: id))
    case .stop: state = .idle
    case let .wrapA(id): state = .other(.a(Sheet(id: id)))
    case let .wrapB(id): state = .other(.b(Sheet(id: id)))
    case let .adding(.type(text)):
      if case var .adding(sheet) = state {
        sheet.text = text
        state = .adding(sheet)
      }
    case let .editing(.type(text)):
      if case var .editing(sheet) = state {
        sheet.text = text
        state = .editing(sheet)
      }
    }
    return .none
  }
}
