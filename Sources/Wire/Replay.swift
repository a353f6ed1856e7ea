/// A finished game as `replay` returns it: how it was dealt, every input in order with who
/// sent it and when, and how it ended. Nothing in it is hidden: the game is over, and the
/// seed with the options rebuilds the deal.
public struct GameReplay: Equatable, Sendable {
    /// One input the game took.
    public struct Step: Equatable, Sendable {
        /// What happened: a player's command, a deadline that fired, or a player leaving for
        /// good, going away or coming back (the rules may care about each).
        public enum Kind: String, Sendable, CaseIterable {
            case move, deadline, left, away, back
        }
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
    public let game: String
    public let room: String
    /// The seed the game was dealt from.
    public let seed: Int
    /// The room's options.
    public let options: JSONObject
    /// The players by seat ("" for a seat nobody took).
    public let players: [String]
    /// When the game began, in ms since 1970.
    public let startedMs: Int
    public let steps: [Step]
    /// The game's `game_over`.
    public let result: GameOver

    public init(
        gameID: String, game: String, room: String, seed: Int, options: JSONObject, players: [String], startedMs: Int,
        steps: [Step], result: GameOver
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
    }
}

/// One point of a replay (`replay` with `step`): what the step caused and the room's state
/// after it, as one seat saw it then.
public struct ReplayFrame: Equatable, Sendable {
    public let gameID: String
    /// 0 for the deal, n for after the nth step.
    public let step: Int
    /// The steps the game has.
    public let steps: Int
    /// Whose view `state` is.
    public let seat: Int
    /// The messages the step sent the room (a round revealed, a card flipped, …).
    public let events: [ServerMessage]
    public let state: RoomState

    public init(gameID: String, step: Int, steps: Int, seat: Int, events: [ServerMessage], state: RoomState) {
        self.gameID = gameID
        self.step = step
        self.steps = steps
        self.seat = seat
        self.events = events
        self.state = state
    }
}
