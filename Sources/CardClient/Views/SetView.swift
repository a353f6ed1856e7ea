import GameRules
import Wire
/// Set: the board as boxes in three rows, named `a`, `b`, `c`… across each row as a table is
/// read (``SetLabels``); typing letters selects cards, and the third one (the fourth in UltraSet)
/// claims them. In Set-chain the last Set is shown above the board as cards `1`, `2`, `3`, one of
/// which each Set must use. Beside the board, where there is room, the last Sets found, and at
/// the end each player's Sets, wrong claims and fastest Set. From 120 columns cards are wider,
/// and larger still where the board fits (``Layout``).
public struct SetView: GameView {
    /// Set in the game catalog.
    public static let game = ClientGame(name: "set", title: "Set", view: SetView(), seats: 1...8, defaultSeats: 4, options: GameOptions.set, newGames: [
        NewGame(key: "s", label: "Set solo", game: "set", seats: 1),
        NewGame(key: "S", label: "Set for 4", game: "set", seats: 4, isShown: false),
        NewGame(key: "2", label: "Set for 2", game: "set", seats: 2, isShown: false),
    ])

    /// Rows of cards on the board; three more cards make one more column.
    static let rows = SetLabels.rows
    /// The narrowest panel of last Sets drawn beside the board.
    static let panelWidth = 26

    /// Makes the view.
    public init() {}

    /// Set's cards take the letters `a`–`x`.
    public var takesLetters: Bool { true }

    /// One player may start a Set room alone.
    public var minimumPlayers: Int { 1 }

    /// The game's clock runs while the game is played.
    public func isTimed(_ room: RoomModel) -> Bool {
        room.phase == .playing && set(of: room)?.clockMs != nil
    }

    /// The board's width and the info line, board and gap above it (and the chain's row).
    public func minimumSize(for room: RoomModel) -> ScreenSize {
        let count = board(of: room).count
        let columns = max(4, (count + Self.rows - 1) / Self.rows)
        let top = Self.boardTop(chain: set(of: room)?.variant == .chain, card: .small)
        return ScreenSize(width: columns * (SetCardArt.width + 1) - 1, height: top + Self.rows * SetCardArt.height)
    }

    /// The screen row (within the body) where the board starts: under the info line and a gap,
    /// and in Set-chain under the last Set's row and a gap.
    static func boardTop(chain: Bool, card: SetCardArt.Size) -> Int {
        chain ? 3 + card.height : 2
    }

    /// Where the cards go in a body of `size`: the card size, the columns and the indent.
    /// Cards are small below 120 columns; from there the largest size that fits: large when
    /// the board, the panel of last Sets beside it and every row of cards fit (a chat line
    /// stays under them), else wide when the board fits across, else small.
    struct Layout {
        let card: SetCardArt.Size
        let columns: Int
        let indent: Int
        /// The body's row where the board starts.
        let top: Int

        init(cards: Int, size: ScreenSize, chain: Bool) {
            let columns = max(4, (cards + SetView.rows - 1) / SetView.rows)
            func across(_ card: SetCardArt.Size) -> Int { columns * (card.width + 1) - 1 }
            func fits(_ card: SetCardArt.Size) -> Bool {
                switch card {
                case .small: true
                case .wide: size.width >= SetCardArt.wideTerminal && across(.wide) < size.width
                case .large:
                    size.width >= SetCardArt.wideTerminal && 1 + across(.large) + 3 + SetView.panelWidth <= size.width
                        && SetView.boardTop(chain: chain, card: .large) + SetView.rows * card.height <= size.height
                }
            }
            card = SetCardArt.Size.allCases.last(where: fits) ?? .small
            self.columns = columns
            indent = size.width > across(card) ? 1 : 0
            top = SetView.boardTop(chain: chain, card: card)
        }

        /// The board's width, indent included.
        var boardWidth: Int { indent + columns * (card.width + 1) - 1 }
    }

    private func layout(_ room: RoomModel, size: ScreenSize) -> Layout {
        Layout(cards: board(of: room).count, size: size, chain: set(of: room)?.variant == .chain)
    }

