import GameRules
import Wire
/// Set: the board as boxes in three rows, named `a`, `b`, `c`… down each column; typing letters
/// selects cards, and the third one claims them.
public struct SetView: GameView {
    /// Set in the game catalog.
    public static let game = ClientGame(name: "set", title: "Set", view: SetView(), seats: 1...8, defaultSeats: 4, options: GameOptions.set, newGames: [
        NewGame(key: "s", label: "Set solo", game: "set", seats: 1),
        NewGame(key: "S", label: "Set for 4", game: "set", seats: 4, isShown: false),
        NewGame(key: "2", label: "Set for 2", game: "set", seats: 2, isShown: false),
    ])

    /// Rows of cards on the board; three more cards make one more column.
    static let rows = 3

    /// Makes the view.
    public init() {}

    /// Set's cards take the letters `a`–`x`.
    public var takesLetters: Bool { true }

    /// One player may start a Set room alone.
    public var minimumPlayers: Int { 1 }

    /// Set has no clock.
    public func isTimed(_ room: RoomModel) -> Bool { false }

    /// The board's width and the info line, board and gap above it.
    public func minimumSize(for room: RoomModel) -> ScreenSize {
        let count = board(of: room).count
        let columns = max(4, (count + Self.rows - 1) / Self.rows)
        return ScreenSize(width: columns * (SetCardArt.width + 1) - 1, height: 2 + Self.rows * SetCardArt.height)
    }

    /// The info line (deck, votes, hints or the result), a blank line, then the board.
    public func body(for room: RoomModel, context: ViewContext) -> [StyledLine] {
        var lines = [infoLine(room, me: context.me)]
        let cards = board(of: room)
        guard !cards.isEmpty else {
            if room.phase == .waiting {
                lines.append(StyledLine())
                lines.append(StyledLine(" The game starts when every seat is taken, or when a player presses Enter."))
                lines.append(StyledLine(" Friends join with the room code ") + StyledLine(room.code, Palette.strong) + StyledLine("."))
            }
            return lines
        }
        lines.append(StyledLine())
        let hinted = Set(set(of: room)?.hint ?? [])
        let art = cards.enumerated().map { index, card in
            let mark: SetCardArt.Mark = room.selection.contains(card.id) ? .selected : hinted.contains(card.id) ? .hinted : .none
            return SetCardArt.lines(card, label: SetLabels.letter(index), mark: mark, color: context.color)
        }
        let indent = context.size.width > minimumSize(for: room).width ? 1 : 0
        for row in 0..<Self.rows {
            for cardLine in 0..<SetCardArt.height {
                var line = StyledLine.blank(indent)
                for index in stride(from: row, to: art.count, by: Self.rows) {
                    if index > row { line.append(" ") }
                    line.append(art[index][cardLine])
                }
                lines.append(line)
            }
        }
        return lines
    }

    /// A click on a card does what its letter does.
    public func actions(forClickAt column: Int, row: Int, in room: RoomModel, width: Int) -> [ClientAction]? {
        let count = board(of: room).count
        let indent = width > minimumSize(for: room).width ? 1 : 0
        let gridRow = (row - 2) / SetCardArt.height
        let x = column - indent
        guard row >= 2, gridRow < Self.rows, x >= 0, x % (SetCardArt.width + 1) < SetCardArt.width else { return nil }
        let index = (x / (SetCardArt.width + 1)) * Self.rows + gridRow
        guard index < count, let letter = SetLabels.letter(index).first else { return nil }
        return choose(letter, in: room)
    }

    /// Letters select and claim; `D` deals, `H` hints, Esc or Space clears the selection.
    public func actions(for key: Key, in room: RoomModel, me: String?) -> [ClientAction]? {
        switch key {
        case .character("D"): return [.send(.deal)]
        case .character("H"): return [.send(.hint)]
        case .escape, .character(" "):
            return room.selection.isEmpty ? nil : [.select([])]
        case .character(let letter) where letter.isLowercase && letter.isASCII:
            return choose(letter, in: room)
        default: return nil
        }
    }

    /// While playing: the letters of the cards on the board, deal, and hint when solo.
    public func keys(for room: RoomModel) -> [KeyHelp] {
        guard room.phase == .playing else { return [] }
        let count = board(of: room).count
        let letters = count > 0 ? "a–" + SetLabels.letter(count - 1) : "a–x"
        let solo = (room.state?.players.count ?? 0) <= 1
        return [KeyHelp(letters, "pick 3"), KeyHelp("D", "deal 3 more")] + (solo ? [KeyHelp("H", "hint")] : [])
    }

    private func choose(_ letter: Character, in room: RoomModel) -> [ClientAction] {
        let cards = board(of: room)
        guard room.phase == .playing, !room.isSpectator,
              let index = SetLabels.index(of: letter), index < cards.count
        else { return [] }
        let id = cards[index].id
        if room.selection.contains(id) {
            return [.select(room.selection.filter { $0 != id })]
        }
        let chosen = room.selection + [id]
        return chosen.count == 3 ? [.send(.claim(cards: chosen))] : [.select(chosen)]
    }

    private func infoLine(_ room: RoomModel, me: String?) -> StyledLine {
        guard let set = set(of: room) else { return StyledLine(" waiting for the board…", Palette.quiet) }
        let players = room.state?.players ?? []
        if room.phase == .waiting {
            return StyledLine(" waiting for players · ", Palette.quiet) + StyledLine(room.seatedText, Palette.strong)
        }
        var line = StyledLine(" deck ", Palette.quiet) + StyledLine("\(set.deck)", Palette.strong)
        line.append(" · \(set.board.count) on the table", Palette.quiet)
        if players.count <= 1 {
            line.append(" · hints ", Palette.quiet)
            line.append("\(set.hintsUsed)", Palette.strong)
        } else if !set.dealVotes.isEmpty {
            let connected = players.filter(\.connected).count
            line.append(" · deal votes ", Palette.quiet)
            line.append("\(set.dealVotes.count)/\(connected): " + set.dealVotes.joined(separator: ", "), Palette.strong)
        }
        if room.phase == .over {
            let verdict = room.result.map { ClientModel.describeResult($0, me: me) } ?? "game over"
            line.append(" · ", Palette.quiet)
            line.append("game over: \(verdict)", Palette.heading)
            if !room.isSpectator { line.append(" · Enter plays again", Palette.quiet) }
        }
        return line
    }

    private func set(of room: RoomModel) -> SetFields? {
        if case .set(let set)? = room.state?.gameFields { return set }
        return nil
    }

    private func board(of room: RoomModel) -> [SetCard] {
        set(of: room)?.board ?? []
    }
}
