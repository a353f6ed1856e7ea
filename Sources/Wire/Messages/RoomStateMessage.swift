// `state`: one member's view of a room after every change; the fields every game shares,
// then the game's own (each game's file writes and reads those).

/// Where a room's game stands.
public enum Phase: String, Sendable {
    /// Before the game: players gather, and `start` begins it.
    case waiting
    /// The game is under way.
    case playing
    /// The game has ended; `start` offers a rematch.
    case over
}

/// A seated player as `state` shows them.
public struct PlayerEntry: Equatable, Sendable {
    /// The player's name.
    public let name: String
    /// The seat, from 0.
    public let seat: Int
    /// The player's points in this game.
    public let score: Int
    /// Whether the player's connection is up (false while away).
    public let connected: Bool
    /// Whether the player is signed in to a bot's account (`"bot":true`, written only then).
    public let bot: Bool
    /// In a room created `rated`: the account's rating for the room's game (`rating`, one
    /// decimal, and `provisional`); nil for a guest and in other rooms.
    public let rating: ShownRating?
    /// Whether the player resigned the game under way, or the last one (`"resigned":true`,
    /// written only then): out of it, and its loser.
    public let resigned: Bool
    /// Creates a player entry.
    public init(name: String, seat: Int, score: Int, connected: Bool, bot: Bool = false, rating: ShownRating? = nil, resigned: Bool = false) {
        self.name = name
        self.seat = seat
        self.score = score
        self.connected = connected
        self.bot = bot
        self.rating = rating
        self.resigned = resigned
    }
}

/// A rating as players see it beside a name: the number to one decimal, and whether it is
/// provisional (its deviation is 110 or more: clients show it with "?").
public struct ShownRating: Equatable, Sendable {
    /// The rating, to one decimal.
    public let rating: Double
    /// Whether the deviation is still 110 or more.
    public let provisional: Bool
    /// Creates a shown rating.
    public init(rating: Double, provisional: Bool) {
        self.rating = rating
        self.provisional = provisional
    }
}

/// The `state` message: one viewer's view of a room.
public struct RoomState: Equatable, Sendable {
    /// The room's code.
    public let room: String
    /// The game's wire name; it says which ``GameFields`` follow.
    public let game: String
    /// Grows by one with every `state` the room sends, so a client can tell which is newest.
    public let seq: Int
    /// Where the room's game stands.
    public let phase: Phase
    /// The taken seats, in seat order.
    public let players: [PlayerEntry]
    /// How many watch without a seat.
    public let spectators: Int
    /// How many seats the room has (`players` lists the taken ones); nil from a server that does not say.
    public let seats: Int?
    /// After a game: the seated players who offered a rematch, in seat order (empty otherwise).
    public let rematchVotes: [String]
    /// While a game dealt from a secret seed is under way or over: SHA-256 (lowercase hex) of
    /// the seed's decimal digits, the same for every member from the first state of the game;
    /// `game_over` reveals the seed, and a player checks it against this. nil otherwise.
    public let seedCommitment: String?
    /// What changed the room to this `seq`; nil from a server that does not say.
    public let cause: StateCause?
    /// In a room created with `"rated":true`: whether its game (under way, over, or as it would
    /// begin with the seats as they are) is rated. nil (absent) in other rooms: casual.
    public let rated: Bool?
    /// While a game is under way and nobody has moved in it yet: `abort` would end it as no
    /// result (`"abortable":true`, written only then).
    public let abortable: Bool
    /// The game's own fields, written after the common ones.
    public let gameFields: GameFields
    /// Creates a state message.
    public init(
        room: String, game: String, seq: Int, phase: Phase, players: [PlayerEntry], spectators: Int, seats: Int? = nil,
        rematchVotes: [String] = [], seedCommitment: String? = nil, cause: StateCause? = nil, rated: Bool? = nil, abortable: Bool = false,
        gameFields: GameFields
    ) {
        self.rated = rated
        self.abortable = abortable
        self.seedCommitment = seedCommitment
        self.cause = cause
        self.seats = seats
        self.room = room
        self.game = game
        self.seq = seq
        self.phase = phase
        self.players = players
        self.spectators = spectators
        self.rematchVotes = rematchVotes
        self.gameFields = gameFields
    }
}

