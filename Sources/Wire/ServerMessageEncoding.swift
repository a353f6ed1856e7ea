import GameRules

extension ServerMessage {
    /// The message as one wire line: compact JSON followed by "\n".
    /// - Parameter seq: for a reply to a command that changed a room, the `seq` of the
    ///   `state` that shows the change, written just before the `id`.
    public func encodedLine(seq: Int? = nil) -> [UInt8] {
        // A state or a claim with its cards runs to a kilobyte or two; most replies are short.
        let capacity = switch self {
        case .state, .claimed, .hint, .help, .games, .replayFrame: 2048
        case .replay: 8192
        default: 128
        }
        return JSONWriter.line(type: wireType, capacity: capacity) { writer in
            writeFields(into: &writer, seq: seq)
        }
    }

    /// The message's JSON text, without the newline.
    public var jsonText: String {
        String(decoding: encodedLine().dropLast(), as: UTF8.self)
    }

    /// Writes every field after `type`, in protocol order, then a reply's `seq` and its `id` last.
    private func writeFields(into writer: inout JSONWriter, seq: Int?) {
        var replyID: RequestID?
        switch self {
        case .hello(let version, let server, let games, let startedMs):
            writer.field("protocol", version)
            writer.field("server", server)
            writer.field("games", strings: games)
            if let startedMs { writer.field("started_ms", startedMs) }
        case .help(let commands, let id):
            writer.field("commands", strings: commands)
            replyID = id
        case .games(let games, let id):
            writer.field("games", array: games) { writer, game in game.write(into: &writer) }
            replyID = id
        case .pong(let id), .ok(let id), .thrown(let id):
            replyID = id
        case .welcome(let player, let name, let token, let resumed, let room, let limits, let id):
            writer.field("player", player)
            writer.field("name", name)
            writer.field("token", token)
            writer.field("resumed", resumed)
            writer.field("room", room)
            if let limits {
                writer.field("limits", object: { writer in
                    writer.field("command_rate", limits.commandRate)
                    writer.field("command_burst", limits.commandBurst)
                    writer.field("rooms_per_minute", limits.roomsPerMinute)
                    writer.field("games_per_minute", limits.gamesPerMinute)
                    writer.field("connections_per_address", limits.connectionsPerAddress)
                })
            }
            replyID = id
        case .error(let code, let message, let id):
            writer.field("code", code.rawValue)
            writer.field("message", message)
            replyID = id
        case .rateLimited(let message, let retryAfterMs, let id):
            writer.field("code", ErrorCode.rateLimited.rawValue)
            writer.field("message", message)
            writer.field("retry_after_ms", retryAfterMs)
            replyID = id
        case .storageUnavailable(let message, let retryAfterMs, let id):
            writer.field("code", ErrorCode.storageUnavailable.rawValue)
            writer.field("message", message)
            writer.field("retry_after_ms", retryAfterMs)
            replyID = id
        case .stats(let stats, let id):
            writer.field("name", stats.name)
            writer.field("games", stats.games)
            writer.field("wins", stats.wins)
            writer.field("by_game", object: { writer in
                for line in stats.byGame {
                    writer.key(escaping: line.key)
                    writer.openObject()
                    writer.field("games", line.games)
                    writer.field("wins", line.wins)
                    writer.field("points", line.points)
                    writer.closeObject()
                }
            })
            if !stats.recent.isEmpty {
                writer.field("recent", array: stats.recent) { writer, game in
                    writer.openObject()
                    writer.field("game_id", game.gameID)
                    writer.field("game", game.game)
                    writer.field("won", game.won)
                    writer.closeObject()
                }
            }
            replyID = id
        case .leaderboard(let game, let entries, let id):
            writer.field("game", game)
            writer.field("entries", array: entries) { writer, line in
                writer.openObject()
                writer.field("name", line.key)
                writer.field("games", line.games)
                writer.field("wins", line.wins)
                writer.field("points", line.points)
                writer.closeObject()
            }
            replyID = id
        case .dailyLeaderboard(let board, let id):
            writer.field("game", board.game)
            writer.field("day", board.day)
            writer.field("deal", board.deal)
            writer.field("entries", array: board.entries) { writer, entry in
                writer.openObject()
                writer.field("name", entry.name)
                writer.field("finished", entry.finished)
                writer.field("score", entry.score)
                if let timeMs = entry.timeMs { writer.field("time_ms", timeMs) }
                for figure in entry.figures {
                    writer.key(escaping: figure.name)
                    writer.int(figure.score)
                }
                writer.closeObject()
            }
            replyID = id
        case .rooms(let page, let id):
            RoomsPage.writeFields(summaries: page.rooms.lazy.map { $0.encoded() }, total: page.total, next: page.next, into: &writer)
            replyID = id
        case .joined(let room, let game, let seat, let id):
            writer.field("room", room)
            writer.field("game", game)
            writer.field("seat", seat)
            replyID = id
        case .watching(let room, let id), .left(let room, let id):
            writer.field("room", room)
            replyID = id
        case .chat(let room, let from, let text, let id):
            writer.field("room", room)
            writer.field("from", from)
            writer.field("text", text)
            replyID = id
        case .member(_, let room, let name, let role):
            writer.field("room", room)
            writer.field("name", name)
            writer.field("role", role.rawValue)
        case .state(let state):
            state.write(into: &writer)
        case .gameOver(let over):
            writer.field("room", over.room)
            if let gameID = over.gameID { writer.field("game_id", gameID) }
            writer.field("winners", strings: over.winners)
            writer.field("scores", scores: over.scores)
            if let hintsUsed = over.hintsUsed {
                writer.field("hints_used", hintsUsed)
            }
            if let seed = over.seed {
                writer.field("seed", seed)
            }
            if let summary = over.summary {
                writer.field("summary", object: { writer in
                    writer.field("time_ms", summary.timeMs)
                    for figure in summary.figures {
                        writer.key(escaping: figure.name)
                        writer.int(figure.score)
                    }
                })
            }
        case .round(let reveal):
            writer.field("room", reveal.room)
            reveal.write(into: &writer)
        case .answered(let correct, let points, let reactionMs, let id):
            writer.field("correct", correct)
            writer.field("points", points)
            if let reactionMs { writer.field("reaction_ms", reactionMs) }
            replyID = id
        case .brainRound(let reveal):
            writer.field("room", reveal.room)
            reveal.write(into: &writer)
        case .flipped(let room, let player, let card, let face, let result, let points, let bonus):
            writer.field("room", room)
            writer.field("player", player)
            writer.field("card", card)
            writer.field("face", face)
            writer.field("result", result)
            writer.field("points", points)
            if let bonus { writer.field("bonus", bonus) }
        case .solved(let room, let player, let moves, let message):
            writer.field("room", room)
            writer.field("player", player)
            writer.field("moves", moves)
            writer.field("message", message)
        case .claimed(let room, let player, let cards, let valid, let points, let id):
            writer.field("room", room)
            writer.field("player", player)
            writer.field("cards", array: cards) { writer, card in card.write(into: &writer) }
            writer.field("valid", valid)
            writer.field("points", points)
            replyID = id
        case .hint(let cards, let hintsUsed, let id):
            writer.field("cards", array: cards) { writer, card in card.write(into: &writer) }
            writer.field("hints_used", hintsUsed)
            replyID = id
        case .suggestion(let move, let text, let id):
            writer.field("move", objectOrNull: move) { writer, command in
                writer.field("type", command.type)
                command.writeFields(into: &writer)
            }
            writer.field("text", text)
            replyID = id
        case .replay(let replay, let id):
            writer.field("game_id", replay.gameID)
            writer.field("game", replay.game)
            writer.field("room", replay.room)
            writer.field("seed", replay.seed)
            writer.key("options")
            writer.raw(Array(JSONValue.object(replay.options).jsonText.utf8))
            writer.field("players", strings: replay.players)
            writer.field("started_ms", replay.startedMs)
            writer.field("steps", array: replay.steps) { writer, step in
                writer.openObject()
                writer.field("kind", step.kind.rawValue)
                writer.field("ms", step.ms)
                writer.field("ns", Int(clamping: step.ns))
                if let seat = step.seat { writer.field("seat", seat) }
                if let name = step.name { writer.field("name", name) }
                if let command = step.command {
                    writer.key("command")
                    writer.raw(Array(ClientRequest(command: command).encodedLine().dropLast()))
                }
                writer.closeObject()
            }
            writer.key("result")
            writer.raw(Array(ServerMessage.gameOver(replay.result).encodedLine().dropLast()))
            replyID = id
        case .replayFrame(let frame, let id):
            writer.field("game_id", frame.gameID)
            writer.field("step", frame.step)
            writer.field("steps", frame.steps)
            writer.field("seat", frame.seat)
            writer.field("events", array: frame.events) { writer, event in
                writer.raw(Array(event.encodedLine().dropLast()))
            }
            writer.key("state")
            writer.raw(Array(ServerMessage.state(frame.state).encodedLine().dropLast()))
            replyID = id
        case .shutdown, .replaced:
            break
        }
        if let seq { writer.field("seq", seq) }
        if let replyID {
            writer.field(id: replyID)
        }
    }
}

