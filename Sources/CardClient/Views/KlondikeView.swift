import Wire
import GameRules
/// Klondike: the stock, the waste, four foundations and seven tableau piles in columns, the
/// moves and the rivals' progress.
///
/// A move is a pile, then where it goes, chosen three ways (``KlondikePlay`` keeps the
/// choice): the cursor (arrows or `hjkl`; in a column up and down take more cards or fewer)
/// with Enter or Space to pick up and put down; the pile keys, `w` the waste, `1`–`7` a column,
/// `f` then `1`–`4` a foundation; or the mouse, a click on each pile or a drag from one to the
/// other. The same pile twice, or `a` then a pile, sends `auto`. Cards picked by the cursor or by
/// pressing a card under others are exactly those; picked by a key, a pile's label or its top
/// card, from one column to another, the shortest run that fits. `d` draws, `u` undoes, `H` asks a hint, `A` turns
/// auto-play of safe cards home on or off, Esc puts the cards back.
public struct KlondikeView: GameView {
    /// Klondike in the game catalog.
    public static let game = ClientGame(name: "klondike", title: "Klondike", view: KlondikeView(), seats: 1...8, defaultSeats: 1, options: GameOptions.klondike, newGames: [])

    /// Cells per column.
    static let column = 5
    /// Columns a pile takes on a terminal of 120 columns or more: the board grows with it.
    static let wideColumn = 7

    /// The columns a pile takes on a terminal `width` wide.
    static func pitch(forWidth width: Int) -> Int {
        width >= 120 ? wideColumn : column
    }
    /// Where the legend of keys starts, right of the seven columns.
    static let legendColumn = 38
    /// The mark of the cards under the cursor.
    static let cursorMark = "▸"
    /// The mark of the cards picked up (and pressed with the mouse).
    static let pickedMark = "*"

    /// Makes the view.
    public init() {}

    /// Only a few letters; the room keeps lowercase `q` and `t`.
    public var takesLetters: Bool { false }

    /// One player may play alone.
    public var minimumPlayers: Int { 1 }

    /// Klondike has no clock.
    public func isTimed(_ room: RoomModel) -> Bool { false }

    /// Seven columns; the info line, the top row and the tallest pile.
    public func minimumSize(for room: RoomModel) -> ScreenSize {
        guard let game = game(of: room) else { return ScreenSize(width: 1 + 7 * Self.column, height: 13) }
        let layout = Layout(game)
        return ScreenSize(width: 1 + 7 * Self.column, height: layout.tableauRow + max(7, layout.rows))
    }

    /// Where the rows go, from the cards alone (so a click finds what was drawn): each
    /// face-down card a row; once a column would take more than ``Layout/roomy`` rows (more
    /// than a 79×23 terminal holds), each column's face-down cards take one row (`░░6`), and
    /// if that is still too tall the blank rows go. A whole run of thirteen on face-down cards
    /// then fits 24 rows.
    struct Layout {
        /// The most tableau rows drawn with a row for every face-down card and the blank rows.
        static let roomy = 11
        /// Face-down cards as one row with their count.
        let stacksDown: Bool
        /// Blank rows under the info line and over the column labels.
        let gaps: Bool
        /// The tableau's rows.
        let rows: Int

        init(_ game: KlondikeFields) {
            let full = game.tableau.map { $0.down + $0.up.count }.max() ?? 0
            let stacked = game.tableau.map { ($0.down > 0 ? 1 : 0) + $0.up.count }.max() ?? 0
            stacksDown = full > Self.roomy
            gaps = !stacksDown || stacked <= Self.roomy
            rows = max(1, stacksDown ? stacked : full)
        }

        /// The body rows of the top labels, the top cards, the column labels and the first card.
        var labelRow: Int { gaps ? 2 : 1 }
        var topRow: Int { labelRow + 1 }
        var headerRow: Int { gaps ? 5 : 3 }
        var tableauRow: Int { headerRow + 1 }

        /// Rows a column's face-down cards take.
        func downRows(_ pile: (down: Int, up: [PlayingCard])) -> Int {
            stacksDown ? min(1, pile.down) : pile.down
        }
    }

