// Replays: `replay` asks for a finished game by its id; the reply is the whole record
// (`replay`), or with `step` one point of it (`replay_frame`).

/// A finished game as `replay` returns it: how it was dealt, every input in order with who
/// sent it and when, and how it ended. Nothing in it is hidden: the game is over, and the
/// seed with the options rebuilds the deal.
public struct GameReplay: Equatable, Sendable {
    /// One input the game took.
    public struct Step: Equatable, Sendable {
        /// What happened: a player's command, a deadline that fired, or a player leaving for
        /// good, going away or coming back (the rules may care about each).
        public enum Kind: String, Sendable, CaseIterable {
            /// A player's command.
            case move
            /// A deadline fired.
            case deadline
            /// A player left for good.
            case left
            /// A player's connection dropped.
            case away
            /// A player came back.
            case back
            /// A player resigned.
            case resign
            /// A player ended the game before anyone moved.
            case abort
        }
        /// What happened.
        public let kind: Kind
        /// Milliseconds since the game began.
        public let ms: Int
        /// Nanoseconds since the game began: the time the rules saw, exactly (a time bonus
        /// or a reaction time rebuilt from whole milliseconds could differ by one).
        public let ns: UInt64
        /// The seat of the player it was; nil for a deadline.
        public let seat: Int?
        /// That player's name.
        public let name: String?
        /// The command, for a move.
        public let command: ClientCommand?

        /// Creates a step; without `ns`, the nanoseconds of `ms`.
        public init(kind: Kind, ms: Int, ns: UInt64? = nil, seat: Int? = nil, name: String? = nil, command: ClientCommand? = nil) {
            self.kind = kind
            self.ms = ms
            self.ns = ns ?? UInt64(max(0, ms)) * 1_000_000
            self.seat = seat
            self.name = name
            self.command = command
        }
    }

    /// The game's id, as `game_over` and `stats` give it.
    public let gameID: String
    /// The game's wire name.
    public let game: String
    /// The room's code.
    public let room: String
    /// The seed the game was dealt from.
    public let seed: Int
    /// The room's options.
    public let options: JSONObject
    /// The players by seat ("" for a seat nobody took).
    public let players: [String]
    /// When the game began, in ms since 1970.
    public let startedMs: Int
    /// Every input, in the order the game took them.
    public let steps: [Step]
    /// The game's `game_over`.
    public let result: GameOver
    /// The version of the game's rules that dealt and judged it (1 in a replay from before
    /// versions were written): a server whose rules are another version cannot rebuild it
    /// step by step, since they might judge its moves otherwise.
    public let rules: Int

    /// Creates a record.
    public init(
        gameID: String, game: String, room: String, seed: Int, options: JSONObject, players: [String], startedMs: Int,
        steps: [Step], result: GameOver, rules: Int = 1
    ) {
        self.gameID = gameID
        self.game = game
        self.room = room
        self.seed = seed
        self.options = options
        self.players = players
        self.startedMs = startedMs
        self.steps = steps
        self.result = result
        self.rules = rules
    }
}

/// One point of a replay (`replay` with `step`): what the step caused and the room's state
/// after it, as one seat saw it then.
public struct ReplayFrame: Equatable, Sendable {
    /// The game's id.
    public let gameID: String
    /// 0 for the deal, n for after the nth step.
    public let step: Int
    /// The steps the game has.
    public let steps: Int
    /// Whose view `state` is.
    public let seat: Int
    /// The messages the step sent the room (a round revealed, a card flipped, …).
    public let events: [ServerMessage]
    /// The room after the step, as `seat` saw it.
    public let state: RoomState

    /// Creates a frame.
    public init(gameID: String, step: Int, steps: Int, seat: Int, events: [ServerMessage], state: RoomState) {
        self.gameID = gameID
        self.step = step
        self.steps = steps
        self.seat = seat
        self.events = events
        self.state = state
    }
}

// MARK: Writing

extension ServerMessage {
    /// Writes the fields of a replay message after its `type`.
    func writeReplayFields(into writer: inout JSONWriter) {
        switch self {
        case .replay(let replay, _): replay.write(into: &writer)
        case .replayFrame(let frame, _): frame.write(into: &writer)
        default: preconditionFailure("not a replay message")
        }
    }
}