extension JSONWriter {
    /// Writes a reply's `"id":…` field.
    mutating func field(id: RequestID) {
        key("id")
        switch id {
        case .int(let value): int(value)
        case .string(let value): string(value)
        }
    }
}

extension RoomsPage {
    /// A `rooms` reply up to, not including, its `id` and closing `}`: the part a
    /// server can keep and send to everyone who asks for the same page.
    /// - Parameters:
    ///   - summaries: each room's ``RoomSummary/encoded()`` text, in listing order.
    ///   - total: how many listed rooms match the query.
    ///   - next: the query for the next page; nil on the last page.
    public static func replyPrefix(summaries: some Sequence<[UInt8]>, total: Int, next: RoomsQuery?) -> [UInt8] {
        var line = JSONWriter.line(type: "rooms", capacity: 4096) { writer in
            writeFields(summaries: summaries, total: total, next: next, into: &writer)
        }
        line.removeLast(2)
        return line
    }

    /// Finishes a ``replyPrefix(summaries:total:next:)`` into the whole line, with the
    /// asker's `id`: the same bytes as `ServerMessage.rooms(page, id:).encodedLine()`.
    public static func replyLine(prefix: [UInt8], id: RequestID?) -> [UInt8] {
        var line = prefix
        if let id {
            line += JSONWriter.bytes(capacity: 64) { writer in
                writer.append(UInt8(ascii: ","))
                writer.field(id: id)
            }
        }
        line.append(UInt8(ascii: "}"))
        line.append(UInt8(ascii: "\n"))
        return line
    }

