import Wire
/// The frame around every game: the title bar (room code, game, phase, who you are), the
/// players with scores and who is away, the spectators, the status line, the last chat lines
/// and the key help. It also handles the room's keys: leave, chat, start, the key list.
public enum RoomChrome {
    /// Rows the chrome takes besides the body and the chat: title, players, gap, status, help.
    static let fixedRows = 5
    /// The most chat lines shown.
    static let maxChatRows = 6
    /// The narrowest room screen.
    static let minimumWidth = 50

    /// The smallest terminal that shows this room: the game's body, the chrome and one chat line.
    public static func minimumSize(for room: RoomModel) -> ScreenSize {
        let body = GameViews.view(for: room.game).minimumSize(for: room)
        return ScreenSize(width: max(minimumWidth, body.width), height: body.height + fixedRows + 1)
    }

    /// The game's area on a screen of `size`: every row but the chrome's and one of chat.
    static func bodySize(of size: ScreenSize) -> ScreenSize {
        ScreenSize(width: size.width, height: size.height - fixedRows - 1)
    }

    /// The room screen's lines.
    public static func render(_ model: ClientModel, room: RoomModel, context: ViewContext) -> [StyledLine] {
        let size = context.size
        let view = GameViews.view(for: room.game)
        var lines = [titleBar(room, me: context.me, width: size.width), playersLine(room, me: context.me), StyledLine()]
        let bodyRows = bodySize(of: size).height
        var body = context
        body.size = bodySize(of: size)
        let content = model.showsKeys ? ScreenParts.keyList(allKeys(room, me: context.me, view: view), width: size.width, rows: bodyRows)
            : model.records.map { RecordsView.lines($0, me: context.me, width: size.width) } ?? view.body(for: room, context: body)
        lines += content.prefix(bodyRows)
        lines.append(ScreenParts.statusLine(model, now: context.now))
        // The chat takes every row the game leaves free.
        let chatRows = max(0, size.height - lines.count - 1)
        lines += chatLines(room, prompt: model.prompt, rows: chatRows, width: size.width, chatKey: view.takesLetters ? "/" : "t")
        lines.append(ScreenParts.helpLine(helpKeys(model, room: room, view: view)))
        return lines
    }

    /// What a key does in the room: the game's keys first, then leave, chat, start and the key list.
    public static func actions(for key: Key, in model: ClientModel, room: RoomModel) -> [ClientAction] {
        let view = GameViews.view(for: room.game)
        // A click lands on the body as it is drawn, whose layout can follow its size (Set's cards).
        let body = bodySize(of: ScreenSize(width: model.screenWidth, height: model.screenHeight))
        if case .click(let column, let row) = key {
            // The body starts below the title, the players and a blank line.
            guard !room.isSpectator, model.records == nil, !model.showsKeys else { return [] }
            return view.actions(forClickAt: column, row: row - 3, in: room, size: body) ?? []
        }
        if case .release(let column, let row) = key {
            guard !room.isSpectator, model.records == nil, !model.showsKeys else { return [] }
            return view.actions(forReleaseAt: column, row: row - 3, in: room, size: body) ?? []
        }
        if let actions = view.actions(for: key, in: room, me: model.me) { return actions }
        let lowercase = !view.takesLetters
        switch key {
        case .character("?"): return [.toggleKeys]
        case .character("Q"): return leave(model)
        case .character("q") where lowercase: return leave(model)
        case .character("/"), .character("T"): return [.openPrompt(.chat)]
        case .character("X") where canConcede(room, me: model.me):
            return [.ask(room.state?.abortable == true ? .abortGame : .resignGame)]
        case .character("I") where room.phase == .over: return [.records(true)]
        case .character("i") where lowercase && room.phase == .over: return [.records(true)]
        case .pageUp: return [.scrollChat(5)]
        case .pageDown: return [.scrollChat(-5)]
        case .character("t") where lowercase: return [.openPrompt(.chat)]
        case .enter where canStart(room, view: view): return [.send(.start)]
        default: return []
        }
    }