    /// The info line, the stock, waste and foundations, then the tableau in columns; beside
    /// them, when the terminal is wide enough, how to move.
    public func body(for room: RoomModel, context: ViewContext) -> [StyledLine] {
        guard let game = game(of: room) else { return [StyledLine(" waiting for the deal…", Palette.quiet)] }
        var lines = [infoLine(game, room: room, me: context.me)]
        let layout = Layout(game)
        if layout.gaps { lines.append(StyledLine()) }
        if room.phase == .waiting {
            let seats = room.state?.seats ?? 0
            // Every seat taken and still waiting: the server is finding a deal its solver can win.
            if seats > 0, room.state?.players.count == seats {
                lines.append(StyledLine(" Shuffling until the solver finds a deal that can be won…", Palette.quiet))
            } else {
                lines.append(StyledLine(" The game starts when every seat is taken, or when a player presses Enter."))
                lines.append(StyledLine(" Friends join with the room code ") + StyledLine(room.code, Palette.strong) + StyledLine("."))
            }
            return lines
        }
        if room.phase == .playing, (game.player ?? "").isEmpty {
            // A race's spectator: the players share one deal, so no copy is shown until it ends.
            lines.append(StyledLine(" You are watching a race: the cards stay hidden until it ends.", Palette.quiet))
            lines.append(StyledLine())
            for entry in game.progress {
                var line = StyledLine(" " + entry.name, Palette.strong)
                line.append("  \(entry.cardsHome)/52 home · \(entry.moves) move\(entry.moves == 1 ? "" : "s")", Palette.quiet)
                lines.append(line)
            }
            return lines
        }
        let marks = Marks(room: room, game: game, me: context.me)
        let color = context.color
        let pitch = Self.pitch(forWidth: context.size.width)
        // Stock and waste over piles 1-3, the foundations over piles 4-7.
        var labels = StyledLine(" ")
        var tops = StyledLine(" ")
        labels.append(Self.label("d", selected: false).padded(to: pitch))
        let stock = StyledLine(game.stock > 0 ? "▒\(game.stock)" : "··", Palette.quiet)
        tops.append((marks.mark(.stock, card: 0, of: 1) + stock).padded(to: pitch))
        // How many cards lie under the ones shown: on the label row, so the fan always has room.
        var wasteLabel = Self.label("w", selected: marks.held?.from == .waste)
        if game.wasteCount > game.waste.count { wasteLabel.append("+\(game.wasteCount - game.waste.count)", Palette.quiet) }
        labels.append(wasteLabel.padded(to: 2 * pitch))
        tops.append(Self.wasteFan(
            game.waste, color: color, mark: marks.mark(.pile(.waste), card: 0, of: 1), held: marks.isHeld(.pile(.waste), card: 0, of: 1), pitch: pitch
        ).padded(to: 2 * pitch))
        for pile in 0..<4 {
            let place = KlondikePlay.Place.pile(.foundation(pile))
            labels.append(Self.label("f\(pile + 1)", selected: marks.held?.from == .foundation(pile)).padded(to: pitch))
            let top = game.foundations.indices.contains(pile) ? game.foundations[pile].last : nil
            let mark = marks.mark(place, card: 0, of: 1)
            tops.append((mark + (top.map { Self.card($0, color: color, selected: marks.isHeld(place, card: 0, of: 1)) }
                ?? StyledLine("··", Palette.quiet))).padded(to: pitch))
        }
        lines += layout.gaps ? [labels, tops, StyledLine()] : [labels, tops]
        var header = StyledLine(" ")
        for pile in 1...7 { header.append(Self.label("\(pile)", selected: marks.held?.from == .tableau(pile - 1)).padded(to: pitch)) }
        lines.append(header)
        for row in 0..<layout.rows {
            var line = StyledLine(" ")
            for (index, pile) in game.tableau.enumerated() {
                let place = KlondikePlay.Place.pile(.tableau(index))
                let down = layout.downRows(pile)
                var cell: StyledLine
                if row < down {
                    cell = StyledLine(" ") + StyledLine(layout.stacksDown ? "░░\(pile.down)" : "░░", Palette.quiet)
                } else if row - down < pile.up.count {
                    let mark = marks.mark(place, card: row - down, of: pile.up.count)
                    cell = mark + Self.card(pile.up[row - down], color: color, selected: marks.isHeld(place, card: row - down, of: pile.up.count))
                } else if row == 0 {
                    cell = marks.mark(place, card: 0, of: 1) + StyledLine("··", Palette.quiet)
                } else {
                    cell = StyledLine()
                }
                line.append(cell.padded(to: pitch))
            }
            lines.append(line)
        }
        // The legend stands clear of the board, which is wider on a wide terminal.
        let legendColumn = max(Self.legendColumn, 3 + 7 * pitch)
        if marks.cursor != nil, context.size.width >= legendColumn + Self.legendWidth {
            let legend = Self.legend(autoPlay: context.settings.klondikeAutoPlay)
            let first = layout.labelRow
            while lines.count < min(first + legend.count, context.size.height) { lines.append(StyledLine()) }
            for (offset, entry) in legend.enumerated() where first + offset < lines.count {
                lines[first + offset] = lines[first + offset].padded(to: legendColumn) + entry
            }
        }
        return lines
    }

