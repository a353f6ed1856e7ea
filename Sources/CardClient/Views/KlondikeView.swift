import Wire
import GameRules
/// Klondike: the stock, the waste, four foundations and seven tableau piles in columns, the
/// moves and the rivals' progress.
///
/// Keys pick a source, then a destination: `w` the waste, `1`–`7` a tableau pile, `f` then
/// `1`–`4` a foundation. The first pile key selects (the label shows in brackets), the second
/// sends `move`; the same pile twice, or `a` then a pile, sends `auto`. From the waste or a
/// foundation one card moves; from a tableau pile to another, the shortest run whose bottom card
/// fits the destination (all face-up cards when none fits, and the server says why); to a
/// foundation, one card. `d` or Space draws, `u` undoes, Esc clears the selection.
public struct KlondikeView: GameView {
    /// Klondike in the game catalog.
    public static let game = ClientGame(name: "klondike", title: "Klondike", view: KlondikeView(), seats: 1...8, defaultSeats: 1, options: GameOptions.klondike, newGames: [])

    /// Cells per column.
    static let column = 5
    /// The selection's marks besides pile codes (waste 0, `t1`–`t7` 1–7, `f1`–`f4` 11–14).
    static let autoMark = 100
    static let foundationMark = 200

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
        let tallest = game(of: room)?.tableau.map { $0.down + $0.up.count }.max() ?? 7
        return ScreenSize(width: 1 + 7 * Self.column, height: 6 + max(7, tallest))
    }

    /// The pile a code stands for (waste 0, `t1`–`t7` 1–7, `f1`–`f4` 11–14).
    static func pile(_ code: Int) -> KlondikePile {
        switch code {
        case 0: .waste
        case 1...7: .tableau(code - 1)
        default: .foundation(code - 11)
        }
    }

    /// The name of a pile code on the wire: `waste`, `t1`…`t7`, `f1`…`f4`.
    static func pileName(_ code: Int) -> String {
        switch code {
        case 0: "waste"
        case 1...7: "t\(code)"
        default: "f\(code - 10)"
        }
    }

    /// The info line, the stock, waste and foundations, then the tableau in columns.
    public func body(for room: RoomModel, context: ViewContext) -> [StyledLine] {
        guard let game = game(of: room) else { return [StyledLine(" waiting for the deal…", Palette.quiet)] }
        var lines = [infoLine(game, room: room, me: context.me), StyledLine()]
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
        let selected = room.selection.first { $0 != Self.autoMark && $0 != Self.foundationMark }
        let color = context.color
        // Stock and waste over piles 1-3, the foundations over piles 4-7.
        var labels = StyledLine(" ")
        var tops = StyledLine(" ")
        labels.append(Self.label("d", selected: false).padded(to: Self.column))
        tops.append(StyledLine(game.stock > 0 ? " ▒\(game.stock)" : " ··", Palette.quiet).padded(to: Self.column))
        // How many cards lie under the ones shown: on the label row, so the fan always has room.
        var wasteLabel = Self.label("w", selected: selected == 0)
        if game.wasteCount > game.waste.count { wasteLabel.append("+\(game.wasteCount - game.waste.count)", Palette.quiet) }
        labels.append(wasteLabel.padded(to: 2 * Self.column))
        tops.append(Self.wasteFan(game.waste, color: color, selected: selected == 0).padded(to: 2 * Self.column))
        for pile in 0..<4 {
            labels.append(Self.label("f\(pile + 1)", selected: selected == 11 + pile).padded(to: Self.column))
            let top = game.foundations.indices.contains(pile) ? game.foundations[pile].last : nil
            tops.append((StyledLine(" ") + (top.map { Self.card($0, color: color, selected: selected == 11 + pile) }
                ?? StyledLine("··", Palette.quiet))).padded(to: Self.column))
        }
        lines += [labels, tops, StyledLine()]
        var header = StyledLine(" ")
        for pile in 1...7 { header.append(Self.label("\(pile)", selected: selected == pile).padded(to: Self.column)) }
        lines.append(header)
        let height = game.tableau.map { $0.down + $0.up.count }.max() ?? 0
        for row in 0..<max(1, height) {
            var line = StyledLine(" ")
            for (index, pile) in game.tableau.enumerated() {
                var cell = StyledLine(" ")
                if row < pile.down {
                    cell.append("░░", Palette.quiet)
                } else if row - pile.down < pile.up.count {
                    cell.append(Self.card(pile.up[row - pile.down], color: color, selected: selected == index + 1))
                } else if row == 0 {
                    cell.append("··", Palette.quiet)
                }
                line.append(cell.padded(to: Self.column))
            }
            lines.append(line)
        }
        return lines
    }

    /// A pile's key as a column label: ` w ` or, selected, `[w]`.
    static func label(_ key: String, selected: Bool) -> StyledLine {
        selected ? StyledLine("[\(key)]", Style(foreground: .cyan, bold: true, inverse: true)) : StyledLine(" \(key) ", Palette.key)
    }

    /// The waste as every solitaire fans it: each card shown (draw 3: all three), the
    /// playable one on the right and bright, the ones under it dim. Three tens take the
    /// whole width, so the fan then starts one column to the left.
    static func wasteFan(_ waste: [PlayingCard], color: Bool, selected: Bool) -> StyledLine {
        guard !waste.isEmpty else { return StyledLine(" ··", Palette.quiet) }
        let shown = Array(waste.reversed())
        let width = shown.reduce(0) { $0 + $1.name.count } + shown.count - 1
        var fan = StyledLine(width < 2 * column ? " " : "")
        for (position, card) in shown.enumerated() {
            let isTop = position == shown.count - 1
            if position > 0 { fan.append(" ") }
            fan.append(Self.card(card, color: color, selected: selected && isTop, dim: !isTop))
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

    /// Draw, undo, auto, the selection, and moves; see the type's summary.
    public func actions(for key: Key, in room: RoomModel, me: String?) -> [ClientAction]? {
        let clear: [ClientAction] = room.selection.isEmpty ? [] : [.select([])]
        if key == .escape { return room.selection.isEmpty ? nil : clear }
        guard case .character(let character) = key, "dwfauFh 1234567".contains(character) else { return nil }
        guard room.phase == .playing, !room.isSpectator, let game = game(of: room) else { return [] }
        switch character {
        case "d", " ": return clear + [.send(.draw)]
        case "u": return clear + [.send(.undo)]
        case "F": return clear + [.send(.finish)]
        case "h": return room.isSolo ? [.send(.hint)] : [.explain("hints are for one-player games")]
        case "a": return [.select([Self.autoMark])]
        case "f": return [.select(room.selection.filter { $0 != Self.foundationMark } + [Self.foundationMark])]
        case "w": return choose(0, in: room, game: game)
        default:
            let digit = character.wholeNumberValue ?? 0
            if room.selection.last == Self.foundationMark {
                guard (1...4).contains(digit) else { return [.select(room.selection.dropLast())] }
                return choose(10 + digit, in: room, game: game)
            }
            return choose(digit, in: room, game: game)
        }
    }

    /// The keys in short; the list of keys spells them out.
    public func keys(for room: RoomModel) -> [KeyHelp] {
        guard room.phase == .playing else { return [] }
        let keys = [
            KeyHelp("d", "draw"), KeyHelp("w 1–7 f1–4", "from, to"), KeyHelp("a", "auto"), KeyHelp("u", "undo"),
        ]
        // Once nothing is left to find, one key plays every card home.
        let solo = room.isSolo
        let withHint = solo ? keys + [KeyHelp("h", "hint")] : keys
        guard let game = game(of: room), Self.canFinish(game) else { return withHint }
        return [KeyHelp("F", "finish: all home")] + withHint
    }

    /// The moves in words: pick the pile a card comes from, then the pile it goes to.
    public func explainedKeys(for room: RoomModel) -> [KeyHelp] {
        guard room.phase == .playing else { return [] }
        var keys = [
            KeyHelp("d", "draw from the stock (with an empty stock: turn the waste over)"),
            KeyHelp("w, 1–7, f1–f4", "a move: press the pile a card comes from (w the waste, 1–7 a column, f then 1–4 a"),
            KeyHelp("", "foundation), then the pile it goes to; a column moves its longest run that fits"),
            KeyHelp("same pile twice", "send that card where it fits best (home if it can go)"),
            KeyHelp("a then a pile", "the same: the pile's card goes where it fits best"),
            KeyHelp("u", "undo the last move"),
            KeyHelp("Esc", "drop the pile you picked"),
            KeyHelp("a click", "the same as the pile's key: a pile, then where it goes"),
        ]
        if room.isSolo { keys.append(KeyHelp("h", "hint: the server's solver suggests a move")) }
        keys.append(KeyHelp("F", "finish: once the stock and waste are empty and every card is face up, all go home"))
        return keys
    }

    /// Whether `finish` would be taken: stock and waste empty, every tableau card face up.
    static func canFinish(_ game: KlondikeFields) -> Bool {
        game.stock == 0 && game.wasteCount == 0 && game.tableau.allSatisfy { $0.down == 0 } && game.foundations.reduce(0) { $0 + $1.count } < 52
    }

    /// A click picks a pile as its key does: the stock draws; the waste, a foundation or a
    /// tableau column is chosen (the first click selects, the second moves).
    public func actions(forClickAt column: Int, row: Int, in room: RoomModel, width: Int) -> [ClientAction]? {
        guard let game = game(of: room), room.phase == .playing, !(game.player ?? "").isEmpty, column >= 1 else { return nil }
        let slot = (column - 1) / Self.column
        if row == 2 || row == 3 {
            switch slot {
            case 0: return [.send(.draw)]
            case 1, 2: return choose(0, in: room, game: game)
            case 3...6: return choose(11 + slot - 3, in: room, game: game)
            default: return nil
            }
        }
        guard row >= 5, slot < 7 else { return nil }
        return choose(slot + 1, in: room, game: game)
    }

    private func choose(_ pile: Int, in room: RoomModel, game: KlondikeFields) -> [ClientAction] {
        let chosen = room.selection.filter { $0 != Self.foundationMark }
        if chosen == [Self.autoMark] || chosen == [pile] {
            return [.select([]), .send(.auto(from: Self.pile(pile)))]
        }
        guard let source = chosen.first else { return [.select([pile])] }
        let count = Self.count(from: source, to: pile, in: game)
        return [.select([]), .send(.move(from: Self.pile(source), to: Self.pile(pile), count: count))]
    }

    /// Cards a move takes: from one tableau pile to another, the shortest run whose bottom card
    /// fits the destination (all face-up cards when none does); otherwise one.
    static func count(from source: Int, to destination: Int, in game: KlondikeFields) -> Int {
        guard game.tableau.indices.contains(source - 1), game.tableau.indices.contains(destination - 1) else { return 1 }
        let up = game.tableau[source - 1].up
        let target = game.tableau[destination - 1]
        guard !up.isEmpty else { return 1 }
        for count in 1...up.count {
            let card = up[up.count - count]
            if let top = target.up.last {
                if top.rank == card.rank + 1, top.suit.isRed != card.suit.isRed { return count }
            } else if target.down == 0, card.rank == 13 {
                return count
            }
        }
        return up.count
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
        if room.phase == .over {
            let verdict = room.result.map { ClientModel.describeResult($0, me: me) } ?? "game over"
            line.append(" · game over: \(verdict)", Palette.heading)
        } else if room.selection == [Self.autoMark] {
            line.append(" · auto: pick a pile", Palette.notice(.neutral))
        } else if room.selection.last == Self.foundationMark {
            line.append(" · f: pick 1–4", Palette.notice(.neutral))
        } else if let source = room.selection.first {
            line.append(" · from \(Self.pileName(source)): pick where", Palette.notice(.neutral))
        }
        return line
    }
}
