import GameRules

/// Why a server line could not be read as a ``ServerMessage``.
public struct ServerDecodeFailure: Error, Equatable, Sendable {
    /// What was wrong, naming the message type and field.
    public let message: String
    /// The line's `type` when it is one this reader does not know: a newer server's
    /// message, which a reader skips (the protocol grows by adding messages).
    public let unknownType: String?

    /// Creates a failure.
    public init(message: String, unknownType: String? = nil) {
        self.message = message
        self.unknownType = unknownType
    }
}

/// Turns one line the server sent into a ``ServerMessage``: the reading half of
/// ``ServerMessage/encodedLine()``, used by cardclient and by the tests.
///
/// Unknown fields are ignored, so a newer server that adds fields is still read; a
/// missing required field or a value of the wrong kind is a failure that names it.
public enum ServerMessageDecoder {
    private typealias MessageReader = @Sendable (ServerFields) throws(ServerDecodeFailure) -> ServerMessage

    /// Every `type` the server sends and how to read it.
    private static let readers: [String: MessageReader] = [
        "hello": { fields throws(ServerDecodeFailure) in
            .hello(
                protocolVersion: try fields.int("protocol"), server: try fields.string("server"), games: try fields.strings("games"),
                startedMs: try fields.optionalInt("started_ms"))
        },
        "help": { fields throws(ServerDecodeFailure) in .help(commands: try fields.strings("commands"), id: try fields.id()) },
        "games": { fields throws(ServerDecodeFailure) in try games(fields) },
        "pong": { fields throws(ServerDecodeFailure) in .pong(id: try fields.id()) },
        "ok": { fields throws(ServerDecodeFailure) in .ok(id: try fields.id()) },
        "thrown": { fields throws(ServerDecodeFailure) in .thrown(id: try fields.id()) },
        "welcome": { fields throws(ServerDecodeFailure) in
            .welcome(
                player: try fields.string("player"), name: try fields.string("name"), token: try fields.string("token"),
                resumed: try fields.bool("resumed"), room: try fields.optionalString("room"),
                limits: try fields.optionalObject("limits").map { limits throws(ServerDecodeFailure) in
                    SessionLimits(
                        commandRate: try limits.int("command_rate"), commandBurst: try limits.int("command_burst"),
                        roomsPerMinute: try limits.int("rooms_per_minute"), gamesPerMinute: try limits.int("games_per_minute"),
                        connectionsPerAddress: try limits.int("connections_per_address"))
                },
                id: try fields.id())
        },
        "error": { fields throws(ServerDecodeFailure) in try error(fields) },
        "stats": { fields throws(ServerDecodeFailure) in try stats(fields) },
        "leaderboard": { fields throws(ServerDecodeFailure) in
            .leaderboard(
                game: try fields.string("game"),
                entries: try fields.objects("entries").map { entry throws(ServerDecodeFailure) in
                    PlayerStats.Line(
                        key: try entry.string("name"), games: try entry.int("games"), wins: try entry.int("wins"),
                        points: try entry.int("points"))
                },
                id: try fields.id())
        },
        "daily_leaderboard": { fields throws(ServerDecodeFailure) in
            .dailyLeaderboard(
                DailyLeaderboard(
                    game: try fields.string("game"), day: try fields.string("day"), deal: try fields.string("deal"),
                    entries: try fields.objects("entries").map { entry throws(ServerDecodeFailure) in
                        DailyLeaderboard.Entry(
                            name: try entry.string("name"), finished: try entry.bool("finished"), score: try entry.int("score"),
                            timeMs: try entry.optionalInt("time_ms"),
                            figures: entry.intFields(except: ["name", "finished", "score", "time_ms"]))
                    }),
                id: try fields.id())
        },
        "rooms": { fields throws(ServerDecodeFailure) in try rooms(fields) },
        "joined": { fields throws(ServerDecodeFailure) in
            .joined(room: try fields.string("room"), game: try fields.string("game"), seat: try fields.int("seat"), id: try fields.id())
        },
        "watching": { fields throws(ServerDecodeFailure) in .watching(room: try fields.string("room"), id: try fields.id()) },
        "left": { fields throws(ServerDecodeFailure) in .left(room: try fields.string("room"), id: try fields.id()) },
        "chat": { fields throws(ServerDecodeFailure) in
            .chat(room: try fields.string("room"), from: try fields.string("from"), text: try fields.string("text"), id: try fields.id())
        },
        "player_joined": { fields throws(ServerDecodeFailure) in try member(.joined, fields) },
        "player_left": { fields throws(ServerDecodeFailure) in try member(.left, fields) },
        "player_away": { fields throws(ServerDecodeFailure) in try member(.away, fields) },
        "player_back": { fields throws(ServerDecodeFailure) in try member(.back, fields) },
        "state": { fields throws(ServerDecodeFailure) in .state(try RoomState(fields)) },
        "game_over": { fields throws(ServerDecodeFailure) in
            .gameOver(GameOver(
                room: try fields.string("room"), winners: try fields.strings("winners"), scores: try fields.scores("scores"),
                hintsUsed: try fields.optionalInt("hints_used"), seed: try fields.optionalInt("seed"),
                summary: try fields.optionalObject("summary").map { summary throws(ServerDecodeFailure) in
                    SoloSummary(timeMs: try summary.int("time_ms"), figures: summary.intFields(except: ["time_ms"]))
                },
                gameID: try fields.optionalString("game_id")))
        },
        "round": { fields throws(ServerDecodeFailure) in .round(try RoundReveal(fields)) },
        "answered": { fields throws(ServerDecodeFailure) in
            .answered(
                correct: try fields.bool("correct"), points: try fields.int("points"), reactionMs: try fields.optionalInt("reaction_ms"),
                id: try fields.id())
        },
        "brain_round": { fields throws(ServerDecodeFailure) in .brainRound(try BrainRoundReveal(fields)) },
        "flipped": { fields throws(ServerDecodeFailure) in
            .flipped(
                room: try fields.string("room"), player: try fields.string("player"), card: try fields.int("card"),
                face: try fields.string("face"), result: try fields.string("result"), points: try fields.int("points"),
                bonus: try fields.optionalInt("bonus"))
        },
        "solved": { fields throws(ServerDecodeFailure) in
            .solved(
                room: try fields.string("room"), player: try fields.string("player"), moves: try fields.int("moves"),
                message: try fields.string("message"))
        },
        "claimed": { fields throws(ServerDecodeFailure) in
            .claimed(
                room: try fields.string("room"), player: try fields.string("player"), cards: try fields.setCards("cards"),
                valid: try fields.bool("valid"), points: try fields.int("points"), id: try fields.id())
        },
        "hint": { fields throws(ServerDecodeFailure) in
            .hint(cards: try fields.setCards("cards"), hintsUsed: try fields.int("hints_used"), id: try fields.id())
        },
        "suggestion": { fields throws(ServerDecodeFailure) in
            let move = try fields.optionalObject("move").map { move throws(ServerDecodeFailure) in
                let decoded = Result { () throws(DecodeFailure) in
                    try ClientMessageDecoder.decode(Array(JSONValue.object(move.object).jsonText.utf8))
                }
                switch decoded {
                case .success(let request): return request.command
                case .failure(let failure): throw move.failure("not a move: \(failure.message)")
                }
            }
            return .suggestion(move: move, text: try fields.string("text"), id: try fields.id())
        },
        "shutdown": { _ in .shutdown },
        "replaced": { _ in .replaced },
        "replay": { fields throws(ServerDecodeFailure) in try replay(fields) },
        "replay_frame": { fields throws(ServerDecodeFailure) in try replayFrame(fields) },
    ]

