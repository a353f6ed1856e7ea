import GameRules
import Wire
/// Set: the board as boxes in three rows, named `a`, `b`, `c`… down each column; typing letters
/// selects cards, and the third one (the fourth in UltraSet) claims them. In Set-chain the last
/// Set is shown above the board as cards `1`, `2`, `3`, one of which each Set must use.
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

    /// The board's width and the info line, board and gap above it (and the chain's row).
    public func minimumSize(for room: RoomModel) -> ScreenSize {
        let count = board(of: room).count
        let columns = max(4, (count + Self.rows - 1) / Self.rows)
        return ScreenSize(width: columns * (SetCardArt.width + 1) - 1, height: boardTop(room) + Self.rows * SetCardArt.height)
    }

    /// The screen row (within the body) where the board starts: under the info line and a gap,
    /// and in Set-chain under the last Set's row and a gap.
    private func boardTop(_ room: RoomModel) -> Int {
        set(of: room)?.variant == .chain ? 3 + SetCardArt.height : 2
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
        // UltraSet is new to most players: the line under the info line says what to find.
        lines.append(set(of: room)?.variant == .ultra
            ? StyledLine(" Find 4 cards: two pairs that the same third card completes.", Palette.quiet) : StyledLine())
        let hinted = Set(set(of: room)?.hint ?? [])
        if set(of: room)?.variant == .chain {
            lines += chainRow(room, hinted: hinted, context: context)
            lines.append(StyledLine())
        }
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

    /// Set-chain's last Set: its cards side by side, named `1`, `2`, `3`; before the first Set, a line saying so.
    private func chainRow(_ room: RoomModel, hinted: Set<Int>, context: ViewContext) -> [StyledLine] {
        let chain = set(of: room)?.chain ?? []
        guard !chain.isEmpty else {
            return [StyledLine(" Set-chain: find a first Set; each Set after it uses one card of the Set before.", Palette.quiet)]
                + Array(repeating: StyledLine(), count: SetCardArt.height - 1)
        }
        let art = chain.enumerated().map { index, card in
            let mark: SetCardArt.Mark = room.selection.contains(card.id) ? .selected : hinted.contains(card.id) ? .hinted : .none
            return SetCardArt.lines(card, label: String(index + 1), mark: mark, color: context.color)
        }
        let indent = context.size.width > minimumSize(for: room).width ? 1 : 0
        return (0..<SetCardArt.height).map { cardLine in
            var line = StyledLine.blank(indent)
            for (index, card) in art.enumerated() {
                if index > 0 { line.append(" ") }
                line.append(card[cardLine])
            }
            if cardLine == SetCardArt.height / 2 { line.append("  ← the last Set: use one of its cards", Palette.quiet) }
            return line
        }
    }

    /// A click on a card does what its letter (or, on the chain, its digit) does.
    public func actions(forClickAt column: Int, row: Int, in room: RoomModel, width: Int) -> [ClientAction]? {
        let count = board(of: room).count
        let indent = width > minimumSize(for: room).width ? 1 : 0
        let top = boardTop(room)
        let x = column - indent
        if top > 2, row >= 2, row < 2 + SetCardArt.height, x >= 0, x % (SetCardArt.width + 1) < SetCardArt.width {
            return chooseFromChain(x / (SetCardArt.width + 1), in: room)
        }
        let gridRow = (row - top) / SetCardArt.height
        guard row >= top, gridRow < Self.rows, x >= 0, x % (SetCardArt.width + 1) < SetCardArt.width else { return nil }
        let index = (x / (SetCardArt.width + 1)) * Self.rows + gridRow
        guard index < count, let letter = SetLabels.letter(index).first else { return nil }
        return choose(letter, in: room)
    }

    /// Letters select and claim; `D` deals, `H` hints, Esc or Space clears the selection.
    public func actions(for key: Key, in room: RoomModel, me: String?) -> [ClientAction]? {
        switch key {
        case .character("D"): return [.send(.deal)]
        case .character("H"): return room.isSolo ? [.send(.hint)] : [.explain("hints are for one-player games")]
        case .escape, .character(" "):
            return room.selection.isEmpty ? nil : [.select([])]
        case .character(let letter) where letter.isLowercase && letter.isASCII:
            return choose(letter, in: room)
        case .character(let digit) where set(of: room)?.variant == .chain && ("1"..."3").contains(digit):
            return chooseFromChain(Int(String(digit))! - 1, in: room)
        default: return nil
        }
    }

    /// While playing: the letters of the cards on the board, deal, and hint when solo.
    public func keys(for room: RoomModel) -> [KeyHelp] {
        guard room.phase == .playing else { return [] }
        let count = board(of: room).count
        let letters = count > 0 ? "a–" + SetLabels.letter(count - 1) : "a–x"
        let solo = room.isSolo
        let variant = set(of: room)?.variant ?? .classic
        let chain = variant == .chain && !(set(of: room)?.chain.isEmpty ?? true) ? [KeyHelp("1–3", "last Set")] : []
        return [KeyHelp(letters, "pick \(variant.claimSize)")] + chain + [KeyHelp("D", "deal 3 more")] + (solo ? [KeyHelp("H", "hint")] : [])
    }

    private func choose(_ letter: Character, in room: RoomModel) -> [ClientAction] {
        let cards = board(of: room)
        guard room.phase == .playing, !room.isSpectator,
              let index = SetLabels.index(of: letter), index < cards.count
        else { return [] }
        return toggle(cards[index].id, in: room)
    }

    /// Picks card `index` of Set-chain's last Set.
    private func chooseFromChain(_ index: Int, in room: RoomModel) -> [ClientAction] {
        let chain = set(of: room)?.chain ?? []
        guard room.phase == .playing, !room.isSpectator, chain.indices.contains(index) else { return [] }
        return toggle(chain[index].id, in: room)
    }

    /// Selects a card, or takes it out of the selection; the last card a claim needs claims.
    private func toggle(_ id: Int, in room: RoomModel) -> [ClientAction] {
        if room.selection.contains(id) {
            return [.select(room.selection.filter { $0 != id })]
        }
        let chosen = room.selection + [id]
        let needed = set(of: room)?.variant.claimSize ?? 3
        return chosen.count == needed ? [.send(.claim(cards: chosen))] : [.select(chosen)]
    }

    private func infoLine(_ room: RoomModel, me: String?) -> StyledLine {
        guard let set = set(of: room) else { return StyledLine(" waiting for the board…", Palette.quiet) }
        let players = room.state?.players ?? []
        if room.phase == .waiting {
            return StyledLine(" waiting for players · ", Palette.quiet) + StyledLine(room.seatedText, Palette.strong)
        }
        var line = StyledLine()
        switch set.variant {
        case .classic: break
        case .junior: line.append(" Junior ·", Palette.heading)
        case .chain: line.append(" Set-chain ·", Palette.heading)
        case .ultra: line.append(" UltraSet ·", Palette.heading)
        }
        line.append(" deck ", Palette.quiet)
        line.append("\(set.deck)", Palette.strong)
        line.append(" · \(set.board.count) on the table", Palette.quiet)
        if room.isSolo {
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
