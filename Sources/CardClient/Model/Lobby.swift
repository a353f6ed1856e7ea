import Wire

/// A public room as `rooms` lists it.
public struct LobbyRoom: Equatable, Sendable {
    /// The room code.
    public var code: String
    /// The game name.
    public var game: String
    /// Seated players' names.
    public var players: [String]
    /// Seats in the room.
    public var seats: Int
    /// Phase name (`waiting`, `playing`, `over`).
    public var phase: String
    /// How many watch.
    public var spectators: Int

    /// Makes a lobby entry.
    public init(code: String, game: String, players: [String], seats: Int, phase: String, spectators: Int) {
        self.code = code
        self.game = game
        self.players = players
        self.seats = seats
        self.phase = phase
        self.spectators = spectators
    }

    /// Reads one element of `rooms`; nil without a code.
    public init?(json: JSONObject) {
        guard let code = json.string("room") else { return nil }
        self.init(
            code: code, game: json.string("game") ?? "?", players: json.strings("players"),
            seats: json.int("seats") ?? 0, phase: json.string("phase") ?? "?", spectators: json.int("spectators") ?? 0)
    }
}

/// The lobby: the public rooms and which one the cursor is on.
public struct Lobby: Equatable, Sendable {
    /// Public rooms, oldest first.
    public var rooms: [LobbyRoom] = []
    /// The index of the chosen room (0 when there are none).
    public var cursor = 0

    /// Makes an empty lobby.
    public init() {}

    /// The room under the cursor.
    public var chosen: LobbyRoom? { rooms.indices.contains(cursor) ? rooms[cursor] : nil }

    /// Replaces the list, keeping the cursor on the same room when it is still there.
    public mutating func update(_ newRooms: [LobbyRoom]) {
        let chosenCode = chosen?.code
        rooms = newRooms
        cursor = newRooms.firstIndex { $0.code == chosenCode } ?? min(cursor, max(0, newRooms.count - 1))
    }

    /// Moves the cursor by `delta`, staying on the list.
    public mutating func move(by delta: Int) {
        cursor = max(0, min(rooms.count - 1, cursor + delta))
    }
}