    /// The info line (clock, deck, votes, hints or the result), a blank line, then the board
    /// with the panel of last Sets beside it where there is room.
    public func body(for room: RoomModel, context: ViewContext) -> [StyledLine] {
        var lines = [infoLine(room, context: context).clippedAtWord(to: context.size.width)]
        let cards = board(of: room)
        guard !cards.isEmpty else {
            if room.phase == .waiting {
                lines.append(StyledLine())
                lines.append(StyledLine(" The game starts when every seat is taken, or when a player presses Enter.").clippedAtWord(to: context.size.width))
                lines.append((StyledLine(" Friends join with the room code ") + StyledLine(room.code, Palette.strong) + StyledLine(".")).clippedAtWord(to: context.size.width))
            }
            return lines
        }
        // UltraSet is new to most players: the line under the info line says what to find.
        lines.append(set(of: room)?.variant == .ultra
            ? StyledLine(" Find 4 cards: two pairs that the same third card completes.", Palette.quiet).clippedAtWord(to: context.size.width) : StyledLine())
        let hinted = Set(set(of: room)?.hint ?? [])
        let layout = layout(room, size: context.size)
        if set(of: room)?.variant == .chain {
            lines += chainRow(room, hinted: hinted, context: context, layout: layout)
            lines.append(StyledLine())
        }
        let art = cards.enumerated().map { index, card in
            let mark: SetCardArt.Mark = room.selection.contains(card.id) ? .selected : hinted.contains(card.id) ? .hinted : .none
            return SetCardArt.lines(
                card, label: SetLabels.letter(index, of: cards.count), mark: mark, color: context.color, size: layout.card)
        }
        let panelRoom = context.size.width - layout.boardWidth - 3
        let panel = panelRoom >= Self.panelWidth ? panelLines(room, context: context, rows: Self.rows * layout.card.height) : []
        var boardRow = 0
        for row in 0..<Self.rows {
            for cardLine in 0..<layout.card.height {
                var line = StyledLine.blank(layout.indent)
                for index in stride(from: row, to: art.count, by: Self.rows) {
                    if index > row { line.append(" ") }
                    line.append(art[index][cardLine])
                }
                if boardRow < panel.count {
                    line = line.padded(to: layout.boardWidth + 3) + panel[boardRow].clippedAtWord(to: panelRoom)
                }
                lines.append(line)
                boardRow += 1
            }
        }
        return lines
    }

    /// Beside the board: during the game the last Sets found, newest first ("bob 0:41 ●● ▲ ■■■");
    /// at the end each player's Sets, wrong claims and fastest Set.
    private func panelLines(_ room: RoomModel, context: ViewContext, rows: Int) -> [StyledLine] {
        let players = room.state?.players.map(\.name) ?? []
        if room.phase == .over {
            let tallies = SetTally.of(room.claims, players: players)
            guard !tallies.isEmpty else { return [] }
            var lines = [StyledLine("The game", Palette.heading)]
            for tally in tallies {
                lines.append(StyledLine(tally.player == context.me ? "you" : tally.player, Palette.strong))
                var figures = "  \(tally.sets) Set\(tally.sets == 1 ? "" : "s") · \(tally.wrong) wrong"
                if let fastest = tally.fastestMs { figures += " · fastest " + SetTally.quickness(milliseconds: fastest) }
                lines.append(StyledLine(figures, Palette.quiet))
            }
            return lines
        }
        let found = room.claims.filter(\.valid).suffix(rows - 1).reversed()
        guard !found.isEmpty else { return [] }
        var lines = [StyledLine("Last Sets", Palette.heading)]
        for claim in found {
            var line = StyledLine(claim.player == context.me ? "you" : claim.player, Palette.strong).clipped(to: 10).padded(to: 11)
            line.append(claim.clockMs.map { Narration.clock(milliseconds: $0) } ?? "", Palette.quiet)
            for card in claim.cards {
                line.append(" ")
                line.append(Self.compact(card, color: context.color))
            }
            lines.append(line)
        }
        return lines
    }