    /// The `type`s this reader knows.
    public static var messageTypes: Set<String> { Set(readers.keys) }

    /// Decodes one line (without its newline).
    /// - Throws: ``ServerDecodeFailure`` naming what is wrong; its `unknownType` is set
    ///   for a well-formed message of a type this reader does not know.
    public static func decode(_ line: [UInt8]) throws(ServerDecodeFailure) -> ServerMessage {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw ServerDecodeFailure(message: "not valid JSON: \(error.message)")
        }
        guard let object = value.objectValue else {
            throw ServerDecodeFailure(message: "a message must be a JSON object, not \(value.kindName)")
        }
        return try decode(object)
    }

    /// Decodes one parsed message.
    /// - Throws: ``ServerDecodeFailure``, as ``decode(_:)-([UInt8])``.
    public static func decode(_ object: JSONObject) throws(ServerDecodeFailure) -> ServerMessage {
        guard let type = object["type"]?.stringValue else {
            throw ServerDecodeFailure(message: "a message needs a string field 'type'")
        }
        guard let read = readers[type] else {
            throw ServerDecodeFailure(message: "unknown message type '\(type)'", unknownType: type)
        }
        return try read(ServerFields(object: object, context: type))
    }

    private static func replay(_ fields: ServerFields) throws(ServerDecodeFailure) -> ServerMessage {
        let steps = try fields.objects("steps").map { step throws(ServerDecodeFailure) in
            let kindName = try step.string("kind")
            guard let kind = GameReplay.Step.Kind(rawValue: kindName) else { throw step.failure("unknown step kind '\(kindName)'") }
            var command: ClientCommand?
            if let object = try step.optionalObject("command") {
                var line: [UInt8] = []
                JSONValue.object(object.object).write(into: &line)
                switch Result(catching: { () throws(DecodeFailure) in try ClientMessageDecoder.decode(line) }) {
                case .success(let request): command = request.command
                case .failure(let failure): throw step.failure("a step's command does not read: \(failure.message)")
                }
            }
            let ns = try step.optionalInt("ns").map { UInt64(max(0, $0)) }
            return GameReplay.Step(kind: kind, ms: try step.int("ms"), ns: ns, seat: try step.optionalInt("seat"), name: try step.optionalString("name"), command: command)
        }
        guard case .gameOver(let result) = try decode(try fields.object("result").object) else {
            throw fields.failure("field 'result' must be a game_over")
        }
        return .replay(
            GameReplay(
                gameID: try fields.string("game_id"), game: try fields.string("game"), room: try fields.string("room"),
                seed: try fields.int("seed"), options: try fields.object("options").object, players: try fields.strings("players"),
                startedMs: try fields.int("started_ms"), steps: steps, result: result),
            id: try fields.id())
    }

    private static func replayFrame(_ fields: ServerFields) throws(ServerDecodeFailure) -> ServerMessage {
        var events: [ServerMessage] = []
        for event in try fields.objects("events") { events.append(try decode(event.object)) }
        guard case .state(let state) = try decode(try fields.object("state").object) else {
            throw fields.failure("field 'state' must be a state")
        }
        return .replayFrame(
            ReplayFrame(
                gameID: try fields.string("game_id"), step: try fields.int("step"), steps: try fields.int("steps"),
                seat: try fields.int("seat"), events: events, state: state),
            id: try fields.id())
    }

    private static func error(_ fields: ServerFields) throws(ServerDecodeFailure) -> ServerMessage {
        let name = try fields.string("code")
        guard let code = ErrorCode(rawValue: name) else { throw fields.failure("unknown error code '\(name)'") }
        let message = try fields.string("message")
        if code == .rateLimited, let retryAfterMs = try fields.optionalInt("retry_after_ms") {
            return .rateLimited(message: message, retryAfterMs: retryAfterMs, id: try fields.id())
        }
        if code == .storageUnavailable, let retryAfterMs = try fields.optionalInt("retry_after_ms") {
            return .storageUnavailable(message: message, retryAfterMs: retryAfterMs, id: try fields.id())
        }
        return .error(code: code, message: message, id: try fields.id())
    }

    private static func stats(_ fields: ServerFields) throws(ServerDecodeFailure) -> ServerMessage {
        var byGame: [PlayerStats.Line] = []
        for (game, value) in try fields.object("by_game").object.pairs {
            let line = try fields.nested(value, "by_game.\(game)")
            byGame.append(PlayerStats.Line(
                key: game, games: try line.int("games"), wins: try line.int("wins"), points: try line.int("points")))
        }
        let recent = try (fields.optionalArray("recent") ?? []).enumerated().map { index, value throws(ServerDecodeFailure) in
            let game = try fields.nested(value, "recent[\(index)]")
            return PlayerStats.RecentGame(gameID: try game.string("game_id"), game: try game.string("game"), won: try game.bool("won"))
        }
        let stats = PlayerStats(
            name: try fields.string("name"), games: try fields.int("games"), wins: try fields.int("wins"), byGame: byGame, recent: recent)
        return .stats(stats, id: try fields.id())
    }

    private static func rooms(_ fields: ServerFields) throws(ServerDecodeFailure) -> ServerMessage {
        let summaries = try fields.objects("rooms").map { room throws(ServerDecodeFailure) in
            RoomSummary(
                room: try room.string("room"), game: try room.string("game"), players: try room.strings("players"),
                seats: try room.int("seats"), phase: try room.phase("phase"), spectators: try room.int("spectators"))
        }
        let next = try fields.optionalObject("next").map { next throws(ServerDecodeFailure) in
            RoomsQuery(game: try next.optionalString("game"), after: try next.optionalInt("after"))
        }
        return .rooms(RoomsPage(rooms: summaries, total: try fields.int("total"), next: next), id: try fields.id())
    }

    /// The catalog; an option of a type this reader does not know (a newer server's) is skipped.
    private static func games(_ fields: ServerFields) throws(ServerDecodeFailure) -> ServerMessage {
        let games = try fields.objects("games").map { game throws(ServerDecodeFailure) in
            let seats = try game.object("seats")
            let (low, high) = (try seats.int("min"), try seats.int("max"))
            guard low <= high else { throw seats.failure("'min' \(low) is more than 'max' \(high)") }
            var options: [GameOption] = []
            for option in try game.objects("options") {
                let values: GameOption.Values
                switch try option.string("type") {
                case "integer":
                    if option.has("values") {
                        values = .integerChoices(try option.ints("values"))
                    } else {
                        let (least, most) = (try option.int("min"), try option.int("max"))
                        guard least <= most else { throw option.failure("'min' \(least) is more than 'max' \(most)") }
                        values = .integers(least...most)
                    }
                case "string": values = .strings(try option.strings("values"))
                case "boolean": values = .boolean
                default: continue
                }
                var defaultValue: JSONValue?
                if let given = option.object["default"], !given.isNull { defaultValue = given }
                options.append(GameOption(try option.string("name"), values, default: defaultValue))
            }
            return GameInfo(
                name: try game.string("name"), title: try game.string("title"), seats: low...high, defaultSeats: try seats.int("default"),
                options: options)
        }
        return .games(games, id: try fields.id())
    }

    private static func member(_ event: MemberEvent, _ fields: ServerFields) throws(ServerDecodeFailure) -> ServerMessage {
        let roleName = try fields.string("role")
        guard let role = MemberRole(rawValue: roleName) else {
            throw fields.failure("field 'role' must be \"player\" or \"spectator\", not \"\(roleName)\"")
        }
        return .member(event, room: try fields.string("room"), name: try fields.string("name"), role: role)
    }
}