    /// Leaving a game under way forfeits it: ask first.
    private static func leave(_ model: ClientModel) -> [ClientAction] {
        model.isInGame ? [.ask(.leaveGame)] : [.send(.leave)]
    }

    /// Whether X resigns (or aborts) here: a seated player in a game under way who has not
    /// resigned it yet.
    static func canConcede(_ room: RoomModel, me: String?) -> Bool {
        guard !room.isSpectator, room.phase == .playing else { return false }
        return room.state?.players.first { $0.name == me }?.resigned != true
    }

    private static func canStart(_ room: RoomModel, view: any GameView) -> Bool {
        guard !room.isSpectator else { return false }
        switch room.phase {
        case .over: return true
        case .waiting: return (room.state?.players.count ?? 0) >= view.minimumPlayers
        default: return false
        }
    }

    private static func titleBar(_ room: RoomModel, me: String?, width: Int) -> StyledLine {
        let phase = room.phase == .waiting ? "waiting · \(room.seatedText)" : room.phase.rawValue
        let rated = room.state?.rated.map { $0 ? " · rated" : " · casual" } ?? ""
        let left = "\(room.code)\(room.isPrivate ? " (private)" : "") · \(GameViews.title(of: room.game)) · \(phase)\(rated)"
        let role = room.seat.map { "seat \($0 + 1)" } ?? "watching"
        return ScreenParts.titleBar(left, [me, role].compactMap { $0 }.joined(separator: " · "), width: width)
    }

    private static func playersLine(_ room: RoomModel, me: String?) -> StyledLine {
        var line = StyledLine(" ")
        let players = room.state?.players ?? []
        if players.isEmpty { line.append(room.phase == .over ? "everyone has left" : "no one seated yet", Palette.quiet) }
        for (position, player) in players.enumerated() {
            if position > 0 { line.append(" · ", Palette.quiet) }
            let style = player.connected ? (player.name == me ? Palette.strong : .plain) : Palette.quiet
            line.append(player.name, style)
            if player.bot { line.append(" (bot)", Palette.quiet) }
            // After a rated game: the rating it made and what it changed; else the rating now.
            if room.phase == .over, let change = room.result?.ratings?.first(where: { $0.name == player.name }) {
                line.append(" (\(RatingText.rating(change.after, provisional: change.provisional)) ", Palette.quiet)
                line.append(RatingText.change(change.diff), Palette.notice(change.diff >= 0 ? .good : .bad))
                line.append(")", Palette.quiet)
            } else if let rating = player.rating {
                line.append(" (\(RatingText.rating(rating.rating, provisional: rating.provisional)))", Palette.quiet)
            }
            line.append(" \(player.score)", player.connected ? Palette.heading : Palette.quiet)
            if player.resigned { line.append(" resigned", Palette.quiet) }
            if !player.connected { line.append(" away", Palette.quiet) }
        }
        let spectators = room.state?.spectators ?? 0
        line.append(" · \(spectators) watching", Palette.quiet)
        return line
    }