    /// Which cards carry which mark: the cards picked up (or pressed with the mouse) `*`, the
    /// cards under the cursor `▸`; only in the player's own game under way.
    struct Marks {
        /// The cards picked up or pressed: the pile, and how many (nil: all its face-up cards).
        let held: KlondikePlay.Pick?
        /// The cursor's place and the cards it takes; nil when no cursor is shown.
        let cursor: (place: KlondikePlay.Place, run: Int)?
        /// The stock pressed with the mouse.
        let stockPressed: Bool
        /// Whether the cards held are pressed with the mouse (marked `*` while dragged, the
        /// cursor or not).
        let pressed: Bool

        init(room: RoomModel, game: KlondikeFields, me: String?) {
            let play = room.klondike
            guard room.phase == .playing, !room.isSpectator, game.player == me else {
                held = nil
                cursor = nil
                stockPressed = false
                pressed = false
                return
            }
            let pressed: KlondikePlay.Pick? = if case .pile(let pile)? = play.pressed?.place { KlondikePlay.Pick(from: pile, count: play.pressed?.count) } else { nil }
            held = pressed ?? play.picked
            self.pressed = pressed != nil
            cursor = (play.place, play.run(in: game))
            stockPressed = play.pressed?.place == .stock
        }

        /// Whether card `card` of `count` at `place` is picked up or pressed.
        func isHeld(_ place: KlondikePlay.Place, card: Int, of count: Int) -> Bool {
            guard case .pile(let pile) = place, let held, held.from == pile else { return false }
            return card >= count - (held.count ?? count)
        }

        /// The mark before card `card` (0 the bottom face-up one) of `count` at `place`: `*`
        /// picked, `▸` under the cursor (the cards picked too, while the cursor is on their
        /// pile: the cursor never disappears, and the pile's label says they are picked), else
        /// a space.
        func mark(_ place: KlondikePlay.Place, card: Int, of count: Int) -> StyledLine {
            if case .pile(let pile) = place, let held, held.from == pile {
                guard isHeld(place, card: card, of: count) else { return StyledLine(" ") }
                return StyledLine(cursor?.place == place && !pressed ? KlondikeView.cursorMark : KlondikeView.pickedMark, Palette.key)
            }
            if place == .stock, stockPressed { return StyledLine(KlondikeView.pickedMark, Palette.key) }
            if let cursor, cursor.place == place, card >= count - cursor.run { return StyledLine(KlondikeView.cursorMark, Palette.key) }
            return StyledLine(" ")
        }
    }

    /// The widest line of the legend.
    static let legendWidth = legend(autoPlay: false).map(\.width).max() ?? 0

