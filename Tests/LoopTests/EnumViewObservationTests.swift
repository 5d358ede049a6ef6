import Loop
import Observation
import Testing

/// A view over an enum state (`switch store.case`) observes which case it shows and its
/// identity; a case scoped from a part store observes its presence and identity.
@MainActor
@Suite("A view over an enum state observes its case")
struct EnumViewObservationTests {
  struct Login: Equatable, Identifiable {
    var id: Int
    var name = ""
  }
  struct Game: Equatable { var moves = 0 }
  enum Screen: Equatable, CaseAccessible {
    case login(Login)
    case game(Game)
    case over
  }
  enum LoginAction: Sendable { case typed(String) }
  enum GameAction: Sendable { case moved }
  enum Action: Sendable {
    case login(LoginAction), game(GameAction), showLogin(Int), startGame, end
  }
  struct Root: Equatable {
    var screen = Screen.login(Login(id: 1))
    var title = ""
  }
  enum RootAction: Sendable {
    case screen(Action)
    case retitle(String)
  }

  static let screen = Reducer<Screen, Action, Void> { state, action, _ in
    switch action {
    case let .login(.typed(name)): state.modify(Screen.login) { $0.name = name }
    case .game(.moved): state.modify(Screen.game) { $0.moves += 1 }
    case let .showLogin(id): state = .login(Login(id: id))
    case .startGame: state = .game(Game())
    case .end: state = .over
    }
    return .none
  }

  static let root = Reducer<Root, RootAction, Void>.combine(
    Reducer { state, action, _ in
      if case let .retitle(title) = action { state.title = title }
      return .none
    },
    screen.pullback(state: \.screen, action: RootAction.screen, environment: { $0 }))

  @Test("switch store.case: told when the case or its id changes, never for an edit inside it")
  func switchCase() {
    let store = Store(
      initialState: Screen.login(Login(id: 1)), reducer: Self.screen, environment: ())
    var shown = ""
    let view = FrameView {
      switch store.case {
      case .login:
        if let login = store.scope(state: Screen.login, action: Action.login) {
          shown = "login \(login.withState(\.id))"
        }
      case .game: shown = "game"
      case .over: shown = "over"
      }
    }
    for name in ["a", "ab", "abc"] {
      store.send(.login(.typed(name)))
      #expect(view.frame() == 0)
    }
    store.send(.showLogin(2))  // another login: another id
    #expect(view.frame() == 1)
    #expect(shown == "login 2")
    store.send(.startGame)
    #expect(view.frame() == 2)
    store.send(.game(.moved))
    store.send(.game(.moved))
    #expect(view.frame() == 2)
    #expect(shown == "game")
    store.send(.end)
    #expect(view.frame() == 3)
    #expect(shown == "over")
  }

  @Test("switch store.state, by contrast, is told of every edit")
  func switchState() {
    let store = Store(
      initialState: Screen.login(Login(id: 1)), reducer: Self.screen, environment: ())
    let view = FrameView {
      if case .login = store.state {}
    }
    for name in ["a", "ab", "abc"] {
      store.send(.login(.typed(name)))
      _ = view.frame()  // a frame after each keystroke
    }
    #expect(view.frame() == 3)
  }

  @Test("a case scoped from a part store observes its presence and identity only")
  func caseInsidePart() {
    let store = Store(initialState: Root(), reducer: Self.root, environment: ())
    let part = store.scope(state: \.screen, action: RootAction.screen)
    var shown = ""
    let view = FrameView {
      switch part.case {
      case .login:
        if let login = part.scope(state: Screen.login, action: Action.login) {
          shown = "login \(login.withState(\.id))"
        }
      case .game, .over: shown = "other"
      }
    }
    let caseView = FrameView {
      _ = part.scope(state: Screen.login, action: Action.login)
    }
    for name in ["a", "ab", "abc"] {
      store.send(.screen(.login(.typed(name))))
      #expect(view.frame() == 0)
      #expect(caseView.frame() == 0)
    }
    store.send(.retitle("x"))
    #expect(view.frame() == 0)
    #expect(caseView.frame() == 0)
    store.send(.screen(.showLogin(2)))
    #expect(view.frame() == 1)
    #expect(caseView.frame() == 1)
    #expect(shown == "login 2")
    store.send(.screen(.startGame))
    #expect(view.frame() == 2)
    #expect(shown == "other")
  }