extension RoomState {
    /// The fields every `state` has before the game's own.
    private static let commonKeys: Set<String> = ["type", "room", "game", "seq", "phase", "players", "spectators", "seats", "rematch_votes", "seed_sha256", "cause", "id"]

    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        let room = try fields.string("room")
        let game = try fields.string("game")
        let seq = try fields.int("seq")
        let phase = try fields.phase("phase")
        let players = try fields.objects("players").map { player throws(ServerDecodeFailure) in
            PlayerEntry(
                name: try player.string("name"), seat: try player.int("seat"), score: try player.int("score"),
                connected: try player.bool("connected"))
        }
        let spectators = try fields.int("spectators")
        // Added after protocol 1's first servers: absent reads as no offers.
        let votes = try fields.optionalArray("rematch_votes") == nil ? [] : try fields.strings("rematch_votes")
        let gameFields: GameFields = switch game {
        case "rps": .rps(try RPSFields(fields))
        case "set": .set(try SetFields(fields))
        case "rps-brain": .brain(try BrainFields(fields))
        case "concentration": .concentration(try ConcentrationFields(fields))
        case "klondike": .klondike(try KlondikeFields(fields))
        default: .unknown(JSONObject(fields.object.pairs.filter { !Self.commonKeys.contains($0.key) }.map { ($0.key, $0.value) }))
        }
        self.init(
            room: room, game: game, seq: seq, phase: phase, players: players, spectators: spectators,
            seats: try fields.optionalInt("seats"), rematchVotes: votes, seedCommitment: try fields.optionalString("seed_sha256"),
            cause: try fields.optionalObject("cause").map { cause throws(ServerDecodeFailure) in
                StateCause(kind: try cause.string("kind"), player: try cause.optionalString("player"), command: try cause.optionalString("command"))
            },
            gameFields: gameFields)
    }
}