    /// How to move, beside the board: the cursor, the pile keys, the mouse.
    static func legend(autoPlay: Bool) -> [StyledLine] {
        let entries = [
            ("←→↑↓ hjkl", "move the cursor " + cursorMark),
            ("Enter Space", "pick up " + pickedMark + ", put down"),
            ("w 1–7 f1–4", "a pile, then where it goes"),
            ("", "same pile twice: home"),
            ("mouse", "click two piles, or drag"),
            ("Esc", "put the cards back"),
            ("A", "auto-play: " + (autoPlay ? "on" : "off")),
        ]
        return entries.map { StyledLine($0.0, Palette.key).padded(to: 12) + StyledLine($0.1, Palette.quiet) }
    }

    /// A pile's key as a column label: ` w ` or, its cards picked up, `[w]`.
    static func label(_ key: String, selected: Bool) -> StyledLine {
        selected ? StyledLine("[\(key)]", Style(foreground: .cyan, bold: true, inverse: true)) : StyledLine(" \(key) ", Palette.key)
    }

    /// The waste as every solitaire fans it: each card shown (draw 3: all three), the
    /// playable one on the right and bright (inverse when `held`), the ones under it dim,
    /// `mark` just before it. Three tens take the whole width, so the fan then starts one
    /// column to the left.
    static func wasteFan(_ waste: [PlayingCard], color: Bool, mark: StyledLine, held: Bool = false, pitch: Int = column) -> StyledLine {
        guard !waste.isEmpty else { return mark + StyledLine("··", Palette.quiet) }
        let shown = Array(waste.reversed())
        let width = shown.reduce(0) { $0 + $1.name.count } + shown.count - 1
        var fan = StyledLine()
        for (position, card) in shown.enumerated() {
            let isTop = position == shown.count - 1
            if isTop, position > 0 || width < 2 * pitch {
                fan.append(mark)
            } else if position > 0 || width < 2 * pitch {
                fan.append(" ")
            }
            fan.append(Self.card(card, color: color, selected: isTop && held, dim: !isTop))
        }
        return fan
    }

    /// A face-up card: `10♥`, red for hearts and diamonds.
    static func card(_ card: PlayingCard, color: Bool, selected: Bool = false, dim: Bool = false) -> StyledLine {
        var style = card.suit.isRed ? Style(foreground: .red, bold: true) : Style(bold: true)
        if dim { style.bold = false }
        if selected { style.inverse = true }
        return StyledLine(card.name, style)
    }

    /// The cursor, Enter and Space, the pile keys, draw, undo, auto, hint, finish, auto-play
    /// and Esc; see the type's summary.
    public func actions(for key: Key, in room: RoomModel, me: String?) -> [ClientAction]? {
        var play = room.klondike
        if key == .escape {
            guard play.cancel() else { return nil }
            return [.klondike(play)]
        }
        let direction: KlondikePlay.Direction? = switch key {
        case .left, .character("h"): .left
        case .right, .character("l"): .right
        case .up, .character("k"): .up
        case .down, .character("j"): .down
        default: nil
        }
        var character: Character?
        if case .character(let typed) = key, "dwfauFHA 1234567".contains(typed) { character = typed }
        guard direction != nil || character != nil || key == .enter else { return nil }
        if character == "A", !room.isSpectator { return [.toggleAutoPlay] }
        guard room.phase == .playing, !room.isSpectator, let game = game(of: room), game.player == me else {
            return character == nil ? nil : []
        }
        if let direction {
            play.move(direction, in: game)
            return [.klondike(play)]
        }
        guard let character else { return Self.actions(play.activate(in: game), play) }
        switch character {
        case " ": return Self.actions(play.activate(in: game), play)
        case "d", "u", "F":
            _ = play.cancel()
            return [.klondike(play), .send(character == "d" ? .draw : character == "u" ? .undo : .finish)]
        case "H": return room.isSolo ? [.send(.hint)] : [.explain("hints are for one-player games")]
        case "a":
            play.picked = nil
            play.waiting = .auto
            return [.klondike(play)]
        case "f":
            play.waiting = .foundation
            return [.klondike(play)]
        case "w": return Self.actions(play.choose(.waste, count: nil, in: game), play)
        default:
            let digit = character.wholeNumberValue ?? 0
            if play.waiting == .foundation {
                guard (1...4).contains(digit) else {
                    play.waiting = nil
                    return [.klondike(play)]
                }
                return Self.actions(play.choose(.foundation(digit - 1), count: nil, in: game), play)
            }
            return Self.actions(play.choose(.tableau(digit - 1), count: nil, in: game), play)
        }
    }