    private static func chatLines(_ room: RoomModel, prompt: Prompt?, rows: Int, width: Int, chatKey: String) -> [StyledLine] {
        guard rows > 0 else { return [] }
        let typing = prompt.map { ScreenParts.promptLine($0, width: width) }
        let logRows = rows - (typing == nil ? 0 : 1)
        // Long lines wrap; PgUp/PgDn scroll back through everything kept.
        let entries = room.chat.map { entry in
            let line = switch entry {
            case .said(let from, let text): StyledLine(" \(from): ", Palette.strong) + StyledLine(text)
            case .event(let text): StyledLine(" \(text)", Palette.quiet)
            }
            return line.wrapped(to: width - 1, indent: 3)
        }
        let all = entries.flatMap { $0 }
        let scroll = min(room.chatScroll, max(0, all.count - logRows))
        var lines = Array(all.dropLast(scroll).suffix(logRows))
        if scroll == 0, logRows > 0 {
            // The newest entries that fit whole: a wrapped line is never shown by its tail
            // alone ("   triangles (+3)"); one longer than the rows shows its head.
            var rowsLeft = logRows
            let whole = entries.reversed().prefix { entry in
                guard entry.count <= rowsLeft else { return false }
                rowsLeft -= entry.count
                return true
            }
            lines = whole.isEmpty ? Array((entries.last ?? []).prefix(logRows)) : whole.reversed().flatMap { $0 }
        }
        if scroll > 0, logRows > 1 {
            lines = Array(lines.dropFirst()) + [StyledLine(" ↓ \(scroll) newer \(scroll == 1 ? "line" : "lines") · PgDn", Palette.key)]
        }
        if room.chat.isEmpty, logRows > 0 {
            lines = [StyledLine(" no chat yet · ", Palette.quiet) + StyledLine(chatKey, Palette.key) + StyledLine(" to talk", Palette.quiet)]
        }
        lines = Array(repeating: StyledLine(), count: max(0, logRows - lines.count)) + lines
        if let typing { lines.append(typing) }
        return lines
    }

    private static func helpKeys(_ model: ClientModel, room: RoomModel, view: any GameView) -> [KeyHelp] {
        if model.isOffline { return ScreenParts.offlineKeys }
        if let question = model.question { return ScreenParts.questionKeys(question) }
        if let records = model.records { return RecordsView.keys(records) }
        if let prompt = model.prompt { return ScreenParts.promptKeys(prompt) }
        var keys = room.isSpectator ? [] : view.keys(for: room)
        // After a game, a view's own rematch key stands for Enter.
        if canStart(room, view: view), room.phase == .waiting || keys.isEmpty {
            let offered = room.state?.rematchVotes.contains(model.me ?? "") == true
            if room.phase == .waiting {
                keys.append(KeyHelp("Enter", "start"))
            } else if !offered {
                let alone = (room.state?.players.filter { $0.name != model.me }.isEmpty) ?? true
                keys.append(KeyHelp("Enter", alone ? "play again" : room.state?.rematchVotes.isEmpty == false ? "accept rematch" : "rematch"))
            }
        }
        if room.phase == .over { keys.append(KeyHelp(view.takesLetters ? "I" : "i", "records")) }
        keys += [
            KeyHelp(view.takesLetters ? "/" : "t", "chat"), KeyHelp("?", "keys"),
            KeyHelp(view.takesLetters ? "Q" : "q", "leave"),
        ]
        return keys
    }

    /// Every key this viewer can use here and now: a spectator gets no game keys and no
    /// Enter; a finished game offers the rematch and the records.
    private static func allKeys(_ room: RoomModel, me: String?, view: any GameView) -> [KeyHelp] {
        var keys: [KeyHelp] = []
        if !room.isSpectator {
            keys = view.explainedKeys(for: room)
            if view.takesLetters, room.phase == .playing { keys.append(KeyHelp("Esc", "clear the selection")) }
            switch room.phase {
            case .waiting: keys.append(KeyHelp("Enter", "start the game"))
            case .over: keys.append(KeyHelp("Enter", "offer or accept a rematch"))
            case .playing: break
            }
            if canConcede(room, me: me) {
                keys.append(KeyHelp("X", room.state?.abortable == true ? "abort: nobody has moved, so no result (asks first)" : "resign: you lose the game (asks first)"))
            }
        }
        if room.phase == .over { keys.append(KeyHelp(view.takesLetters ? "I" : "i", "records: your results, the best players, replays")) }
        keys += [
            KeyHelp(view.takesLetters ? "/ or T" : "/ or t", "chat: Enter sends, Esc cancels; PgUp/PgDn scroll"),
            KeyHelp("?", "show or hide this list"),
            KeyHelp(view.takesLetters ? "Q" : "q or Q", room.isSpectator || room.phase != .playing ? "leave the room" : "leave the room (asks first: you forfeit)"),
            KeyHelp("Ctrl-C", "quit"),
        ]
        return keys
    }
}