extension RPSFields {
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        self.init(
            round: try fields.int("round"), rounds: try fields.int("rounds"), roundSeconds: try fields.int("round_seconds"),
            waitingOn: try fields.strings("waiting_on"), timeLeftMs: try fields.optionalInt("time_left_ms"),
            yourThrow: try fields.optionalSign("your_throw"),
            lastRound: try fields.optionalObject("last_round").map { reveal throws(ServerDecodeFailure) in
                try RoundReveal(reveal, room: try fields.string("room"))
            })
    }
}

extension RoundReveal {
    /// Reads a `round` message.
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        try self.init(fields, room: try fields.string("room"))
    }

    /// Reads a `round` message or a state's `last_round`, which has no `room` of its own.
    fileprivate init(_ fields: ServerFields, room: String) throws(ServerDecodeFailure) {
        var throwsByName: [(name: String, sign: Sign)] = []
        for (name, value) in try fields.object("throws").object.pairs {
            throwsByName.append((name, try fields.sign(value, "throws.\(name)")))
        }
        self.init(
            room: room, round: try fields.int("round"), throwsByName: throwsByName, winner: try fields.optionalString("winner"),
            timedOut: try fields.strings("timed_out"))
    }
}

extension SetFields {
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        self.init(
            board: try fields.setCards("board"), deck: try fields.int("deck"), dealVotes: try fields.strings("deal_votes"),
            hintsUsed: try fields.int("hints_used"), hint: try fields.ints("hint"),
            // A variant this reader does not know is read as classic: its other fields still make sense.
            variant: try fields.optionalString("variant").flatMap(SetVariant.init(rawValue:)) ?? .classic,
            chain: fields.has("chain") ? try fields.setCards("chain") : [])
    }
}

