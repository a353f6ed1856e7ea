import Wire
/// Any game this client has no view for: the phase and each player's score, so a room of a
/// newer game is still readable (and its chat usable).
public struct GenericView: GameView {
    /// Makes the view.
    public init() {}

    /// No game keys, so the room keeps the lowercase ones.
    public var takesLetters: Bool { false }

    /// Leaves it to the server to say whether enough players are seated.
    public var minimumPlayers: Int { 1 }

    /// Shows no clock.
    public func isTimed(_ room: RoomModel) -> Bool { false }

    /// A notice, the phase and one line per player.
    public func minimumSize(for room: RoomModel) -> ScreenSize {
        ScreenSize(width: 40, height: 4 + (room.state?.players.count ?? 0))
    }

    /// The notice, the raw phase, then the players with their scores.
    public func body(for room: RoomModel, context: ViewContext) -> [StyledLine] {
        var lines = [
            StyledLine("  This client has no view for \(GameViews.title(of: room.game)) yet.", Palette.quiet),
            StyledLine(),
            StyledLine("  phase ", Palette.quiet) + StyledLine(room.phase.rawValue, Palette.strong),
        ]
        for player in room.state?.players ?? [] {
            var line = StyledLine("  ") + StyledLine(player.name, player.name == context.me ? Palette.strong : .plain)
            if player.bot { line.append(" (bot)", Palette.quiet) }
            line.append("  \(player.score)", Palette.heading)
            if !player.connected { line.append("  away", Palette.quiet) }
            lines.append(line)
        }
        return lines
    }

    /// Leaves every key to the room.
    public func actions(for key: Key, in room: RoomModel, me: String?) -> [ClientAction]? { nil }

    /// None.
    public func keys(for room: RoomModel) -> [KeyHelp] { [] }
}