extension GameReplay {
    fileprivate func write(into writer: inout JSONWriter) {
        writer.field("game_id", gameID)
        writer.field("game", game)
        writer.field("room", room)
        writer.field("seed", seed)
        writer.key("options")
        writer.value(.object(options))
        writer.field("players", strings: players)
        writer.field("started_ms", startedMs)
        writer.field("steps", array: steps) { writer, step in
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
        writer.raw(Array(ServerMessage.gameOver(result).encodedLine().dropLast()))
        writer.field("rules", rules)
    }
}

extension ReplayFrame {
    fileprivate func write(into writer: inout JSONWriter) {
        writer.field("game_id", gameID)
        writer.field("step", step)
        writer.field("steps", steps)
        writer.field("seat", seat)
        writer.field("events", array: events) { writer, event in
            writer.raw(Array(event.encodedLine().dropLast()))
        }
        writer.key("state")
        writer.raw(Array(ServerMessage.state(state).encodedLine().dropLast()))
    }
}

// MARK: Reading

extension ServerMessageDecoder {
    static let replayReaders: [(String, MessageReader)] = [
        ("replay", { fields throws(ServerDecodeFailure) in .replay(try GameReplay(fields), id: try fields.id()) }),
        ("replay_frame", { fields throws(ServerDecodeFailure) in .replayFrame(try ReplayFrame(fields), id: try fields.id()) }),
    ]
}

extension GameReplay {
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        let steps = try fields.objects("steps").map { step throws(ServerDecodeFailure) in try Step(step) }
        guard case .gameOver(let result) = try ServerMessageDecoder.decode(try fields.object("result").object) else {
            throw fields.failure("field 'result' must be a game_over")
        }
        self.init(
            gameID: try fields.string("game_id"), game: try fields.string("game"), room: try fields.string("room"),
            seed: try fields.int("seed"), options: try fields.object("options").object, players: try fields.strings("players"),
            startedMs: try fields.int("started_ms"), steps: steps, result: result, rules: try fields.optionalInt("rules") ?? 1)
    }
}

extension GameReplay.Step {
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        let kindName = try fields.string("kind")
        guard let kind = Kind(rawValue: kindName) else { throw fields.failure("unknown step kind '\(kindName)'") }
        var command: ClientCommand?
        if let object = try fields.optionalObject("command") {
            var line: [UInt8] = []
            JSONValue.object(object.object).write(into: &line)
            switch Result(catching: { () throws(DecodeFailure) in try ClientMessageDecoder.decode(line) }) {
            case .success(let request): command = request.command
            case .failure(let failure): throw fields.failure("a step's command does not read: \(failure.message)")
            }
        }
        let ns = try fields.optionalInt("ns").map { UInt64(max(0, $0)) }
        self.init(
            kind: kind, ms: try fields.int("ms"), ns: ns, seat: try fields.optionalInt("seat"), name: try fields.optionalString("name"),
            command: command)
    }
}

extension ReplayFrame {
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        var events: [ServerMessage] = []
        for event in try fields.objects("events") { events.append(try ServerMessageDecoder.decode(event.object)) }
        guard case .state(let state) = try ServerMessageDecoder.decode(try fields.object("state").object) else {
            throw fields.failure("field 'state' must be a state")
        }
        self.init(
            gameID: try fields.string("game_id"), step: try fields.int("step"), steps: try fields.int("steps"),
            seat: try fields.int("seat"), events: events, state: state)
    }
}

extension ClientCommand {
    /// A `replay`: `step` and `seat`, when given, are 0 or more.
    static func readReplay(_ fields: CommandFields) throws(DecodeFailure) -> ClientCommand {
        let game = try fields.string("game")
        let step = try fields.optionalInt("step")
        if let step, step < 0 { throw fields.failure("field 'step' must be 0 (the deal) or more, not \(step)") }
        let seat = try fields.optionalInt("seat")
        if let seat, seat < 0 { throw fields.failure("field 'seat' must be a seat number, 0 or more, not \(seat)") }
        return .replay(game: game, step: step, seat: seat)
    }
}
