import Wire
/// concentration: the cards as small boxes named by letters (`a`–`z`, then `A`–`N`: up to 40),
/// face down as `░░`, face up with their emoji, matched ones dimmed; whose turn, flips, theme
/// and the turn's clock. Typing a card's letter flips it.
public struct ConcentrationView: GameView {
    /// Concentration in the game catalog.
    public static let game = ClientGame(
        name: "concentration", title: "Concentration", view: ConcentrationView(), seats: 1...8, defaultSeats: 2, options: GameOptions.concentration, newGames: [])

    /// The letters that name cards, in index order.
    static let letters: [Character] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN")
    /// One box's width in cells, and its height in lines.
    static let boxWidth = 6
    static let boxHeight = 3

    /// Makes the view.
    public init() {}

    /// The cards take the lowercase letters (and `A`–`N`); the room's own keys are `Q`, `T`, `/`.
    public var takesLetters: Bool { true }

    /// Two players by default, but one may start alone.
    public var minimumPlayers: Int { 1 }

    /// The turn's countdown runs while playing.
    public func isTimed(_ room: RoomModel) -> Bool {
        room.phase == .playing && game(of: room)?.timeLeftMs != nil
    }

    /// The info line, a gap and the grid.
    public func minimumSize(for room: RoomModel) -> ScreenSize {
        let count = game(of: room)?.cards.count ?? 0
        let columns = Self.columns(for: count)
        let rows = max(1, (count + columns - 1) / columns)
        return ScreenSize(width: columns * (Self.boxWidth + 1) + 1, height: 2 + rows * Self.boxHeight)
    }

    /// Cards a row: 4 for 16 cards or fewer, up to 10 for 40.
    static func columns(for count: Int) -> Int {
        min(10, max(4, (count + 3) / 4))
    }

    /// The letter naming the card at `index`.
    public static func letter(_ index: Int) -> String {
        letters.indices.contains(index) ? String(letters[index]) : "?"
    }

    /// The info line, a blank line, then the grid of cards.
    public func body(for room: RoomModel, context: ViewContext) -> [StyledLine] {
        guard let game = game(of: room) else { return [StyledLine(" waiting for the cards…", Palette.quiet)] }
        var lines = [infoLine(game, room: room, context: context), StyledLine()]
        if room.phase == .waiting {
            lines.append(StyledLine(" The game starts when every seat is taken, or when a player presses Enter."))
            lines.append(StyledLine(" Friends join with the room code ") + StyledLine(room.code, Palette.strong) + StyledLine("."))
            return lines
        }
        let columns = Self.columns(for: game.cards.count)
        for start in stride(from: 0, to: game.cards.count, by: columns) {
            var rows = [StyledLine](repeating: StyledLine(" "), count: Self.boxHeight)
            for (offset, card) in game.cards[start..<min(start + columns, game.cards.count)].enumerated() {
                let box = Self.box(card, letter: Self.letter(start + offset))
                for line in 0..<Self.boxHeight {
                    if offset > 0 { rows[line].append(" ") }
                    rows[line].append(box[line])
                }
            }
            lines += rows
        }
        return lines
    }

    /// One card's three lines: `┌ a ─┐`, `│ ░░ │` or `│ 🐶 │`, and `└────┘` (`└─✓──┘` when matched).
    static func box(_ card: ConcentrationFields.CardView, letter: String) -> [StyledLine] {
        let frame: Style = card.matched ? Palette.quiet : card.face != nil ? Palette.heading : .plain
        let top = StyledLine("┌ ", frame) + StyledLine(letter, card.matched ? Palette.quiet : Palette.key) + StyledLine(" ─┐", frame)
        let face = card.face.map { DisplayWidth.of($0) >= 2 ? $0 : $0 + " " } ?? "░░"
        let middle = StyledLine("│ ", frame) + StyledLine(face, card.face == nil ? Palette.quiet : card.matched ? Palette.quiet : Palette.strong)
            + StyledLine(" │", frame)
        let bottom = StyledLine(card.matched ? "└─✓──┘" : "└────┘", frame)
        return [top, middle, bottom]
    }

    /// A click on a card flips it, as its letter does.
    public func actions(forClickAt column: Int, row: Int, in room: RoomModel, size: ScreenSize) -> [ClientAction]? {
        guard let game = game(of: room), room.phase == .playing, row >= 2, column >= 1 else { return nil }
        let columns = Self.columns(for: game.cards.count)
        let x = column - 1
        guard x % (Self.boxWidth + 1) < Self.boxWidth, x / (Self.boxWidth + 1) < columns else { return nil }
        let index = (row - 2) / Self.boxHeight * columns + x / (Self.boxWidth + 1)
        guard index < game.cards.count, let letter = Self.letter(index).first else { return nil }
        return actions(for: .character(letter), in: room, me: nil)
    }

    /// A card's letter flips it, on your turn.
    public func actions(for key: Key, in room: RoomModel, me: String?) -> [ClientAction]? {
        guard case .character(let character) = key, let index = Self.letters.firstIndex(of: character) else { return nil }
        guard room.phase == .playing, !room.isSpectator, let game = game(of: room), index < game.cards.count else {
            // A capital the grid does not use stays the room's (`Q` leaves, `T` chats).
            return character.isUppercase ? nil : []
        }
        return [.send(.flip(card: index))]
    }

    /// The letters of the cards.
    public func keys(for room: RoomModel) -> [KeyHelp] {
        guard room.phase == .playing, let count = game(of: room)?.cards.count, count > 0 else { return [] }
        return [KeyHelp("a–" + Self.letter(count - 1), "flip a card")]
    }

    private func game(of room: RoomModel) -> ConcentrationFields? {
        if case .concentration(let game)? = room.state?.gameFields { return game }
        return nil
    }

    private func infoLine(_ game: ConcentrationFields, room: RoomModel, context: ViewContext) -> StyledLine {
        var left = StyledLine(" ")
        switch room.phase {
        case .waiting:
            left.append("waiting for players · ", Palette.quiet)
            left.append(room.seatedText, Palette.strong)
        case .over:
            let verdict = room.result.map { ClientModel.describeWinners($0.winners, me: context.me) } ?? "game over"
            left.append("game over: \(verdict)", Palette.heading)
        default:
            if let turn = game.turn {
                if turn == context.me {
                    left.append("your turn", Style(foreground: .green, bold: true, inverse: true))
                } else {
                    left.append("\(turn)'s turn", Palette.strong)
                }
            }
        }
        let matched = game.cards.filter(\.matched).count / 2
        left.append(" · flips \(game.flips) · \(matched)/\(game.pairs) pairs · \(game.theme)", Palette.quiet)
        if room.phase == .playing, let clock = game.bonusClockMs {
            // What a match would earn now: 10 less the whole seconds on the bonus clock.
            let elapsed = clock + max(0, context.now - room.stateReceivedAt)
            left.append(" · bonus ", Palette.quiet)
            left.append("+\(max(0, 10 - elapsed / 1000))", Palette.strong)
        }
        guard room.phase == .playing, let timeLeft = game.timeLeftMs else { return left }
        let seconds = Countdown.seconds(Countdown.remaining(timeLeft, in: room, now: context.now))
        left.append(" · ", Palette.quiet)
        left.append("\(seconds) s", seconds <= 5 ? Palette.notice(.bad) : Palette.strong)
        return left
    }
}
