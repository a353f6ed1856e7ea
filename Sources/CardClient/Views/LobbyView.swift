import Wire

/// The lobby: the public rooms (the cursor on one), the keys that create each game, and the
/// keys to join, watch or type a room code.
public enum LobbyView {
    /// The smallest terminal the lobby fits.
    public static let minimumSize = ScreenSize(width: 60, height: 12)

    /// Every game's lobby entries, from the game catalog.
    static let newGames = GameCatalog.games.flatMap(\.newGames)

    /// The lobby screen's lines.
    public static func render(_ model: ClientModel, context: ViewContext) -> [StyledLine] {
        let size = context.size
        let who = model.me.map { "\($0) · " } ?? ""
        var lines = [ScreenParts.titleBar("cardclient · \(who)\(model.serverAddress)", "lobby", width: size.width), StyledLine()]
        let listRows = Self.listRows(height: size.height)
        if model.showsKeys {
            lines += ScreenParts.keyList(allKeys(model), width: size.width, rows: size.height - 4)
        } else if let form = model.form {
            lines += formLines(form, width: size.width)
        } else if let records = model.records {
            lines += RecordsView.lines(records, me: model.me, width: size.width)
        } else if let page = model.accountPage {
            lines += AccountView.lines(page, account: model.account, width: size.width, rows: size.height - 5)
        } else if let page = model.quickPlay {
            lines += QuickPlayView.lines(page, pools: model.pools, mySeek: model.mySeek, width: size.width)
        } else {
            lines.append(StyledLine("  Public rooms", Palette.heading))
            let gameWidth = gameColumn(width: size.width)
            lines.append(StyledLine("    " + row("ROOM", "GAME", "PLAYERS", "SEATS", "PHASE", "WATCHING", gameWidth: gameWidth), Palette.quiet))
            lines += roomRows(model.lobby, rows: listRows, gameWidth: gameWidth)
            lines.append(StyledLine())
            lines.append(newGameLine(offered: model.games))
        }
        while lines.count < size.height - 3 { lines.append(StyledLine()) }
        lines.append(ScreenParts.statusLine(model, now: context.now))
        lines.append(model.prompt.map { ScreenParts.promptLine($0, width: size.width) } ?? StyledLine())
        lines.append(ScreenParts.helpLine(helpKeys(model)))
        return lines
    }

    /// Rows the room list has on a screen `height` rows tall.
    static func listRows(height: Int) -> Int { max(1, height - (minimumSize.height - 1)) }

    /// The screen row of the list's first room: below the title, a blank line, the heading and the columns.
    static let firstRoomRow = 4

    /// What a key does in the lobby.
    public static func actions(for key: Key, in model: ClientModel) -> [ClientAction] {
        let chosen = model.lobby.chosen
        switch key {
        case .click(_, let row):
            // A click on a room puts the cursor there; a click on the room under it joins, as Enter does.
            let (top, shown) = visible(model.lobby, rows: listRows(height: model.screenHeight))
            let index = top + row - firstRoomRow
            guard row >= firstRoomRow, row - firstRoomRow < shown, model.lobby.rooms.indices.contains(index) else { return [] }
            if index == model.lobby.cursor { return [.send(.join(room: model.lobby.rooms[index].room))] }
            return [.moveCursor(index - model.lobby.cursor)]
        case .up: return [.moveCursor(-1)]
        case .down: return [.moveCursor(1)]
        case .pageUp: return [.moveCursor(-10)]
        case .pageDown: return [.moveCursor(10)]
        case .enter: return chosen.map { [.send(.join(room: $0.room))] } ?? []
        case .character("w"): return chosen.map { [.send(.watch(room: $0.room))] } ?? []
        case .character("j"): return [.openPrompt(.joinCode)]
        case .character("W"): return [.openPrompt(.watchCode)]
        case .character("4"): return [.send(.create(CreateRequest(game: "set", seats: 4)))]
        case .character("?"): return [.toggleKeys]
        case .character("q"): return [.quit]
        case .character("n"): return [.form(.open)]
        case .character("i"): return [.records(true)]
        case .character("a"): return [.account(.open)]
        case .character("p"): return [.quickPlay(.open)]
        case .character(let character):
            return newGames.first { $0.key == character }.map { [.send($0.command)] } ?? []
        default: return []
        }
    }

    /// Every lobby key, for the `?` list.
    static func allKeys(_ model: ClientModel) -> [KeyHelp] {
        var keys = [
            KeyHelp("↑ ↓", "choose a room"), KeyHelp("Enter", "join the chosen room"),
            KeyHelp("w", "watch the chosen room"), KeyHelp("j", "join a room by its code"),
            KeyHelp("W", "watch a room by its code"),
            KeyHelp("n", "new game: any game, its seats, public or private, and its options"),
            KeyHelp("p", "quick play (the lobby opens on it) or the public rooms (Esc there too)"),
            KeyHelp("u", "quick play: ask again who is online"), KeyHelp("x", "quick play: take back your open seek"),
            KeyHelp("i", "records: your games and wins, each game's best players, replays of your recent games"),
            KeyHelp("a", "account: your sessions and API tokens (signed in to an account)"),
        ]
        for game in offered(model.games) {
            keys.append(KeyHelp(String(game.key), "new game: " + game.label + (game.key == "S" ? " (also 4)" : "")))
        }
        keys += [KeyHelp("?", "show or hide this list"), KeyHelp("q", "quit"), KeyHelp("Ctrl-C", "quit")]
        return keys
    }