    /// The actions of an outcome: the table as it now is, then what to send or say.
    static func actions(_ outcome: KlondikePlay.Outcome, _ play: KlondikePlay) -> [ClientAction] {
        switch outcome {
        case .changed: [.klondike(play)]
        case .send(let command): [.klondike(play), .send(command)]
        case .refused(let reason): [.klondike(play), .explain(reason)]
        }
    }

    /// The keys in short; the legend beside the board and the list of keys spell them out.
    public func keys(for room: RoomModel) -> [KeyHelp] {
        guard room.phase == .playing else { return [] }
        // Once the server says the cards can all go home, one key plays them home, draws and all.
        let finish = game(of: room)?.canFinish ?? false
        var keys = [KeyHelp("←→↑↓ Enter", "move cards"), finish ? KeyHelp("F", "finish") : KeyHelp("d", "draw"), KeyHelp("u", "undo")]
        if room.isSolo { keys.append(KeyHelp("H", "hint")) }
        return keys
    }

    /// The moves in words: pick the pile a card comes from, then the pile it goes to.
    public func explainedKeys(for room: RoomModel) -> [KeyHelp] {
        guard room.phase == .playing else { return [KeyHelp("A", "auto-play: safe cards go home by themselves (on or off)")] }
        var keys = [
            KeyHelp("←→↑↓ or hjkl", "move the cursor \(Self.cursorMark); in a column ↑↓ take more or fewer"),
            KeyHelp("Enter or Space", "pick up the cards at \(Self.cursorMark) (then marked \(Self.pickedMark)); Enter again"),
            KeyHelp("", "where they go puts them down; Enter on the stock draws"),
            KeyHelp("w 1–7 f1–4", "or by key: pick a pile, then where it goes; the same pile"),
            KeyHelp("", "twice sends it home (w waste, 1–7 columns, f1–f4 home)"),
            KeyHelp("mouse", "click a pile, then where it goes; or drag cards to a pile"),
            KeyHelp("a, then a pile", "its top card goes where it fits best"),
            KeyHelp("d · u · Esc", "draw · undo the last move · put the cards back"),
            KeyHelp("A", "auto-play: safe cards go home by themselves (on or off)"),
        ]
        if room.isSolo { keys.append(KeyHelp("H", "hint: the server's solver suggests a move")) }
        keys.append(KeyHelp("F", "finish: every card home; offered once none is face down"))
        return keys
    }

    /// The mouse button down on a pile: the cards there are marked; what it does waits for the
    /// release (on the same pile a click, on another a drag).
    public func actions(forClickAt column: Int, row: Int, in room: RoomModel, size: ScreenSize) -> [ClientAction]? {
        guard let game = game(of: room), room.phase == .playing, !(game.player ?? "").isEmpty,
              let (place, count) = Self.place(atColumn: column, row: row, in: game, width: size.width) else { return nil }
        var play = room.klondike
        play.pressed = KlondikePlay.Press(place: place, count: count)
        play.place = place
        play.depth = count ?? 1
        return [.klondike(play)]
    }

    /// The mouse button let go: a click on the pile it went down on (the stock draws; a pile is
    /// chosen as by its key), or a drag from that pile to this one.
    public func actions(forReleaseAt column: Int, row: Int, in room: RoomModel, size: ScreenSize) -> [ClientAction]? {
        guard let game = game(of: room), room.phase == .playing, !(game.player ?? "").isEmpty else { return nil }
        var play = room.klondike
        guard let outcome = play.release(at: Self.place(atColumn: column, row: row, in: game, width: size.width)?.place, in: game) else { return nil }
        return Self.actions(outcome, play)
    }