extension BrainFields {
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        self.init(
            round: try fields.int("round"), rounds: try fields.int("rounds"),
            prompt: try fields.optionalObject("prompt").map { prompt throws(ServerDecodeFailure) in try BrainPrompt(prompt) },
            roundSeconds: try fields.int("round_seconds"), timeLeftMs: try fields.optionalInt("time_left_ms"),
            answered: try fields.strings("answered"), yourAnswer: try fields.optionalSign("your_answer"),
            lastRound: try fields.optionalObject("last_round").map { reveal throws(ServerDecodeFailure) in
                try BrainRoundReveal(reveal, room: try fields.string("room"))
            })
    }
}

extension BrainPrompt {
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        let goalName = try fields.string("goal")
        guard let goal = BrainGoal(rawValue: goalName) else {
            throw fields.failure("field 'goal' must be \"win\" or \"lose\", not \"\(goalName)\"")
        }
        self.init(sign: try fields.sign(fields.object["sign"] ?? .null, "sign"), goal: goal)
    }
}

extension BrainRoundReveal {
    /// Reads a `brain_round` message.
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        try self.init(fields, room: try fields.string("room"))
    }

    /// Reads a `brain_round` message or a state's `last_round`, which has no `room` of its own.
    fileprivate init(_ fields: ServerFields, room: String) throws(ServerDecodeFailure) {
        var answers: [NamedAnswer] = []
        for (name, value) in try fields.object("answers").object.pairs {
            let answer = try fields.nested(value, "answers.\(name)")
            let sign = try answer.optionalSign("sign")
            answers.append(NamedAnswer(name: name, sign: sign, points: try answer.int("points")))
        }
        let prompt = try BrainPrompt(try fields.object("prompt"))
        let answer = try fields.sign(fields.object["answer"] ?? .null, "answer")
        guard answer == prompt.answer else {
            throw fields.failure("field 'answer' is \(answer.rawValue), but the prompt's right answer is \(prompt.answer.rawValue)")
        }
        self.init(room: room, round: try fields.int("round"), prompt: prompt, answers: answers)
    }
}

extension ConcentrationFields {
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        let cards = try fields.objects("cards").map { card throws(ServerDecodeFailure) in
            CardView(face: try card.optionalString("face"), matched: try card.bool("matched"))
        }
        self.init(
            theme: try fields.string("theme"), pairs: try fields.int("pairs"), turn: try fields.optionalString("turn"),
            flips: try fields.int("flips"), turnSeconds: try fields.int("turn_seconds"),
            timeLeftMs: try fields.optionalInt("time_left_ms"), cards: cards, bonusClockMs: try fields.optionalInt("bonus_clock_ms"))
    }
}