/// What made a room send a `state` (its `cause`): one player's command, named by its
/// `type`, or something that happened to the room. The same for every member of the room,
/// so a bot tells the state that shows its own move from one a rival's move caused.
public struct StateCause: Equatable, Sendable {
    /// The kinds of cause protocol 1 names; a newer server may add others.
    public enum Kind: String, Sendable, CaseIterable {
        /// A player's command: `player` sent `command` (`claim`, `move`, `join`, `start`, …).
        case command
        /// The game's clock ran out (a round, a turn, a deal vote).
        case deadline
        /// `player`'s connection dropped; the seat is kept for the grace period.
        case away
        /// `player` came back (a resume with their token).
        case back
        /// `player` did not come back within the grace period and left the room.
        case gone
        /// The game began by itself: its deal was ready (searched off the loop), or the disk
        /// took its record again after refusing it.
        case begin
        /// The server restarted and restored the room from its log; what changed it last
        /// before the restart is not known.
        case restart
    }

    /// The kind, as the wire spells it (``Kind`` names the ones protocol 1 has).
    public let kind: String
    /// The player who sent the command, went away, came back or left; nil otherwise.
    public let player: String?
    /// The command's `type`, for ``Kind/command``; nil otherwise.
    public let command: String?

    /// Creates a cause as the wire has it.
    public init(kind: String, player: String? = nil, command: String? = nil) {
        self.kind = kind
        self.player = player
        self.command = command
    }

    /// `player` sent a command of type `command`.
    public static func command(_ command: String, by player: String) -> StateCause {
        StateCause(kind: Kind.command.rawValue, player: player, command: command)
    }

    /// Something that happened to `player`, or to the room (nil).
    public static func event(_ kind: Kind, player: String? = nil) -> StateCause {
        StateCause(kind: kind.rawValue, player: player)
    }
}

/// The game-specific part of `state`.
public enum GameFields: Equatable, Sendable {
    /// An rps room's.
    case rps(RPSFields)
    /// A set room's.
    case set(SetFields)
    /// An rps-brain room's.
    case brain(BrainFields)
    /// A concentration room's.
    case concentration(ConcentrationFields)
    /// A klondike room's.
    case klondike(KlondikeFields)
    /// The fields of a game this reader does not know, in the order they came: a
    /// client built before a game was added still shows its state, generically.
    case unknown(JSONObject)
}

// MARK: Writing

extension RoomState {
    /// Writes the fields of a `state` after its `type`: the common ones, then the game's.
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
            if player.bot { writer.field("bot", true) }
            if let rating = player.rating {
                writer.field("rating", number: rating.rating)
                writer.field("provisional", rating.provisional)
            }
            if player.resigned { writer.field("resigned", true) }
            writer.closeObject()
        }
        writer.field("spectators", spectators)
        if let seats { writer.field("seats", seats) }
        writer.field("rematch_votes", strings: rematchVotes)
        if let seedCommitment { writer.field("seed_sha256", seedCommitment) }
        if let rated { writer.field("rated", rated) }
        if abortable { writer.field("abortable", true) }
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

// MARK: Reading

extension ServerMessageDecoder {
    static let stateReaders: [(String, MessageReader)] = [
        ("state", { fields throws(ServerDecodeFailure) in .state(try RoomState(fields)) }),
    ]
}

extension RoomState {
    /// The fields every `state` has before the game's own.
    private static let commonKeys: Set<String> = ["type", "room", "game", "seq", "phase", "players", "spectators", "seats", "rematch_votes", "seed_sha256", "cause", "rated", "abortable", "id"]

    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        let room = try fields.string("room")
        let game = try fields.string("game")
        let seq = try fields.int("seq")
        let phase = try fields.phase("phase")
        let players = try fields.objects("players").map { player throws(ServerDecodeFailure) in
            PlayerEntry(
                name: try player.string("name"), seat: try player.int("seat"), score: try player.int("score"),
                connected: try player.bool("connected"), bot: try player.optionalBool("bot") ?? false,
                rating: try player.optionalNumber("rating").map { rating throws(ServerDecodeFailure) in
                    ShownRating(rating: rating, provisional: try player.optionalBool("provisional") ?? false)
                },
                resigned: try player.optionalBool("resigned") ?? false)
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
            rated: try fields.optionalBool("rated"), abortable: try fields.optionalBool("abortable") ?? false, gameFields: gameFields)
    }
}

extension FieldReader {
    /// A room's `phase`: waiting, playing or over.
    func phase(_ key: String) throws(Failure) -> Phase {
        let name = try string(key)
        guard let phase = Phase(rawValue: name) else {
            throw failure("field '\(key)' must be \"waiting\", \"playing\" or \"over\", not \"\(name)\"")
        }
        return phase
    }
}