    static func helpKeys(_ model: ClientModel) -> [KeyHelp] {
        if model.isOffline { return ScreenParts.offlineKeys }
        if let prompt = model.prompt { return ScreenParts.promptKeys(prompt) }
        if model.form != nil { return formKeys }
        if let records = model.records { return RecordsView.keys(records) }
        if model.accountPage != nil { return AccountView.keys }
        if model.quickPlay != nil { return QuickPlayView.keys }
        return [
            KeyHelp("↑↓", "room"), KeyHelp("Enter", "join"),
            // The quick keys are on the New game line, the code keys (j, W) in the ? list: this
            // line keeps to 80 columns.
            KeyHelp("p", "play"), KeyHelp("n", "new game"),
            // The account screen (a) is in the ? list: this line keeps to 80 columns.
            KeyHelp("i", "records"), KeyHelp("?", "keys"), KeyHelp("q", "quit"),
        ]
    }

    private static func offered(_ games: [String]) -> [NewGame] {
        newGames.filter { games.contains($0.game) }
    }

    /// The game column's width: 21 cells, and every cell a wider terminal has beyond 80 (the
    /// other columns keep theirs), so a room's options show whole where there is room.
    static func gameColumn(width: Int) -> Int {
        max(21, width - 4 - 6 - 22 - 7 - 10 - 10)
    }

    private static func row(
        _ code: String, _ game: String, _ players: String, _ seats: String, _ phase: String, _ watching: String, gameWidth: Int
    ) -> String {
        // Each column keeps a gap before the next; a long name ends in "…".
        func cell(_ text: String, _ width: Int) -> String {
            StyledLine(text).clipped(to: width - 2).padded(to: width).plainText
        }
        return cell(code, 6) + cell(game, gameWidth) + cell(players, 22) + cell(seats, 7) + cell(phase, 10) + watching
    }

    /// The first room shown and how many are: when the rooms do not all fit, the last row
    /// says how many more there are, and the list scrolls to keep the cursor in view.
    static func visible(_ lobby: Lobby, rows: Int) -> (top: Int, shown: Int) {
        let fits = lobby.rooms.count <= rows && lobby.total <= lobby.rooms.count
        let shown = fits ? rows : max(1, rows - 1)
        return (lobby.cursor >= shown ? lobby.cursor - shown + 1 : 0, shown)
    }

    private static func roomRows(_ lobby: Lobby, rows: Int, gameWidth: Int) -> [StyledLine] {
        guard !lobby.rooms.isEmpty else {
            return [StyledLine("    no public rooms yet: start a game below", Palette.quiet)]
        }
        let (top, shown) = visible(lobby, rows: rows)
        let fits = lobby.rooms.count <= rows && lobby.total <= lobby.rooms.count
        var lines = lobby.rooms.enumerated().dropFirst(top).prefix(shown).map { index, room in
            // A rated room's players with their ratings ("ann 1662?, bob 1500?"): the ratings say
            // the room is rated (the game's column has no room for a word more).
            let players = room.players.enumerated().map { index, name in
                guard let rating = room.ratings?.indices.contains(index) == true ? room.ratings?[index] : nil else { return name }
                return name + " " + RatingText.rating(rating.rating, provisional: rating.provisional)
            }
            let text = row(
                room.room, OptionWords.titled(room, fitting: gameWidth - 2), players.joined(separator: ", "),
                "\(room.players.count)/\(room.seats)", room.phase.rawValue, "\(room.spectators)", gameWidth: gameWidth)
            if index == lobby.cursor {
                return StyledLine("  ▸ ", Palette.key) + StyledLine(text, Palette.strong)
            }
            return StyledLine("    " + text)
        }
        let below = lobby.total - min(lobby.rooms.count, top + shown)
        if !fits, below > 0 {
            lines.append(StyledLine("    more rooms ↓ (\(below) more)", Palette.quiet))
        } else if !fits, top > 0 {
            lines.append(StyledLine("    ↑ \(top) above", Palette.quiet))
        }
        return lines
    }

    private static func newGameLine(offered games: [String]) -> StyledLine {
        let available = offered(games)
        guard !available.isEmpty else {
            return StyledLine("  New game  ", Palette.heading) + StyledLine("this server offers no game this client can start", Palette.quiet)
        }
        return StyledLine("  New game  ", Palette.heading)
            + KeyHelp.line([KeyHelp("n", "any game, with options")] + available.filter(\.isShown).map { KeyHelp(String($0.key), $0.label) })
    }

    /// The new-game form: a row per field, the focused one marked, each value between ◂ ▸.
    static func formLines(_ form: NewGameForm, width: Int) -> [StyledLine] {
        var lines = [StyledLine("  New game", Palette.heading)]
        for (index, field) in form.fields.enumerated() {
            let focused = index == form.row
            let name = StyledLine(NewGameForm.name(of: field)).fitted(to: 14)
            var line = focused ? StyledLine("  ▸ ", Palette.key) : StyledLine("    ")
            line = line + StyledLine(name.plainText, focused ? Palette.strong : .plain)
            line = line + StyledLine("◂ ", Palette.quiet) + StyledLine(form.label(of: field), focused ? Palette.strong : .plain)
                + StyledLine(" ▸", Palette.quiet)
            if focused, case .option(let option) = field, case .integers = option.values {
                line = line + StyledLine("  digits type a number", Palette.quiet)
            }
            lines.append(line.fitted(to: width))
        }
        return lines
    }

    /// The keys while the form is open.
    static let formKeys = [
        KeyHelp("↑↓", "field"), KeyHelp("←→", "change"), KeyHelp("Enter", "create"), KeyHelp("c", "challenge"), KeyHelp("o", "seek"),
        KeyHelp("Esc", "cancel"),
    ]
}