extension KlondikeFields {
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        var foundations: [[PlayingCard]] = []
        for (position, pile) in try fields.array("foundations").enumerated() {
            guard let cards = pile.arrayValue else { throw fields.failure("each of 'foundations' must be an array of cards") }
            foundations.append(try cards.map { card throws(ServerDecodeFailure) in try fields.playingCard(card, "foundations[\(position)]") })
        }
        let tableau = try fields.objects("tableau").map { pile throws(ServerDecodeFailure) in
            (down: try pile.int("down"), up: try pile.playingCards("up"))
        }
        var rivals: [NamedScore] = []
        if let scores = try fields.optionalObject("rivals") {
            for (name, value) in scores.object.pairs {
                guard let count = value.intValue else { throw fields.failure("field 'rivals.\(name)' must be an integer") }
                rivals.append(NamedScore(name: name, score: count))
            }
        }
        let progress = try (fields.optionalArray("progress") ?? []).enumerated().map { position, entry throws(ServerDecodeFailure) in
            let line = try fields.nested(entry, "progress[\(position)]")
            return KlondikeProgress(name: try line.string("name"), cardsHome: try line.int("cards_home"), moves: try line.int("moves"))
        }
        self.init(
            player: try fields.optionalString("player"), draw: try fields.int("draw"), stock: try fields.int("stock"),
            wasteCount: try fields.int("waste_count"), waste: try fields.playingCards("waste"), foundations: foundations,
            tableau: tableau, moves: try fields.int("moves"), rivals: rivals, progress: progress,
            score: try fields.optionalInt("score"), passesLeft: try fields.optionalInt("passes_left"))
    }
}

/// Typed access to one server message's fields, failing with a message that names the field.
private struct ServerFields {
    let object: JSONObject
    /// The message type, and the path to a nested object: "state", "state.players[1]".
    let context: String

    func failure(_ text: String) -> ServerDecodeFailure {
        ServerDecodeFailure(message: "\(context): \(text)")
    }

    private func value(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    /// Whether the field is there and not null.
    func has(_ key: String) -> Bool { value(key) != nil }

    private func wrongKind(_ key: String, _ kind: String, _ value: JSONValue) -> ServerDecodeFailure {
        failure("field '\(key)' must be \(kind), not \(value.kindName)")
    }

    /// A nested object, read with a context that says where it is.
    func nested(_ value: JSONValue, _ path: String) throws(ServerDecodeFailure) -> ServerFields {
        guard let object = value.objectValue else { throw failure("'\(path)' must be an object, not \(value.kindName)") }
        return ServerFields(object: object, context: "\(context).\(path)")
    }

    func id() throws(ServerDecodeFailure) -> RequestID? {
        switch value("id") {
        case nil: return nil
        case .int(let id)?: return .int(id)
        case .string(let id)?: return .string(id)
        case let other?: throw wrongKind("id", "an integer or a string", other)
        }
    }

    func string(_ key: String) throws(ServerDecodeFailure) -> String {
        guard let text = try optionalString(key) else { throw failure("missing field '\(key)' (a string)") }
        return text
    }

    func optionalString(_ key: String) throws(ServerDecodeFailure) -> String? {
        guard let value = value(key) else { return nil }
        guard let text = value.stringValue else { throw wrongKind(key, "a string", value) }
        return text
    }

    func int(_ key: String) throws(ServerDecodeFailure) -> Int {
        guard let number = try optionalInt(key) else { throw failure("missing field '\(key)' (an integer)") }
        return number
    }

    func optionalInt(_ key: String) throws(ServerDecodeFailure) -> Int? {
        guard let value = value(key) else { return nil }
        guard let number = value.intValue else { throw wrongKind(key, "an integer", value) }
        return number
    }

    func bool(_ key: String) throws(ServerDecodeFailure) -> Bool {
        guard let value = value(key) else { throw failure("missing field '\(key)' (true or false)") }
        guard let flag = value.boolValue else { throw wrongKind(key, "true or false", value) }
        return flag
    }

    func optionalArray(_ key: String) throws(ServerDecodeFailure) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard let items = value.arrayValue else { throw wrongKind(key, "an array", value) }
        return items
    }

    func array(_ key: String) throws(ServerDecodeFailure) -> [JSONValue] {
        guard let items = try optionalArray(key) else { throw failure("missing field '\(key)' (an array)") }
        return items
    }

    func strings(_ key: String) throws(ServerDecodeFailure) -> [String] {
        try array(key).map { item throws(ServerDecodeFailure) in
            guard let text = item.stringValue else { throw failure("field '\(key)' must hold strings, not \(item.kindName)") }
            return text
        }
    }