    fileprivate static func writeFields(summaries: some Sequence<[UInt8]>, total: Int, next: RoomsQuery?, into writer: inout JSONWriter) {
        writer.field("rooms", array: summaries) { writer, summary in writer.raw(summary) }
        writer.field("total", total)
        writer.field("next", objectOrNull: next) { writer, query in
            writer.field("type", "rooms")
            if let game = query.game { writer.field("game", game) }
            if let after = query.after { writer.field("after", after) }
        }
    }
}

extension GameInfo {
    fileprivate func write(into writer: inout JSONWriter) {
        writer.openObject()
        writer.field("name", name)
        writer.field("title", title)
        writer.field("seats", object: { writer in
            writer.field("min", seats.lowerBound)
            writer.field("max", seats.upperBound)
            writer.field("default", defaultSeats)
        })
        writer.field("options", array: options) { writer, option in
            writer.openObject()
            writer.field("name", option.name)
            writer.field("type", option.typeName)
            switch option.values {
            case .integers(let range):
                writer.field("min", range.lowerBound)
                writer.field("max", range.upperBound)
            case .integerChoices(let choices):
                writer.field("values", array: choices) { writer, choice in writer.int(choice) }
            case .strings(let choices):
                writer.field("values", strings: choices)
            case .boolean:
                break
            }
            writer.key("default")
            writer.value(option.defaultValue ?? .null)
            writer.closeObject()
        }
        writer.closeObject()
    }
}