  @Test("a case that is not Identifiable, scoped from a part store, observes its presence only")
  func plainCaseInsidePart() {
    let store = Store(
      initialState: Root(screen: .game(Game())), reducer: Self.root, environment: ())
    let part = store.scope(state: \.screen, action: RootAction.screen)
    var moves = -1
    let caseView = FrameView {
      _ = part.scope(state: Screen.game, action: Action.game)
    }
    // NB: The game's view holds its store, as a SwiftUI view does.
    var game: Store<Game, GameAction>?
    let gameView = FrameView {
      game = part.scope(state: Screen.game, action: Action.game)
      moves = game?.moves ?? -1
    }
    for _ in 0..<3 {
      store.send(.screen(.game(.moved)))
      #expect(caseView.frame() == 0)
      _ = gameView.frame()
    }
    #expect(gameView.frame() == 3)
    #expect(game != nil)
    #expect(moves == 3)
    store.send(.screen(.end))
    #expect(caseView.frame() == 1)
  }

  @Test("a part scoped in the view's body each time, then its case: presence and identity only")
  func partScopedInBody() {
    let store = Store(initialState: Root(), reducer: Self.root, environment: ())
    var login: Store<Login, LoginAction>?
    let view = FrameView {
      login = store.scope(state: \.screen, action: RootAction.screen)
        .scope(state: Screen.login, action: Action.login)
    }
    let first = login
    for name in ["a", "ab", "abc"] {
      store.send(.screen(.login(.typed(name))))
      #expect(view.frame() == 0)
    }
    store.send(.screen(.showLogin(2)))
    #expect(view.frame() == 1)
    #expect(login !== first)
    #expect(login?.withState(\.id) == 2)
  }

  // MARK: Rows and cases, nested

  struct Item: Equatable, Identifiable {
    let id: Int
    var mode = Screen.login(Login(id: 1))
  }
  struct Board: Equatable {
    var items: IdentifiedArrayOf<Item> = [Item(id: 1), Item(id: 2)]
    var screen = ScreenWithRows.list([Item(id: 7)])
  }
  enum ScreenWithRows: Equatable, CaseAccessible {
    case list(IdentifiedArrayOf<Item>)
    case empty
  }
  enum ItemAction: Sendable { case mode(Action) }
  enum ListAction: Sendable { case item(Int, ItemAction) }
  enum BoardAction: Sendable {
    case item(Int, ItemAction)
    case screen(ListAction)
    case empty
  }

  static let item = screen.pullback(
    state: \Item.mode, action: CasePath(ItemAction.mode), environment: { $0 })
  static let board = Reducer<Board, BoardAction, Void> { state, action, _ in
    switch action {
    case let .item(id, .mode(action)):
      guard var item = state.items[id: id] else { return .none }
      _ = Self.item.reduce(into: &item, action: .mode(action), environment: ())
      state.items[id: id] = item
    case let .screen(.item(id, .mode(action))):
      state.screen.modify(ScreenWithRows.list) { rows in
        guard var item = rows[id: id] else { return }
        _ = Self.item.reduce(into: &item, action: .mode(action), environment: ())
        rows[id: id] = item
      }
    case .empty:
      state.screen = .empty
    }
    return .none
  }

  @Test("a case inside a row: presence and identity only, whatever the row edits")
  func caseInsideRow() {
    let store = Store(initialState: Board(), reducer: Self.board, environment: ())
    let rows = store.scope(forEach: \.items, action: BoardAction.item)
    let row = rows[0]
    var login: Store<Login, LoginAction>?
    let view = FrameView {
      login = row.scope(state: \.mode, action: ItemAction.mode)
        .scope(state: Screen.login, action: Action.login)
    }
    for name in ["a", "ab"] {
      store.send(.item(1, .mode(.login(.typed(name)))))
      #expect(view.frame() == 0)
    }
    store.send(.item(2, .mode(.startGame)))  // another row
    #expect(view.frame() == 0)
    store.send(.item(1, .mode(.startGame)))
    #expect(view.frame() == 1)
    #expect(login == nil)
    withExtendedLifetime(rows) {}
  }

  @Test("a row inside a case: a row's view is told of its own row only; the list of its ids")
  func rowInsideCase() {
    let store = Store(initialState: Board(), reducer: Self.board, environment: ())
    var rows: [Store<Item, ItemAction>] = []
    let listView = FrameView {
      guard
        let list = store.scope(state: \.screen, action: BoardAction.screen)
          .scope(state: ScreenWithRows.list, action: { (action: ListAction) in action })
      else { return rows = [] }
      rows = list.scope(forEach: \.self, action: ListAction.item)
    }
    let rowView = FrameView { _ = rows.first?.mode }
    store.send(.screen(.item(7, .mode(.login(.typed("a"))))))
    #expect(listView.frame() == 0)
    #expect(rowView.frame() == 1)
    store.send(.empty)
    #expect(listView.frame() == 1)
    #expect(rows.isEmpty)
  }
}
