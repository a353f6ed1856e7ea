import Wire

/// Where a room's game is: not started, under way, or ended.
public enum RoomPhase: Equatable, Sendable {
    case waiting
    case playing
    case over
    /// A phase this client does not know, as the server named it.
    case other(String)

    /// Reads the wire name.
    public init(_ name: String) {
        switch name {
        case "waiting": self = .waiting
        case "playing": self = .playing
        case "over": self = .over
        default: self = .other(name)
        }
    }

    /// The wire name.
    public var name: String {
        switch self {
        case .waiting: "waiting"
        case .playing: "playing"
        case .over: "over"
        case .other(let name): name
        }
    }
}

/// A seated player as `state` lists them.
public struct PlayerInfo: Equatable, Sendable {
    /// The player's name, unique in the room.
    public var name: String
    /// The seat, from 0.
    public var seat: Int
    /// The game's points.
    public var score: Int
    /// False while the player's connection is down (they may come back).
    public var connected: Bool

    /// Makes a player entry.
    public init(name: String, seat: Int, score: Int, connected: Bool) {
        self.name = name
        self.seat = seat
        self.score = score
        self.connected = connected
    }

    /// Reads one element of `players`; nil without a name.
    public init?(json: JSONObject) {
        guard let name = json.string("name") else { return nil }
        self.init(
            name: name, seat: json.int("seat") ?? 0, score: json.int("score") ?? 0,
            connected: json.bool("connected") ?? true)
    }
}

/// The game-specific part of a `state`, typed for the games this client draws.
public enum GameState: Equatable, Sendable {
    /// Set's board, deck and votes.
    case set(SetState)
    /// rock-paper-scissors' round, timer and reveal.
    case rps(RPSState)
    /// rps-brain's prompt, timer, answers and last reveal.
    case brain(BrainState)
    /// concentration's cards, turn and timer.
    case concentration(ConcentrationState)
    /// klondike: this viewer's own layout.
    case klondike(KlondikeState)
    /// A game without a typed model: the whole message, for the generic view.
    case other(JSONObject)
}

/// One `state` message, typed: the room's view as this client may see it.
public struct RoomState: Equatable, Sendable {
    /// The room code.
    public var room: String
    /// The game name (`set`, `rps`, …).
    public var game: String
    /// Grows by one per change of the room.
    public var seq: Int
    /// Not started, playing, or over.
    public var phase: RoomPhase
    /// Seated players in seat order.
    public var players: [PlayerInfo]
    /// How many watch.
    public var spectators: Int
    /// The game's own fields.
    public var details: GameState

    /// Reads a `state` message; nil without a room code or game name.
    public init?(json: JSONObject) {
        guard let room = json.string("room"), let game = json.string("game") else { return nil }
        self.room = room
        self.game = game
        seq = json.int("seq") ?? 0
        phase = RoomPhase(json.string("phase") ?? "waiting")
        players = json.objects("players").compactMap(PlayerInfo.init(json:))
        spectators = json.int("spectators") ?? 0
        switch game {
        case "set": details = .set(SetState(json: json))
        case "rps": details = .rps(RPSState(json: json))
        case "rps-brain": details = .brain(BrainState(json: json))
        case "concentration": details = .concentration(ConcentrationState(json: json))
        case "klondike": details = .klondike(KlondikeState(json: json))
        default: details = .other(json)
        }
    }

    /// The player of this name, if seated.
    public func player(named name: String?) -> PlayerInfo? {
        players.first { $0.name == name }
    }
}