    /// The place at a cell of the body, and the cards taken when it is a face-up card under
    /// others (the top card, a label or the space under a column: nil, the run that fits).
    static func place(atColumn column: Int, row: Int, in game: KlondikeFields, width: Int = 80) -> (place: KlondikePlay.Place, count: Int?)? {
        guard column >= 1 else { return nil }
        let slot = (column - 1) / pitch(forWidth: width)
        let layout = Layout(game)
        if row == layout.labelRow || row == layout.topRow {
            switch slot {
            case 0: return (.stock, nil)
            case 1, 2: return (.pile(.waste), nil)
            case 3...6: return (.pile(.foundation(slot - 3)), nil)
            default: return nil
            }
        }
        guard row >= layout.headerRow, game.tableau.indices.contains(slot) else { return nil }
        let pile = game.tableau[slot]
        let card = row - layout.tableauRow - layout.downRows(pile)
        let count = card >= 0 && card < pile.up.count - 1 ? pile.up.count - card : nil
        return (.pile(.tableau(slot)), count)
    }

    private func game(of room: RoomModel) -> KlondikeFields? {
        if case .klondike(let game)? = room.state?.gameFields { return game }
        return nil
    }

    private func infoLine(_ game: KlondikeFields, room: RoomModel, me: String?) -> StyledLine {
        var line: StyledLine
        if (game.player ?? "").isEmpty {
            // A race's spectator has no game of its own to count.
            line = StyledLine(" race · draw \(game.draw)", Palette.quiet)
        } else {
            line = StyledLine(" moves ", Palette.quiet) + StyledLine("\(game.moves)", Palette.strong)
            line.append(" · draw \(game.draw)", Palette.quiet)
            let home = game.foundations.reduce(0) { $0 + $1.count }
            line.append(" · home ", Palette.quiet)
            line.append("\(home)/52", Palette.strong)
            if let score = game.score {
                line.append(" · score ", Palette.quiet)
                line.append("\(score)", Palette.strong)
            }
            if let left = game.passesLeft {
                line.append(" · \(left) \(left == 1 ? "pass" : "passes") left", Palette.quiet)
            }
        }
        for rival in game.rivals {
            line.append(" · \(rival.name) ", Palette.quiet)
            line.append("\(rival.score)/52", Palette.strong)
        }
        if game.player != me, !(game.player ?? "").isEmpty {
            line.append(" · \(game.player ?? "")'s game", Palette.quiet)
        }
        let play = room.klondike
        if room.phase == .over {
            let verdict = room.result.map { ClientModel.describeResult($0, me: me) } ?? "game over"
            line.append(" · game over: \(verdict)", Palette.heading)
            return line
        }
        if play.noUsefulMove { line.append(" · no useful move left", Palette.notice(.bad)) }
        if play.waiting == .auto {
            line.append(" · auto: pick a pile", Palette.notice(.neutral))
        } else if play.waiting == .foundation {
            line.append(" · f: pick 1–4", Palette.notice(.neutral))
        } else if let picked = play.picked {
            line.append(" · \(Self.describe(picked, in: game))", Palette.notice(.neutral))
        }
        return line
    }

    /// "from t3: pick where", or with the cards counted, "9♣ 8♥ picked up: Enter where they go".
    static func describe(_ pick: KlondikePlay.Pick, in game: KlondikeFields) -> String {
        guard let count = pick.count else { return "from \(pick.from.name): pick where" }
        let cards: [PlayingCard] = switch pick.from {
        case .waste: Array(game.waste.prefix(1))
        case .foundation(let index): game.foundations.indices.contains(index) ? Array(game.foundations[index].suffix(1)) : []
        case .tableau(let index): game.tableau.indices.contains(index) ? Array(game.tableau[index].up.suffix(count)) : []
        }
        let names = cards.map(\.name).joined(separator: " ")
        return "\(names) picked up: Enter where \(cards.count == 1 ? "it goes" : "they go")"
    }
}