    func ints(_ key: String) throws(ServerDecodeFailure) -> [Int] {
        try array(key).map { item throws(ServerDecodeFailure) in
            guard let number = item.intValue else { throw failure("field '\(key)' must hold integers, not \(item.kindName)") }
            return number
        }
    }

    func optionalObject(_ key: String) throws(ServerDecodeFailure) -> ServerFields? {
        guard let value = value(key) else { return nil }
        return try nested(value, key)
    }

    func object(_ key: String) throws(ServerDecodeFailure) -> ServerFields {
        guard let fields = try optionalObject(key) else { throw failure("missing field '\(key)' (an object)") }
        return fields
    }

    func objects(_ key: String) throws(ServerDecodeFailure) -> [ServerFields] {
        try array(key).enumerated().map { position, item throws(ServerDecodeFailure) in try nested(item, "\(key)[\(position)]") }
    }

    func phase(_ key: String) throws(ServerDecodeFailure) -> Phase {
        let name = try string(key)
        guard let phase = Phase(rawValue: name) else {
            throw failure("field '\(key)' must be \"waiting\", \"playing\" or \"over\", not \"\(name)\"")
        }
        return phase
    }

    /// The integer fields other than `known`, in the order written (a summary's or a daily
    /// entry's figures);
    /// fields of other kinds are a newer server's and are skipped.
    func intFields(except known: Set<String>) -> [NamedScore] {
        object.pairs.compactMap { pair in
            known.contains(pair.key) ? nil : pair.value.intValue.map { NamedScore(name: pair.key, score: $0) }
        }
    }

    /// `{"ann":3,"bob":1}`: names with points, in the order written.
    func scores(_ key: String) throws(ServerDecodeFailure) -> [NamedScore] {
        try object(key).object.pairs.map { pair throws(ServerDecodeFailure) in
            guard let score = pair.value.intValue else { throw failure("field '\(key).\(pair.key)' must be an integer") }
            return NamedScore(name: pair.key, score: score)
        }
    }

    func sign(_ value: JSONValue, _ path: String) throws(ServerDecodeFailure) -> Sign {
        guard let sign = value.stringValue.flatMap(Sign.init(rawValue:)) else {
            throw failure("field '\(path)' must be \"rock\", \"paper\" or \"scissors\", not \(value.jsonText)")
        }
        return sign
    }

    func optionalSign(_ key: String) throws(ServerDecodeFailure) -> Sign? {
        guard let value = value(key) else { return nil }
        return try sign(value, key)
    }

    /// Set cards: the id names the card; the attributes written beside it must agree.
    func setCards(_ key: String) throws(ServerDecodeFailure) -> [SetCard] {
        try objects(key).map { card throws(ServerDecodeFailure) in
            let id = try card.int("id")
            guard let setCard = SetCard(id: id) else { throw card.failure("card id \(id) is not in 0...80") }
            let written = (
                try card.optionalInt("count"), try card.optionalString("shape"), try card.optionalString("color"),
                try card.optionalString("fill"))
            guard written.0 ?? setCard.count == setCard.count, written.1 ?? setCard.shape.rawValue == setCard.shape.rawValue,
                  written.2 ?? setCard.color.rawValue == setCard.color.rawValue, written.3 ?? setCard.fill.rawValue == setCard.fill.rawValue
            else {
                throw card.failure(
                    "card \(id) is \(setCard.count) \(setCard.shape.rawValue) \(setCard.color.rawValue) \(setCard.fill.rawValue), not what its fields say")
            }
            return setCard
        }
    }

    func playingCard(_ value: JSONValue, _ path: String) throws(ServerDecodeFailure) -> PlayingCard {
        let card = try nested(value, path)
        let rank = try card.int("rank")
        let suitName = try card.string("suit")
        guard (PlayingCard.ace...PlayingCard.king).contains(rank), let suit = Suit(rawValue: suitName) else {
            throw card.failure("a card has a rank 1...13 and a suit spades, hearts, diamonds or clubs")
        }
        return PlayingCard(rank: rank, suit: suit)
    }

    func playingCards(_ key: String) throws(ServerDecodeFailure) -> [PlayingCard] {
        try array(key).enumerated().map { position, item throws(ServerDecodeFailure) in try playingCard(item, "\(key)[\(position)]") }
    }
}
