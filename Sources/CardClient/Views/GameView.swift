import Wire
/// How one game looks and what its keys do: one file per game.
///
/// The room's chrome (title, players, chat, status, help line) is drawn around the body and
/// handles the room's keys; a view only draws its game and maps its own keys to actions.
public protocol GameView: Sendable {
    /// Whether the game takes the lowercase letters (Set's cards); the room's own keys then are capitals (`Q`, `T`).
    var takesLetters: Bool { get }

    /// Players that must be seated before Enter can start the game.
    var minimumPlayers: Int { get }

    /// Whether the body changes with time alone (a countdown), so it is redrawn on every tick.
    func isTimed(_ room: RoomModel) -> Bool

    /// The smallest body that shows this room's game.
    func minimumSize(for room: RoomModel) -> ScreenSize

    /// The lines of the game's area, at most `context.size.height`, each at most `context.size.width` cells.
    func body(for room: RoomModel, context: ViewContext) -> [StyledLine]

    /// What a key does in this game; nil when the game leaves the key to the room.
    func actions(for key: Key, in room: RoomModel, me: String?) -> [ClientAction]?

    /// The game's keys for the help line and the list of keys.
    func keys(for room: RoomModel) -> [KeyHelp]

    /// The same keys for the list `?` opens, spelled out in words where the short line is
    /// terse (how a move is made, not just which keys); the short keys by default.
    func explainedKeys(for room: RoomModel) -> [KeyHelp]

    /// What a click at this cell of the game's area does (row 0 is the body's first line) in
    /// a body of `size` (as ``body(for:context:)`` draws it); nil when it hits nothing.
    func actions(forClickAt column: Int, row: Int, in room: RoomModel, size: ScreenSize) -> [ClientAction]?

    /// What letting the mouse button go at this cell does (after a click here, or a drag from
    /// elsewhere); nil when nothing.
    func actions(forReleaseAt column: Int, row: Int, in room: RoomModel, size: ScreenSize) -> [ClientAction]?
}

extension GameView {
    public func actions(forClickAt column: Int, row: Int, in room: RoomModel, size: ScreenSize) -> [ClientAction]? { nil }
    public func actions(forReleaseAt column: Int, row: Int, in room: RoomModel, size: ScreenSize) -> [ClientAction]? { nil }
    public func explainedKeys(for room: RoomModel) -> [KeyHelp] { keys(for: room) }
}

/// The view of each game this client knows, from ``GameCatalog``; any other game gets ``GenericView``.
public enum GameViews {
    /// The view for a game name.
    public static func view(for game: String) -> any GameView {
        GameCatalog.game(named: game)?.view ?? GenericView()
    }

    /// A game's name for people.
    public static func title(of game: String) -> String {
        if game.isEmpty { return "…" }
        return GameCatalog.game(named: game)?.title ?? game
    }
}