    /// A card in a few cells: its shapes in its colour ("●●"), with the colour's initial first
    /// when there is no colour ("g●●").
    static func compact(_ card: SetCard, color: Bool) -> StyledLine {
        let shapes = String(repeating: SetCardArt.glyph(card.shape, card.fill), count: card.count)
        return color ? StyledLine(shapes, Palette.card(card.color)) : StyledLine(String(card.color.rawValue.prefix(1)) + shapes)
    }

    /// Set-chain's last Set: its cards side by side, named `1`, `2`, `3`; before the first Set, a line saying so.
    private func chainRow(_ room: RoomModel, hinted: Set<Int>, context: ViewContext, layout: Layout) -> [StyledLine] {
        let chain = set(of: room)?.chain ?? []
        guard !chain.isEmpty else {
            return [StyledLine(" Set-chain: find a first Set; each Set after it uses one card of the Set before.", Palette.quiet)]
                + Array(repeating: StyledLine(), count: layout.card.height - 1)
        }
        let art = chain.enumerated().map { index, card in
            let mark: SetCardArt.Mark = room.selection.contains(card.id) ? .selected : hinted.contains(card.id) ? .hinted : .none
            return SetCardArt.lines(card, label: String(index + 1), mark: mark, color: context.color, size: layout.card)
        }
        return (0..<layout.card.height).map { cardLine in
            var line = StyledLine.blank(layout.indent)
            for (index, card) in art.enumerated() {
                if index > 0 { line.append(" ") }
                line.append(card[cardLine])
            }
            if cardLine == layout.card.height / 2 { line.append("  ← the last Set: use one of its cards", Palette.quiet) }
            return line.clippedAtWord(to: context.size.width)
        }
    }

    /// A click on a card does what its letter (or, on the chain, its digit) does.
    public func actions(forClickAt column: Int, row: Int, in room: RoomModel, size: ScreenSize) -> [ClientAction]? {
        let count = board(of: room).count
        let layout = layout(room, size: size)
        let pitch = layout.card.width + 1
        let top = layout.top
        let x = column - layout.indent
        guard x >= 0, x % pitch < layout.card.width else { return nil }
        if top > 2, row >= 2, row < 2 + layout.card.height {
            return chooseFromChain(x / pitch, in: room)
        }
        let gridRow = (row - top) / layout.card.height
        guard row >= top, gridRow < Self.rows, x / pitch < layout.columns else { return nil }
        let index = (x / pitch) * Self.rows + gridRow
        guard index < count else { return nil }
        return choosePosition(index, in: room)
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
        let letters = count > 0 ? "a–" + String(SetLabels.letters[min(count, SetLabels.letters.count) - 1]) : "a–x"
        let solo = room.isSolo
        let variant = set(of: room)?.variant ?? .classic
        let chain = variant == .chain && !(set(of: room)?.chain.isEmpty ?? true) ? [KeyHelp("1–3", "last Set")] : []
        return [KeyHelp(letters, "pick \(variant.claimSize)")] + chain + [KeyHelp("D", "deal 3 more")] + (solo ? [KeyHelp("H", "hint")] : [])
    }

    private func choose(_ letter: Character, in room: RoomModel) -> [ClientAction] {
        guard let index = SetLabels.index(of: letter, of: board(of: room).count) else { return [] }
        return choosePosition(index, in: room)
    }

    /// Picks the card at board position `index`.
    private func choosePosition(_ index: Int, in room: RoomModel) -> [ClientAction] {
        let cards = board(of: room)
        guard room.phase == .playing, !room.isSpectator, cards.indices.contains(index) else { return [] }
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

    private func infoLine(_ room: RoomModel, context: ViewContext) -> StyledLine {
        let me = context.me
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
        if let clock = room.setClock(now: context.now) {
            line.append(" time ", Palette.quiet)
            line.append(Narration.clock(milliseconds: clock), Palette.strong)
            line.append(" ·", Palette.quiet)
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
            // What Enter does then (plays again, or offers a rematch) is in the keys below, and
            // the whole verdict on the status line: here it goes only where it fits (a solo
            // game's "finished in 0:55 · 25 Sets · …" did not, at 80 columns).
            let whole = "game over: \(verdict)"
            line.append(line.width + DisplayWidth.of(whole) <= context.size.width ? whole : "game over", Palette.heading)
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