extension RoomSummary {
    /// The summary as one JSON object, for a listing that keeps each room's text.
    public func encoded() -> [UInt8] {
        JSONWriter.bytes(capacity: 256) { writer in write(into: &writer) }
    }

    func write(into writer: inout JSONWriter) {
        writer.openObject()
        writer.field("room", room)
        writer.field("game", game)
        writer.field("players", strings: players)
        writer.field("seats", seats)
        writer.field("phase", phase.rawValue)
        writer.field("spectators", spectators)
        writer.closeObject()
    }
}

extension RoomState {
    func write(into writer: inout JSONWriter) {
        writer.field("room", room)
        writer.field("game", game)
        writer.field("seq", seq)
        writer.field("phase", phase.rawValue)
        writer.field("players", array: players) { writer, player in
            writer.openObject()
            writer.field("name", player.name)
            writer.field("seat", player.seat)
            writer.field("score", player.score)
            writer.field("connected", player.connected)
            writer.closeObject()
        }
        writer.field("spectators", spectators)
        if let seats { writer.field("seats", seats) }
        writer.field("rematch_votes", strings: rematchVotes)
        if let seedCommitment { writer.field("seed_sha256", seedCommitment) }
        if let cause {
            writer.key("cause")
            writer.openObject()
            writer.field("kind", cause.kind)
            if let player = cause.player { writer.field("player", player) }
            if let command = cause.command { writer.field("command", command) }
            writer.closeObject()
        }
        switch gameFields {
        case .rps(let fields): fields.write(into: &writer)
        case .set(let fields): fields.write(into: &writer)
        case .brain(let fields): fields.write(into: &writer)
        case .concentration(let fields): fields.write(into: &writer)
        case .klondike(let fields): fields.write(into: &writer)
        case .unknown(let fields):
            for (key, value) in fields.pairs {
                writer.key(escaping: key)
                writer.value(value)
            }
        }
    }
}

extension RPSFields {
    func write(into writer: inout JSONWriter) {
        writer.field("round", round)
        writer.field("rounds", rounds)
        writer.field("round_seconds", roundSeconds)
        writer.field("waiting_on", strings: waitingOn)
        writer.field("time_left_ms", timeLeftMs)
        writer.field("your_throw", yourThrow?.rawValue)
        writer.field("last_round", objectOrNull: lastRound) { writer, reveal in reveal.write(into: &writer) }
    }
}

extension RoundReveal {
    /// Writes `round`, `throws`, `winner` and `timed_out`.
    func write(into writer: inout JSONWriter) {
        writer.field("round", round)
        writer.field("throws", object: { writer in
            for entry in throwsByName {
                writer.key(escaping: entry.name)
                writer.string(entry.sign.rawValue)
            }
        })
        writer.field("winner", winner)
        writer.field("timed_out", strings: timedOut)
    }
}

extension SetFields {
    func write(into writer: inout JSONWriter) {
        writer.field("board", array: board) { writer, card in card.write(into: &writer) }
        writer.field("deck", deck)
        writer.field("deal_votes", strings: dealVotes)
        writer.field("hints_used", hintsUsed)
        writer.field("hint", array: hint) { writer, id in writer.int(id) }
        // Classic states stay as they were; the variants add their fields.
        if variant != .classic { writer.field("variant", variant.rawValue) }
        if variant == .chain { writer.field("chain", array: chain) { writer, card in card.write(into: &writer) } }
    }
}

