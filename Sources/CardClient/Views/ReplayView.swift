import Wire

/// The replay viewer: a finished game drawn by its own game view, one step at a time, with
/// what the step was and what it caused.
public enum ReplayView {
    /// Rows around the game's body: title, step line, gap, two lines of what happened, status, help.
    static let fixedRows = 7
    /// The same on a short terminal, which drops the gap and the status line: 80×24 shows every game.
    static let compactRows = 5

    /// The smallest terminal that shows this replay.
    public static func minimumSize(for viewer: ReplayViewer) -> ScreenSize {
        guard let room = viewer.room else { return LobbyView.minimumSize }
        let body = GameViews.view(for: room.game).minimumSize(for: room)
        return ScreenSize(width: max(RoomChrome.minimumWidth, body.width), height: body.height + compactRows)
    }

    /// The viewer's lines.
    public static func render(_ model: ClientModel, viewer: ReplayViewer, context: ViewContext) -> [StyledLine] {
        let size = context.size
        let replay = viewer.replay
        // The frame's players include a robot, which the record's seats do not.
        let names = viewer.frame?.state.players.map(\.name) ?? replay.players.filter { !$0.isEmpty }
        let players = names.joined(separator: ", ")
        var lines = [
            ScreenParts.titleBar("Replay · \(GameViews.title(of: replay.game)) · \(players)", "game \(replay.gameID)", width: size.width),
            stepLine(viewer, me: context.me).clippedAtWord(to: size.width),
        ]
        let needed = viewer.room.map { GameViews.view(for: $0.game).minimumSize(for: $0).height } ?? 0
        let roomy = size.height >= needed + fixedRows
        if roomy { lines.append(StyledLine()) }
        let bodyRows = size.height - (roomy ? fixedRows : compactRows)
        if var room = viewer.room, viewer.frame?.step == viewer.step {
            // A clock in the frame stands still at the time it had then.
            room.stateReceivedAt = context.now
            var body = context
            body.size = ScreenSize(width: size.width, height: bodyRows)
            lines += GameViews.view(for: room.game).body(for: room, context: body).prefix(bodyRows)
        } else {
            lines.append(StyledLine("  rebuilding step \(viewer.step)…", Palette.quiet))
        }
        while lines.count < size.height - (roomy ? 4 : 3) { lines.append(StyledLine()) }
        let told = viewer.frame.map { happened($0, players: names, me: context.me) } ?? []
        for index in 0..<2 {
            lines.append(index < told.count ? StyledLine("  " + told[index], Palette.strong).clippedAtWord(to: size.width) : StyledLine())
        }
        if roomy { lines.append(ScreenParts.statusLine(model, now: context.now)) }
        lines.append(ScreenParts.helpLine(keys(viewer)))
        return lines
    }

    /// "Step 12 of 30 · 0:41 · ann: claim", or "The deal · 30 steps" before the first.
    public static func stepLine(_ viewer: ReplayViewer, me: String?) -> StyledLine {
        let steps = viewer.replay.steps
        let count = viewer.shownSteps.count - 1
        let hints = viewer.hintCount
        // Hints skipped are said once, on the deal's line.
        let skipped = hints > 0 && !viewer.showsHints ? " (\(hints) hint\(hints == 1 ? "" : "s") skipped: H shows them)" : ""
        guard viewer.step > 0, steps.indices.contains(viewer.step - 1) else {
            return StyledLine("  The deal · \(count) step\(count == 1 ? "" : "s")\(skipped) · → to play them", Palette.heading)
        }
        let step = steps[viewer.step - 1]
        let who = step.name.map { $0 == me ? "you" : $0 } ?? "?"
        let what = switch step.kind {
        case .move: "\(who): \(step.command.map(describe) ?? "a move")"
        case .deadline: "time ran out"
        case .left: "\(who) left"
        case .away: "\(who) went away"
        case .back: "\(who) came back"
        case .resign: "\(who) resigned"
        case .abort: "\(who) aborted the game"
        }
        let end = viewer.step == viewer.shownSteps.last ? " · the end" : ""
        return StyledLine(
            "  Step \(viewer.position) of \(count) · \(Narration.clock(milliseconds: step.ms)) · \(what)\(end)", Palette.heading)
    }

    /// A command in a few words, piles named as the board names them: "claim", "move 7 → 2
    /// (3 cards)", "throw rock".
    public static func describe(_ command: ClientCommand) -> String {
        switch command {
        case .throwSign(let sign): "throw \(sign.rawValue)"
        case .answer(let sign): "answer \(sign.rawValue)"
        case .flip(let card): "flip \(ConcentrationView.letter(card))"
        case .move(let from, let to, let count):
            "move \(ClientModel.boardName(of: from)) → \(ClientModel.boardName(of: to))" + (count > 1 ? " (\(count) cards)" : "")
        case .auto(let from): "send \(ClientModel.boardName(of: from)) home"
        default: command.type
        }
    }

    /// What the step caused, in the words the room's log uses.
    static func happened(_ frame: ReplayFrame, players: [String], me: String?) -> [String] {
        frame.events.compactMap { event in
            switch event {
            case .claimed(_, let player, let cards, let valid, let points, _):
                Narration.claim(by: player, cards: cards, valid: valid, points: points, me: me)
            case .round(let reveal):
                Narration.round(reveal, players: players.filter { !$0.isEmpty }, me: me)
            case .brainRound(let reveal):
                "round \(reveal.round): the answer was \(reveal.answer.glyph) \(reveal.answer.rawValue)"
            case .flipped(_, let player, _, let face, let result, let points, let bonus):
                Narration.flip(by: player, face: face, result: result, points: points, firstFace: nil, me: me, bonus: bonus)
            case .solved(_, let player, let moves, _):
                "\(player == me ? "you" : player) solved it in \(moves) moves"
            case .gameOver(let over):
                "game over: " + ClientModel.describeResult(over, me: me)
            default:
                nil
            }
        }
    }

    /// What a key does while a replay is open.
    static func actions(for key: Key) -> [ClientAction] {
        switch key {
        case .left, .character("h"): [.replay(.step(-1))]
        case .right, .character("l"), .character(" "): [.replay(.step(1))]
        case .pageUp: [.replay(.step(-10))]
        case .pageDown: [.replay(.step(10))]
        case .home: [.replay(.first)]
        case .end: [.replay(.last)]
        case .character("H"): [.replay(.toggleHints)]
        case .escape, .character("q"): [.replay(.close)]
        default: [.explain("←/→ a step · Home/End the deal or the end · Esc back to the records")]
        }
    }

    /// The keys while a replay is open; `H` when the game had hints to show or skip.
    public static func keys(_ viewer: ReplayViewer) -> [KeyHelp] {
        let hints = viewer.hintCount == 0 ? [] : [KeyHelp("H", viewer.showsHints ? "skip hints" : "show hints")]
        return [KeyHelp("←→", "step"), KeyHelp("PgUp/PgDn", "10 steps"), KeyHelp("Home/End", "deal/end")] + hints + [KeyHelp("Esc", "back")]
    }
}