extension BrainFields {
    func write(into writer: inout JSONWriter) {
        writer.field("round", round)
        writer.field("rounds", rounds)
        writer.field("prompt", objectOrNull: prompt) { writer, prompt in prompt.write(into: &writer) }
        writer.field("round_seconds", roundSeconds)
        writer.field("time_left_ms", timeLeftMs)
        writer.field("answered", strings: answered)
        writer.field("your_answer", yourAnswer?.rawValue)
        writer.field("last_round", objectOrNull: lastRound) { writer, reveal in reveal.write(into: &writer) }
    }
}

extension BrainRoundReveal {
    /// Writes `round`, `prompt`, `answer` and `answers`.
    func write(into writer: inout JSONWriter) {
        writer.field("round", round)
        writer.field("prompt", object: { writer in prompt.write(into: &writer) })
        writer.field("answer", answer.rawValue)
        writer.field("answers", object: { writer in
            for line in answers {
                writer.key(escaping: line.name)
                writer.openObject()
                writer.field("sign", line.sign?.rawValue)
                writer.field("points", line.points)
                writer.closeObject()
            }
        })
    }
}

extension BrainPrompt {
    /// Writes `sign` and `goal` into an open object.
    func write(into writer: inout JSONWriter) {
        writer.field("sign", sign.rawValue)
        writer.field("goal", goal.rawValue)
    }
}

extension ConcentrationFields {
    func write(into writer: inout JSONWriter) {
        writer.field("theme", theme)
        writer.field("pairs", pairs)
        writer.field("turn", turn)
        writer.field("flips", flips)
        writer.field("turn_seconds", turnSeconds)
        writer.field("time_left_ms", timeLeftMs)
        writer.field("cards", array: cards.enumerated()) { writer, entry in
            writer.openObject()
            writer.field("index", entry.offset)
            writer.field("face", entry.element.face)
            writer.field("matched", entry.element.matched)
            writer.closeObject()
        }
        if let bonusClockMs {
            writer.field("time_bonus", true)
            writer.field("bonus_clock_ms", bonusClockMs)
        }
    }
}

extension KlondikeFields {
    func write(into writer: inout JSONWriter) {
        writer.field("player", player)
        writer.field("draw", draw)
        writer.field("stock", stock)
        writer.field("waste_count", wasteCount)
        writer.field("waste", array: waste) { writer, card in card.write(into: &writer) }
        writer.field("foundations", array: foundations) { writer, pile in
            writer.openArray()
            for card in pile { card.write(into: &writer) }
            writer.closeArray()
        }
        writer.field("tableau", array: tableau) { writer, pile in
            writer.openObject()
            writer.field("down", pile.down)
            writer.field("up", array: pile.up) { writer, card in card.write(into: &writer) }
            writer.closeObject()
        }
        writer.field("moves", moves)
        writer.field("rivals", scores: rivals)
        writer.field("progress", array: progress) { writer, entry in
            writer.openObject()
            writer.field("name", entry.name)
            writer.field("cards_home", entry.cardsHome)
            writer.field("moves", entry.moves)
            writer.closeObject()
        }
        if let score { writer.field("score", score) }
        if let passesLeft { writer.field("passes_left", passesLeft) }
    }
}

extension PlayingCard {
    /// `{"rank":1-13,"suit":"spades|hearts|diamonds|clubs"}`
    func write(into writer: inout JSONWriter) {
        writer.openObject()
        writer.field("rank", rank)
        writer.field("suit", suit.rawValue)
        writer.closeObject()
    }
}

extension SetCard {
    /// `{"id":…,"count":…,"shape":…,"color":…,"fill":…}`, from a table made once:
    /// a Set state holds up to 24 cards and goes to every player after every claim.
    func write(into writer: inout JSONWriter) {
        writer.raw(SetCard.encodings[id])
    }

    private static let encodings: [[UInt8]] = SetCard.deck.map { card in
        JSONWriter.bytes(capacity: 80) { writer in
            writer.openObject()
            writer.field("id", card.id)
            writer.field("count", card.count)
            writer.field("shape", card.shape.rawValue)
            writer.field("color", card.color.rawValue)
            writer.field("fill", card.fill.rawValue)
            writer.closeObject()
        }
    }
}
